import LottieModel

// MARK: - Compositing with blend modes
//
// A layer buffer S is composited onto the target D (both premultiplied, `PremultipliedPixel`;
// normal blending in integers, the others in Float, four pixels a vector) with the W3C
// "Compositing and Blending" formula for separable modes:
//
//     result.rgb = S.rgb * (1 - D.a) + D.rgb * (1 - S.a) + S.a * D.a * B(Cs, Cd)
//     result.a   = S.a + D.a - S.a * D.a
//
// with Cs, Cd the un-premultiplied colours. `normal` (B = Cs) reduces to source-over. Add is
// linear dodge, B = min(1, Cs + Cd). The non-separable modes (hue, saturation, color, luminosity)
// and hard mix are drawn as normal and reported.

extension LayerCompositor {
    /// The blend mode as drawn: unsupported modes become normal (and are reported).
    func supportedBlendMode(_ mode: BlendMode, at jsonPath: String) -> BlendMode {
        switch mode {
        case .normal, .multiply, .screen, .overlay, .darken, .lighten, .colorDodge, .colorBurn, .hardLight,
             .softLight, .difference, .exclusion, .add:
            return mode
        default:
            note("blend mode \(mode) (drawn as normal)", at: jsonPath)
            return .normal
        }
    }

    func composite(_ source: PixelBuffer, into target: PixelBuffer, opacity: Float, mode: BlendMode) {
        let region = source.dirty.intersection(bounds)
        guard !region.isEmpty, opacity > 0 else { return }
        target.dirty = target.dirty.union(region)
        let operation = BlendOperation(mode)
        let factor = PremultipliedPixel.factor(opacity)
        for y in region.minY..<region.maxY {
            // Only the columns the source painted in this row.
            let columns = source.paintedColumns(row: y)
            guard !columns.isEmpty else { continue }
            target.markPainted(row: y, from: columns.lowerBound, to: columns.upperBound)
            let from = source.pixels + y * width
            let to = target.pixels + y * width
            if operation == .normal {
                // Four pixels at a time; transparent ones leave the target.
                let factors = SIMD4<UInt32>(repeating: factor)
                var x = columns.lowerBound
                while x + 4 <= columns.upperBound {
                    let s = UnsafeRawPointer(from + x).loadUnaligned(as: SIMD4<UInt32>.self)
                    if s != .zero {
                        let target = UnsafeMutableRawPointer(to + x)
                        let d = target.loadUnaligned(as: SIMD4<UInt32>.self)
                        let scaled = factor == 255 ? s : PremultipliedPixel.scaled(s, by: factors)
                        target.storeBytes(of: PremultipliedPixel.over(scaled, d), as: SIMD4<UInt32>.self)
                    }
                    x += 4
                }
                while x < columns.upperBound {
                    let s = from[x]
                    if s != 0 { to[x] = PremultipliedPixel.over(PremultipliedPixel.scaled(s, by: factor), to[x]) }
                    x += 1
                }
            } else {
                // Four pixels at a time, the last few padded with transparent ones (which leave
                // the target, as they do in the loop above).
                var x = columns.lowerBound
                while x < columns.upperBound {
                    let count = Swift.min(4, columns.upperBound - x)
                    var s = SIMD4<UInt32>.zero
                    var d = SIMD4<UInt32>.zero
                    for lane in 0..<count {
                        s[lane] = from[x + lane]
                        d[lane] = to[x + lane]
                    }
                    if s != .zero {
                        let blended = Self.blend(s, onto: d, opacity: opacity, operation)
                        for lane in 0..<count { to[x + lane] = blended[lane] }
                    }
                    x += count
                }
            }
        }
    }

    /// Four source pixels, scaled by `opacity`, blended onto four destination pixels by the
    /// formula of the file comment, in Float, one channel of four pixels a vector. Lanes whose
    /// source is transparent keep their destination; where the destination is transparent the
    /// result is the source.
    @inline(__always)
    static func blend(_ source: SIMD4<UInt32>, onto destination: SIMD4<UInt32>, opacity: Float,
                      _ operation: BlendOperation) -> SIMD4<UInt32> {
        typealias Pixel = PremultipliedPixel
        let unit: Float = 1 / 255
        let sa = Pixel.values(source, byte: 3) * unit * opacity
        let da = Pixel.values(destination, byte: 3) * unit
        let both = sa * da
        let bare = .!(da .> 0)
        // One colour channel, S.c * (1 - D.a) + D.c * (1 - S.a) + S.a * D.a * B(Cs, Cd), in 0...255.
        @inline(__always)
        func channel(_ byte: UInt32) -> SIMD4<Float> {
            let s = Pixel.values(source, byte: byte) * unit * opacity
            let d = Pixel.values(destination, byte: byte) * unit
            let mixed = operation.channels(s / sa, d / da)
            let result = s * (1 - da) + d * (1 - sa) + mixed * both
            return result.replacing(with: s, where: bare) * 255
        }
        var alpha = (sa + da - both).replacing(with: sa, where: bare) * 255
        alpha.replace(with: 0, where: .!(alpha .> 0))
        alpha.replace(with: 255, where: alpha .> 255)
        // Clamped to 0...255 and to alpha, as `PremultipliedPixel.word` does.
        @inline(__always)
        func clamped(_ value: SIMD4<Float>) -> SIMD4<Float> {
            var value = value.replacing(with: 0, where: .!(value .> 0))
            value.replace(with: 255, where: value .> 255)
            return value.replacing(with: alpha, where: value .> alpha)
        }
        let words = Pixel.words(red: clamped(channel(0)), green: clamped(channel(1)), blue: clamped(channel(2)),
                                alpha: alpha)
        return words.replacing(with: destination, where: source .== 0)
    }
}

// MARK: - BlendOperation

/// The separable blend modes the compositor draws, as a plain enum for the per-pixel loop
/// (without the model's other modes and its `unknown` payload).
enum BlendOperation {
    case normal, multiply, screen, overlay, darken, lighten, colorDodge, colorBurn, hardLight, softLight
    case difference, exclusion, add

    init(_ mode: BlendMode) {
        switch mode {
        case .multiply: self = .multiply
        case .screen: self = .screen
        case .overlay: self = .overlay
        case .darken: self = .darken
        case .lighten: self = .lighten
        case .colorDodge: self = .colorDodge
        case .colorBurn: self = .colorBurn
        case .hardLight: self = .hardLight
        case .softLight: self = .softLight
        case .difference: self = .difference
        case .exclusion: self = .exclusion
        case .add: self = .add
        default: self = .normal
        }
    }

    /// B(Cs, Cd) for one channel of four pixels.
    @inline(__always)
    func channels(_ cs: SIMD4<Float>, _ cd: SIMD4<Float>) -> SIMD4<Float> {
        let one = SIMD4<Float>(repeating: 1)
        switch self {
        case .normal: return cs
        case .multiply: return cs * cd
        case .screen: return cs + cd - cs * cd
        case .overlay: return Self.hardLight(cd, cs)
        case .darken: return cs.replacing(with: cd, where: cd .< cs)
        case .lighten: return cs.replacing(with: cd, where: cd .>= cs)
        case .colorDodge:
            // 0 where Cd is 0, else 1 where Cs is 1, else min(1, Cd / (1 - Cs)).
            let quotient = cd / (1 - cs)
            var result = one.replacing(with: quotient, where: quotient .< 1)
            result.replace(with: 1, where: cs .>= 1)
            return result.replacing(with: 0, where: cd .<= 0)
        case .colorBurn:
            // 1 where Cd is 1, else 0 where Cs is 0, else 1 - min(1, (1 - Cd) / Cs).
            let quotient = (1 - cd) / cs
            var result = 1 - one.replacing(with: quotient, where: quotient .< 1)
            result.replace(with: 0, where: cs .<= 0)
            return result.replacing(with: 1, where: cd .>= 1)
        case .hardLight: return Self.hardLight(cs, cd)
        case .softLight:
            let darker = cd - (1 - 2 * cs) * cd * (1 - cd)
            let roots = SIMD4(cd[0].squareRoot(), cd[1].squareRoot(), cd[2].squareRoot(), cd[3].squareRoot())
            let d = roots.replacing(with: ((16 * cd - 12) * cd + 4) * cd, where: cd .<= 0.25)
            let lighter = cd + (2 * cs - 1) * (d - cd)
            return lighter.replacing(with: darker, where: cs .<= 0.5)
        case .difference:
            let difference = cs - cd
            return difference.replacing(with: -difference, where: difference .< 0)
        case .exclusion: return cs + cd - 2 * cs * cd
        case .add:
            let sum = cs + cd
            return one.replacing(with: sum, where: sum .< 1)
        }
    }

    @inline(__always)
    private static func hardLight(_ cs: SIMD4<Float>, _ cd: SIMD4<Float>) -> SIMD4<Float> {
        let screened = 1 - 2 * (1 - cs) * (1 - cd)
        return screened.replacing(with: 2 * cs * cd, where: cs .<= 0.5)
    }
}
