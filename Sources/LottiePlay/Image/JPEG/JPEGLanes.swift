// MARK: - Lane conversions
//
// Widening, narrowing and clamping eight SIMD lanes, for the IDCT, the upsampling and the colour
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
}
