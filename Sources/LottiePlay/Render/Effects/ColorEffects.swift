// MARK: - ColorEffects

/// The layer effects that change each pixel's colour on its own (FORMAT.md "Layer effects"):
/// Pro Levels through a table per channel, and Fill, Tint and Tritone, each `keep` of the pixel's straight colour plus `1 - keep` of
/// a colour picked by its Rec. 709 luminance `L = 0.2126 r + 0.7152 g + 0.0722 b` (as Skottie and
/// ThorVG pick it), its alpha times `alphaScale`; the picks are tabled over `L` in
/// `tableSize` steps. Transparent pixels stay transparent.
enum ColorEffects {
    /// How many luminance steps the table of picked colours has: a step of at most 1/1024 of the
    /// colours' distance, a quarter of a byte.
    static let tableSize = 1024

    /// Applies `effect` to every painted pixel of `buffer`; false (nothing done) when `effect`
    /// is not a colour effect.
    @discardableResult
    static func apply(_ effect: SceneEffect, to buffer: PixelBuffer) -> Bool {
        let pick: (Float) -> SIMD3<Float>
        let keep: Float, alphaScale: Float
        switch effect {
        case .fill(let color, let opacity):
            let rgb = straight(color)
            (pick, keep, alphaScale) = ({ _ in rgb }, 0, Float(opacity * color.alpha))
        case .tint(let black, let white, let amount):
            let (low, high) = (straight(black), straight(white))
            (pick, keep, alphaScale) = ({ low + (high - low) * $0 }, Float(1 - amount), 1)
        case .tritone(let highlights, let midtones, let shadows, let original):
            let (bright, middle, dark) = (straight(highlights), straight(midtones), straight(shadows))
            pick = { $0 < 0.5 ? dark + (middle - dark) * (2 * $0) : middle + (bright - middle) * (2 * $0 - 1) }
            (keep, alphaScale) = (Float(original), 1)
        case .levels(let composite, let red, let green, let blue, let alpha):
            levels(buffer, tables: levelsTables(composite, red, green, blue, alpha))
            return true
        case .dropShadow, .gaussianBlur, .boxBlur, .transform, .stroke:
            return false
        }
        let steps = Float(tableSize - 1)
        let table = (0..<tableSize).map { step in
            let rgb = pick(Float(step) / steps) * (1 - keep)
            return SIMD4(rgb.x, rgb.y, rgb.z, 1)
        }
        map(buffer, table: table, keep: keep, alphaScale: alphaScale)
        return true
    }

    /// Per channel, the 256 levels of a byte of straight colour (or of alpha) through the curves:
    /// the composite then the channel's for red, green and blue; the alpha's for alpha.
    static func levelsTables(_ composite: SceneEffect.LevelsCurve, _ red: SceneEffect.LevelsCurve,
                             _ green: SceneEffect.LevelsCurve, _ blue: SceneEffect.LevelsCurve,
                             _ alpha: SceneEffect.LevelsCurve) -> [SIMD4<Float>] {
        (0..<256).map { level in
            let x = Double(level) / 255, mixed = composite(x)
            return SIMD4(Float(red(mixed)), Float(green(mixed)), Float(blue(mixed)), Float(alpha(x)))
        }
    }

    /// Each painted pixel's straight colour bytes and alpha through `tables` (0...1 out).
    private static func levels(_ buffer: PixelBuffer, tables: [SIMD4<Float>]) {
        let dirty = buffer.dirty
        guard !dirty.isEmpty else { return }
        for y in dirty.minY..<dirty.maxY {
            let row = buffer.pixels + y * buffer.width
            for x in buffer.paintedColumns(row: y) {
                let pixel = SIMD4<Float>(PremultipliedPixel.bytes(row[x]))
                let alpha = tables[Int(pixel.w)].w
                // A transparent pixel has no colour: its levels are those of black.
                let straight = pixel.w > 0 ? pixel * (255 / pixel.w) : .zero
                func level(_ value: Float) -> Int { Int(Swift.min(Swift.max(value, 0), 255) + 0.5) }
                let color = SIMD4(tables[level(straight.x)].x, tables[level(straight.y)].y,
                                  tables[level(straight.z)].z, 1)
                row[x] = PremultipliedPixel.word(color * alpha)
            }
        }
    }

    private static func straight(_ color: RGBAColor) -> SIMD3<Float> {
        SIMD3(Float(color.red), Float(color.green), Float(color.blue))
    }

    /// Each painted, non-transparent pixel `p` (premultiplied, alpha `a`, 0...255) becomes
    /// `(keep p + a table[L]) alphaScale`, its alpha `a alphaScale`.
    private static func map(_ buffer: PixelBuffer, table: [SIMD4<Float>], keep: Float, alphaScale: Float) {
        let dirty = buffer.dirty
        guard !dirty.isEmpty else { return }
        let weights = SIMD4<Float>(0.2126, 0.7152, 0.0722, 0)
        let kept = SIMD4<Float>(keep, keep, keep, 0)
        let steps = Float(table.count - 1)
        for y in dirty.minY..<dirty.maxY {
            let row = buffer.pixels + y * buffer.width
            for x in buffer.paintedColumns(row: y) where row[x] != 0 {
                let pixel = SIMD4<Float>(PremultipliedPixel.bytes(row[x]))
                let alpha = pixel.w
                guard alpha > 0 else { continue }
                // L of the straight colour, as a step of the table.
                let level = Swift.min(Swift.max((pixel * weights).sum() / alpha, 0), 1)
                let picked = table[Int(level * steps + 0.5)]
                row[x] = PremultipliedPixel.word((pixel * kept + picked * alpha) * (alphaScale / 255))
            }
        }
    }
}
