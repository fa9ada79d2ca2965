import Foundation

// MARK: - FastDecodable

/// A model type that reads itself from a `JSONReader`, giving the same value as its
/// `init(from: Decoder)` (the reference), or failing where that fails.
protocol FastDecodable {
    init(reader: inout JSONReader) throws(DecodeFailure)
}

/// A keyframe value type that reads its two forms from a `JSONReader`: the static value of a
/// property (`k`) and a keyframe's value (`s`, `e`). No model type reads them differently
/// (`KeyframeValue.init(keyframeValueFrom:)` is the static form everywhere), so one
/// requirement serves both.
protocol FastKeyframeValue: KeyframeValue {
    init(valueReader reader: inout JSONReader) throws(DecodeFailure)
}

// MARK: - FastDecoding

/// The entry points of the fast path: bytes in, a model value or a `DecodeFailure` out.
enum FastDecoding {
    /// Decodes one top-level value of type `T` from `data`, which must hold nothing else.
    static func decode<T: FastDecodable>(_ type: T.Type, from data: Data, maxDepth: Int) -> Result<T, DecodeFailure> {
        withReader(over: data, maxDepth: maxDepth) { (reader) throws(DecodeFailure) in
            let value = try T(reader: &reader)
            reader.skipWhitespace()
            guard reader.offset == reader.count else { throw reader.syntaxError() }
            return value
        }
    }

    /// Runs `body` with a reader over a copy of `bytes` followed by `JSONReader.padding` zeros.
    static func withReader<Bytes: DataProtocol, T>(
        over bytes: Bytes, maxDepth: Int, _ body: (inout JSONReader) throws(DecodeFailure) -> T
    ) -> Result<T, DecodeFailure> {
        let count = bytes.count
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: count + JSONReader.padding)
        defer { buffer.deallocate() }
        bytes.copyBytes(to: UnsafeMutableRawBufferPointer(start: buffer, count: count))
        (buffer + count).initialize(repeating: 0, count: JSONReader.padding)
        var reader = JSONReader(base: buffer, count: count, maxDepth: maxDepth)
        do throws(DecodeFailure) {
            return .success(try body(&reader))
        } catch {
            return .failure(error)
        }
    }

    /// Decodes `T` from `data` with the error the `Codable` path would report for a document
    /// with this one fault (see `LottieDecodingError(failure:in:maxDepth:)`).
    static func decodeReportingErrors<T: FastDecodable>(
        _ type: T.Type, from data: Data, maxDepth: Int
    ) throws(LottieDecodingError) -> T {
        switch decode(type, from: data, maxDepth: maxDepth) {
        case .success(let value):
            return value
        case .failure(let failure):
            throw LottieDecodingError(
                failure: failure, in: [UInt8](data), maxDepth: maxDepth, isAnimation: T.self == LottieAnimation.self)
        }
    }
}
