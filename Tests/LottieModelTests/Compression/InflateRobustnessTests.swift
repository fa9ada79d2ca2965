import XCTest
import LottieModel

// MARK: - InflateRobustnessTests

/// Damaged streams must produce a `CompressionError` or some output, never a crash or a hang: the
/// decoder's hot loop works on raw pointers, so every bound it relies on is exercised here.
final class InflateRobustnessTests: XCTestCase {
    private struct Random {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    func testRandomByteDamageNeverCrashes() {
        var text: [UInt8] = []
        for i in 0..<400 { text += Array("item \(i % 37) of the list, value \(i * i % 101); ".utf8) }
        let streams = [Zlib.compress(text, level: .fastest), Zlib.compress(text, level: .best),
                       Array(InflateTests.pythonDynamicZlib)]
        var random = Random(state: 7)
        var failures = 0
        var successes = 0
        for stream in streams {
            for _ in 0..<300 {
                var damaged = stream
                for _ in 0..<(1 + random.next(3)) {
                    damaged[random.next(damaged.count)] ^= UInt8(1 + random.next(255))
                }
                if random.next(4) == 0 { damaged.removeLast(random.next(damaged.count)) }
                do {
                    _ = try Zlib.decompress(damaged, limits: DecompressionLimits(maxOutputBytes: 1 << 22))
                    successes += 1
                } catch {
                    failures += 1
                    XCTAssertFalse(error.description.isEmpty)
                }
            }
        }
        XCTAssertEqual(failures + successes, 900)
        XCTAssertGreaterThan(failures, 800, "Adler-32 should catch nearly every damaged stream")
    }

    func testRandomBitsAsRawDeflate() {
        // Arbitrary bytes are mostly invalid deflate; decoding must stop cleanly either way.
        var random = Random(state: 99)
        for length in stride(from: 1, through: 400, by: 3) {
            let bytes = (0..<length).map { _ in UInt8(random.next(256)) }
            _ = try? Inflate.decompress(bytes, limits: DecompressionLimits(maxOutputBytes: 1 << 20))
        }
    }
}
