// MARK: - Lane conversions
//
// Widening, narrowing, clamping and interleaving eight SIMD lanes, for the IDCT, the upsampling and the colour
// conversion. The standard library's generic conversions (`init(truncatingIfNeeded:)`,
// `clamped(lowerBound:upperBound:)`) become out-of-line calls once the module is compiled in several
// parts (as a release build of the package is), which made decoding half again slower; written lane by
// lane here and always inlined, they compile to a few vector instructions wherever they are used.

enum JPEGLanes {
    @inline(__always)
    static func int32(_ v: SIMD8<Int16>) -> SIMD8<Int32> {
        SIMD8(Int32(v[0]), Int32(v[1]), Int32(v[2]), Int32(v[3]), Int32(v[4]), Int32(v[5]), Int32(v[6]), Int32(v[7]))
    }

    @inline(__always)
    static func int32(_ v: SIMD8<UInt8>) -> SIMD8<Int32> {
        SIMD8(Int32(v[0]), Int32(v[1]), Int32(v[2]), Int32(v[3]), Int32(v[4]), Int32(v[5]), Int32(v[6]), Int32(v[7]))
    }

    /// Lanes `first` to `first + 7` (`first` 0...8).
    @inline(__always)
    static func uint16(_ v: SIMD16<UInt8>, from first: Int) -> SIMD8<UInt16> {
        SIMD8(UInt16(v[first]), UInt16(v[first + 1]), UInt16(v[first + 2]), UInt16(v[first + 3]), UInt16(v[first + 4]),
              UInt16(v[first + 5]), UInt16(v[first + 6]), UInt16(v[first + 7]))
    }

    /// The low 16 bits of each lane.
    @inline(__always)
    static func int16(truncating v: SIMD8<Int32>) -> SIMD8<Int16> {
        SIMD8(Int16(truncatingIfNeeded: v[0]), Int16(truncatingIfNeeded: v[1]), Int16(truncatingIfNeeded: v[2]),
              Int16(truncatingIfNeeded: v[3]), Int16(truncatingIfNeeded: v[4]), Int16(truncatingIfNeeded: v[5]),
              Int16(truncatingIfNeeded: v[6]), Int16(truncatingIfNeeded: v[7]))
    }

    /// Each lane clamped to 0...255, as a byte.
    @inline(__always)
    static func bytes(clamping v: SIMD8<Int16>) -> SIMD8<UInt8> {
        // Negative lanes to 0 (their sign spread over the lane masks them out), then lanes above
        // 255 to all ones (255 − v is negative), of which the low byte is kept.
        let low = v & ~(v &>> 15)
        let clamped = low | (SIMD8(repeating: 255) &- low) &>> 15
        return SIMD8(UInt8(truncatingIfNeeded: clamped[0]), UInt8(truncatingIfNeeded: clamped[1]),
                     UInt8(truncatingIfNeeded: clamped[2]), UInt8(truncatingIfNeeded: clamped[3]),
                     UInt8(truncatingIfNeeded: clamped[4]), UInt8(truncatingIfNeeded: clamped[5]),
                     UInt8(truncatingIfNeeded: clamped[6]), UInt8(truncatingIfNeeded: clamped[7]))
    }

    /// Each lane clamped to 0...255.
    @inline(__always)
    static func clamp255(_ v: SIMD8<Int32>) -> SIMD8<UInt32> {
        let low = v & ~(v &>> 31)
        let clamped = (low | (SIMD8(repeating: 255) &- low) &>> 31) & SIMD8(repeating: 255)
        return SIMD8(UInt32(truncatingIfNeeded: clamped[0]), UInt32(truncatingIfNeeded: clamped[1]),
                     UInt32(truncatingIfNeeded: clamped[2]), UInt32(truncatingIfNeeded: clamped[3]),
                     UInt32(truncatingIfNeeded: clamped[4]), UInt32(truncatingIfNeeded: clamped[5]),
                     UInt32(truncatingIfNeeded: clamped[6]), UInt32(truncatingIfNeeded: clamped[7]))
    }

    // MARK: Interleaving, for the IDCT's transpose
    //
    // The 32- and 64-bit steps reinterpret the eight 16-bit lanes as four or two wider ones
    // (`unsafeBitCast` between vector types of the same size, which it checks, as
    // `PremultipliedPixel` does), which compilers turn into single interleaving instructions.

    @inline(__always)
    static func interleaveLow16(_ a: SIMD8<Int16>, _ b: SIMD8<Int16>) -> SIMD8<Int16> {
        SIMD8(a[0], b[0], a[1], b[1], a[2], b[2], a[3], b[3])
    }

    @inline(__always)
    static func interleaveHigh16(_ a: SIMD8<Int16>, _ b: SIMD8<Int16>) -> SIMD8<Int16> {
        SIMD8(a[4], b[4], a[5], b[5], a[6], b[6], a[7], b[7])
    }

    @inline(__always)
    static func interleaveLow32(_ a: SIMD8<Int16>, _ b: SIMD8<Int16>) -> SIMD8<Int16> {
        let x = unsafeBitCast(a, to: SIMD4<Int32>.self), y = unsafeBitCast(b, to: SIMD4<Int32>.self)
        return unsafeBitCast(SIMD4<Int32>(x[0], y[0], x[1], y[1]), to: SIMD8<Int16>.self)
    }

    @inline(__always)
    static func interleaveHigh32(_ a: SIMD8<Int16>, _ b: SIMD8<Int16>) -> SIMD8<Int16> {
        let x = unsafeBitCast(a, to: SIMD4<Int32>.self), y = unsafeBitCast(b, to: SIMD4<Int32>.self)
        return unsafeBitCast(SIMD4<Int32>(x[2], y[2], x[3], y[3]), to: SIMD8<Int16>.self)
    }

    @inline(__always)
    static func interleaveLow64(_ a: SIMD8<Int16>, _ b: SIMD8<Int16>) -> SIMD8<Int16> {
        let x = unsafeBitCast(a, to: SIMD2<Int64>.self), y = unsafeBitCast(b, to: SIMD2<Int64>.self)
        return unsafeBitCast(SIMD2<Int64>(x[0], y[0]), to: SIMD8<Int16>.self)
    }

    @inline(__always)
    static func interleaveHigh64(_ a: SIMD8<Int16>, _ b: SIMD8<Int16>) -> SIMD8<Int16> {
        let x = unsafeBitCast(a, to: SIMD2<Int64>.self), y = unsafeBitCast(b, to: SIMD2<Int64>.self)
        return unsafeBitCast(SIMD2<Int64>(x[1], y[1]), to: SIMD8<Int16>.self)
    }
}
