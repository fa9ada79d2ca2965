import LottieModel

// MARK: - Compositing with blend modes
//
// A layer buffer S is composited onto the target D (both premultiplied, `PremultipliedPixel`;
// normal blending in integers, the others in Float) with the W3C
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
                for x in columns {
                    let s = from[x]
                    if s == 0 { continue }
                    let blended = Self.blend(PremultipliedPixel.color(s) * opacity, PremultipliedPixel.color(to[x]),
                                             operation)
                    to[x] = PremultipliedPixel.word(blended)
                }
            }
        }
    }

    @inline(__always)
    static func blend(_ s: SIMD4<Float>, _ d: SIMD4<Float>, _ operation: BlendOperation) -> SIMD4<Float> {
        let sa = s.w
        let da = d.w
        if da <= 0 { return s }
        let cs = SIMD3(s.x, s.y, s.z) / sa
        let cd = SIMD3(d.x, d.y, d.z) / da
        let mixed = SIMD3(operation.channel(cs.x, cd.x), operation.channel(cs.y, cd.y), operation.channel(cs.z, cd.z))
        let rgb = SIMD3(s.x, s.y, s.z) * (1 - da) + SIMD3(d.x, d.y, d.z) * (1 - sa) + mixed * (sa * da)
        return SIMD4(rgb, sa + da - sa * da)
    }
}

// MARK: - BlendOperation

/// The separable blend modes as a plain enum (the per-pixel loop should not look up the model's
/// static constants).
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

    /// B(Cs, Cd) for one channel.
    @inline(__always)
    func channel(_ cs: Float, _ cd: Float) -> Float {
        switch self {
        case .normal: return cs
        case .multiply: return cs * cd
        case .screen: return cs + cd - cs * cd
        case .overlay: return Self.hardLight(cd, cs)
        case .darken: return Swift.min(cs, cd)
        case .lighten: return Swift.max(cs, cd)
        case .colorDodge:
            if cd <= 0 { return 0 }
            return cs >= 1 ? 1 : Swift.min(1, cd / (1 - cs))
        case .colorBurn:
            if cd >= 1 { return 1 }
            return cs <= 0 ? 0 : 1 - Swift.min(1, (1 - cd) / cs)
        case .hardLight: return Self.hardLight(cs, cd)
        case .softLight:
            if cs <= 0.5 { return cd - (1 - 2 * cs) * cd * (1 - cd) }
            let d = cd <= 0.25 ? ((16 * cd - 12) * cd + 4) * cd : cd.squareRoot()
            return cd + (2 * cs - 1) * (d - cd)
        case .difference: return Swift.abs(cs - cd)
        case .exclusion: return cs + cd - 2 * cs * cd
        case .add: return Swift.min(1, cs + cd)
        }
    }

    @inline(__always)
    private static func hardLight(_ cs: Float, _ cd: Float) -> Float {
        cs <= 0.5 ? 2 * cs * cd : 1 - 2 * (1 - cs) * (1 - cd)
    }
}
