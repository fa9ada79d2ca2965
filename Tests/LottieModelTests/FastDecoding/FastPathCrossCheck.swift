import Foundation
import XCTest
@testable import LottieModel

// MARK: - Cross-checking the two decoding paths

/// The decoding helpers of `DecodingFixtures.swift` run every document through both paths:
/// the `Codable` path (the reference) and the fast path on its own (no fallback), and fail
/// when they disagree. So every decoding test of the model also tests the fast path, with
/// its own documents: lenient forms, legacy keyframes, every shape and layer type, errors.
enum FastPath {
    /// `json` decoded by the `Codable` path, after checking that the fast path builds an
    /// equal animation (or fails too, with the same error).
    static func decodeAnimation(
        _ json: String, file: StaticString = #filePath, line: UInt = #line
    ) throws -> LottieAnimation {
        let data = Data(json.utf8)
        let reference: LottieAnimation
        do {
            reference = try LottieDecoder(strategy: .codable).decode(data)
        } catch {
            let fast = Result { try LottieDecoder().decodeFastOnly(data) }
            if case .success = fast {
                XCTFail("the fast path decodes a document the Codable path refuses: \(error)", file: file, line: line)
            }
            throw error
        }
        do {
            let fast = try LottieDecoder().decodeFastOnly(data)
            if fast != reference {
                XCTFail("the fast path's model differs at \(ModelDifference.first(fast, reference) ?? "?")", file: file, line: line)
            }
        } catch {
            XCTFail("the fast path fails where the Codable path decodes: \(error)", file: file, line: line)
        }
        return reference
    }

    /// Checks that the fast path's own error for `json` is the `Codable` path's error, and
    /// returns the error `decoder` reports.
    static func error(
        _ json: String, decoder: LottieDecoder, file: StaticString = #filePath, line: UInt = #line
    ) -> LottieDecodingError? {
        let data = Data(json.utf8)
        var codable = decoder
        codable.strategy = .codable
        let reference = Result { () throws(LottieDecodingError) in try codable.decode(data) }
        let fast = Result { () throws(LottieDecodingError) in try decoder.decodeFastOnly(data) }
        let reported = Result { () throws(LottieDecodingError) in try decoder.decode(data) }
        switch (reference, fast) {
        case (.failure(let expected), .failure(let found)):
            XCTAssertEqual(found.kind, expected.kind, "fast path: \(found)", file: file, line: line)
            XCTAssertEqual(found.path, expected.path, "fast path: \(found)", file: file, line: line)
            XCTAssertEqual(found.location, expected.location, "fast path: \(found)", file: file, line: line)
            XCTAssertEqual(found.message, expected.message, file: file, line: line)
        case (.success, .failure(let found)):
            XCTFail("the fast path fails where the Codable path decodes: \(found)", file: file, line: line)
        case (.failure(let expected), .success):
            XCTFail("the fast path decodes a document the Codable path refuses: \(expected)", file: file, line: line)
        case (.success, .success):
            break
        }
        if case .failure(let error) = reported { return error }
        return nil
    }

    /// Checks that the fast path decodes `json` into `value` when `T` has a fast decoder.
    static func check<T>(_ value: T, decodedFrom json: String, file: StaticString = #filePath, line: UInt = #line) {
        guard let fastType = T.self as? any FastDecodable.Type else { return }
        switch decodeAny(fastType, Data(json.utf8)) {
        case .success(let fast):
            guard let expected = value as? any Equatable else { return }
            if !isEqual(expected, fast) {
                XCTFail("the fast path reads \(fast), the Codable path \(value)", file: file, line: line)
            }
        case .failure(let error):
            XCTFail("the fast path fails where the Codable path decodes: \(error)", file: file, line: line)
        }
    }

    private static func decodeAny<F: FastDecodable>(_ type: F.Type, _ data: Data) -> Result<Any, LottieDecodingError> {
        Result { () throws(LottieDecodingError) in try FastDecoding.decodeReportingErrors(type, from: data, maxDepth: 256) }
    }

    private static func isEqual<E: Equatable>(_ lhs: E, _ rhs: Any) -> Bool {
        guard let rhs = rhs as? E else { return false }
        return lhs == rhs
    }
}
