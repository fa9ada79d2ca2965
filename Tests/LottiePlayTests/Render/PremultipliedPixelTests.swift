import XCTest
@testable import LottiePlay

/// The canvas's pixel arithmetic: premultiplied RGBA8 words, source-over and scaling with exact
/// rounding, checked against the formulas worked out in integers, and the conversion to straight
/// alpha on output.
final class PremultipliedPixelTests: XCTestCase {
    private typealias P = PremultipliedPixel

    private func word(_ r: UInt32, _ g: UInt32, _ b: UInt32, _ a: UInt32) -> UInt32 {
        unsafeBitCast(SIMD4<UInt8>(UInt8(r), UInt8(g), UInt8(b), UInt8(a)), to: UInt32.self)
    }

    private func bytes(_ word: UInt32) -> [Int] {
        let value = unsafeBitCast(word, to: SIMD4<UInt8>.self)
        return [Int(value.x), Int(value.y), Int(value.z), Int(value.w)]
    }

    /// x * f / 255, rounded half up, in integers.
    private func rounded(_ x: UInt32, _ f: UInt32) -> UInt32 {
        (2 * x * f + 255) / 510
    }

    func testScalingRoundsEveryProductExactly() {
        // Every byte times every factor: the shift trick is x * f / 255 rounded, on all four channels.
        for factor in UInt32(0)...255 {
            for value in stride(from: UInt32(0), through: 255, by: 1) {
                let scaled = bytes(P.scaled(word(value, 255 - value, value / 2, 255), by: factor))
                let expected = [value, 255 - value, value / 2, 255].map { Int(rounded($0, factor)) }
                if scaled != expected {
                    return XCTFail("\(value) x \(factor): \(scaled), expected \(expected)")
                }
            }
        }
    }

    func testFourLanesScaleAsOne() {
        let words = SIMD4<UInt32>(word(255, 0, 0, 255), word(10, 20, 30, 40), word(128, 64, 32, 200), word(1, 2, 3, 4))
        let factors = SIMD4<UInt32>(0, 128, 255, 77)
        let scaled = P.scaled(words, by: factors)
        for lane in 0..<4 { XCTAssertEqual(scaled[lane], P.scaled(words[lane], by: factors[lane])) }
        XCTAssertEqual(bytes(scaled[1]), [5, 10, 15, 20])  // 10 * 128 / 255 = 5.02, ...
    }

    func testSourceOverIsTheFormulaRounded() {
        // Half-transparent red (premultiplied 128, 0, 0, 128) over opaque blue: red 128, blue
        // 255 * 127 / 255 = 127, alpha 128 + 255 * 127 / 255 = 255.
        let red = word(128, 0, 0, 128)
        let blue = word(0, 0, 255, 255)
        XCTAssertEqual(bytes(P.over(red, blue)), [128, 0, 127, 255])
        // Opaque sources replace; transparent ones leave the destination.
        XCTAssertEqual(P.over(blue, red), blue)
        XCTAssertEqual(P.over(0, red), red)
        // The four-lane form agrees, and no channel overflows at the extremes.
        let sources = SIMD4<UInt32>(red, 0, word(1, 1, 1, 1), word(254, 254, 254, 254))
        let destinations = SIMD4<UInt32>(blue, blue, word(255, 255, 255, 255), word(255, 255, 255, 255))
        let blended = P.over(sources, destinations)
        for lane in 0..<4 { XCTAssertEqual(blended[lane], P.over(sources[lane], destinations[lane])) }
        XCTAssertEqual(bytes(blended[2]), [255, 255, 255, 255])
        XCTAssertEqual(bytes(blended[3]), [255, 255, 255, 255])
    }

    func testFloatColoursRoundAndKeepColourUnderAlpha() {
        XCTAssertEqual(bytes(P.word(SIMD4(0.5, 0.25, 0, 0.5))), [128, 64, 0, 128])
        // Out of range and NaN are clamped; colour above alpha is cut to alpha.
        XCTAssertEqual(bytes(P.word(SIMD4(2, -1, .nan, 0.2))), [51, 0, 0, 51])
        // Channels of four words as Floats 0...255 and back.
        let words = SIMD4<UInt32>(word(255, 0, 51, 255), word(1, 2, 3, 4), 0, word(10, 20, 30, 200))
        let channels = (0..<4).map { P.values(words, byte: UInt32($0)) }
        XCTAssertEqual(channels[2], SIMD4(51, 3, 0, 30))
        XCTAssertEqual(P.words(red: channels[0], green: channels[1], blue: channels[2], alpha: channels[3]), words)
        XCTAssertEqual(P.words(red: SIMD4(repeating: 127.6), green: .zero, blue: .zero, alpha: SIMD4(repeating: 254.4)),
                       SIMD4(repeating: word(128, 0, 0, 254)))
        XCTAssertEqual(P.factors(SIMD4(0, 0.5, 1, 7)), SIMD4<UInt32>(0, 128, 255, 255))
    }

    func testOutputIsStraightAlpha() {
        // Colour * 255 / alpha through the 16.16 reciprocal: at alpha 128 it is 130560, and
        // (64 * 130560 + 32768) >> 16 = 128 (127.5 rounded up), 32 gives 64.
        let buffer = PixelBuffer(width: 5, height: 1)
        buffer.pixels[0] = word(64, 32, 0, 128)
        buffer.pixels[1] = word(255, 0, 10, 255)
        buffer.pixels[2] = 0
        buffer.pixels[3] = word(1, 0, 1, 2)
        buffer.pixels[4] = word(3, 2, 1, 3)
        buffer.dirty = buffer.bounds
        buffer.markPainted(buffer.bounds)
        let image = buffer.image()
        func pixel(_ x: Int) -> [Int] {
            let p = image[x, 0]
            return [Int(p.red), Int(p.green), Int(p.blue), Int(p.alpha)]
        }
        XCTAssertEqual(pixel(0), [128, 64, 0, 128])
        XCTAssertEqual(pixel(1), [255, 0, 10, 255])
        XCTAssertEqual(pixel(2), [0, 0, 0, 0])
        XCTAssertEqual(pixel(3), [128, 0, 128, 2])  // 1 * 255 / 2 = 127.5 -> 128
        XCTAssertEqual(pixel(4), [255, 170, 85, 3])  // 255, 170 and 85 exactly (reciprocal 5570560)
    }
}
