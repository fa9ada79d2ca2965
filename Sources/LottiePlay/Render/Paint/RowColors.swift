// MARK: - RowColors
//
// The colours a shader puts along a span, four pixels at a time, as small values that the
// painter's loop (`PixelBuffer.paintColors`) is generic over: each kind gets its own loop with its
// arithmetic inlined, where a closure would be called once per four pixels.

/// The colours a shader puts at the pixels of a span, four at a time.
protocol RowColors {
    /// The premultiplied words of pixels `index ..< index + 4` of the span.
    func colors(_ index: Int) -> SIMD4<UInt32>
}

/// One colour everywhere.
struct SameColors: RowColors {
    let words: SIMD4<UInt32>

    @inline(__always)
    func colors(_ index: Int) -> SIMD4<UInt32> { words }
}

/// A gradient's colour table (`GradientShader.words`, `GradientShader.tableSize` entries), read
/// at four values of t; the caller keeps the table alive while it is read.
struct GradientTable {
    let words: UnsafePointer<UInt32>

    /// The colours at four values of t, clamped to 0...1 (NaN counts as 0), each from the nearest
    /// entry.
    ///
    /// Adding 1.5 * 2^52 to a Double in 0...2^31 leaves it rounded to the nearest integer in the
    /// low bits of its bit pattern: an index without the range checks of `Int(_:)` (the table size
    /// is a power of two, so masking keeps it in the table).
    @inline(__always)
    func colors(_ t: SIMD4<Double>) -> SIMD4<UInt32> {
        var clamped = t.replacing(with: 0, where: .!(t .> 0))
        clamped.replace(with: 1, where: clamped .> 1)
        let entries = clamped * Double(GradientShader.tableSize - 1) + 6_755_399_441_055_744
        @inline(__always)
        func entry(_ lane: Int) -> UInt32 {
            words[Int(truncatingIfNeeded: entries[lane].bitPattern & UInt64(GradientShader.tableSize - 1))]
        }
        return SIMD4(entry(0), entry(1), entry(2), entry(3))
    }
}

/// A linear gradient along a row: t starts at `t0` and moves by `dt` a pixel.
struct LinearColors: RowColors {
    let table: GradientTable
    let t0: Double
    let dt: Double

    @inline(__always)
    func colors(_ index: Int) -> SIMD4<UInt32> {
        table.colors(t0 + (SIMD4<Double>(0, 1, 2, 3) + Double(index)) * dt)
    }
}

/// A radial gradient along a row: d (the point less centre and focal offset) starts at `d0` and
/// moves by `step` a pixel, b by `db` (`GradientShader.radialParameter`).
struct RadialColors: RowColors {
    let table: GradientTable
    let d0: SIMD2<Double>
    let step: SIMD2<Double>
    let b0: Double
    let db: Double
    let a: Double
    let inverseA: Double

    init(table: GradientTable, d0: SIMD2<Double>, step: SIMD2<Double>, b0: Double, db: Double, a: Double) {
        self.table = table
        self.d0 = d0
        self.step = step
        self.b0 = b0
        self.db = db
        self.a = a
        inverseA = 1 / a
    }

    @inline(__always)
    func colors(_ index: Int) -> SIMD4<UInt32> {
        let i = SIMD4<Double>(0, 1, 2, 3) + Double(index)
        return table.colors(GradientShader.radialParameter(dx: d0.x + step.x * i, dy: d0.y + step.y * i,
                                                           b: b0 + db * i, a: a, inverseA: inverseA))
    }
}
