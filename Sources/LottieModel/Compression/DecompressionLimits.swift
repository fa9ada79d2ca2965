// MARK: - DecompressionLimits

/// Bounds on how much a compressed stream may expand, against decompression bombs.
///
/// Decoding stops with `CompressionError.Kind.outputLimitExceeded` as soon as the output would pass
/// `maxOutputBytes`, and with `.ratioLimitExceeded` as soon as it would pass `maxRatio` times the
/// size of the compressed input. The ratio is not enforced on the first `ratioExemptBytes` of
/// output, so small, very repetitive payloads (a blank image, a run of zeros) still decode.
public struct DecompressionLimits: Sendable, Equatable {
    /// The most bytes of output accepted (256 MiB by default).
    public var maxOutputBytes: Int
    /// The largest accepted output/input size ratio (1000 by default; deflate cannot exceed about 1032).
    public var maxRatio: Int
    /// Output below this size is accepted whatever the ratio (1 MiB by default).
    public var ratioExemptBytes: Int

    /// Limits with the given bounds (negative values are treated as 0, a ratio below 1 as 1).
    public init(maxOutputBytes: Int = 256 << 20, maxRatio: Int = 1000, ratioExemptBytes: Int = 1 << 20) {
        self.maxOutputBytes = max(0, maxOutputBytes)
        self.maxRatio = max(1, maxRatio)
        self.ratioExemptBytes = max(0, ratioExemptBytes)
    }

    /// 256 MiB of output at most, at most 1000 times the input size past the first MiB.
    public static let `default` = DecompressionLimits()

    /// Only an output size bound: use when the exact expected size is known (a PNG's image data).
    public static func exactly(_ bytes: Int) -> DecompressionLimits {
        DecompressionLimits(maxOutputBytes: bytes, maxRatio: Int.max, ratioExemptBytes: Int.max)
    }

    /// The output bound for `inputBytes` of compressed input, and which limit it comes from.
    func effectiveBound(inputBytes: Int) -> (bytes: Int, fromRatio: Bool) {
        let (product, overflow) = inputBytes.multipliedReportingOverflow(by: maxRatio)
        let ratioBound = max(ratioExemptBytes, overflow ? Int.max : product)
        return ratioBound < maxOutputBytes ? (ratioBound, true) : (maxOutputBytes, false)
    }
}
