import XCTest
import TestSupport
@testable import LottiePlay

// MARK: - GIFEncoderTests

/// The GIF encoder read back by the independent `GIFFile` reader of TestSupport.
final class GIFEncoderTests: XCTestCase {
    private typealias Pixel = RGBAImage.Pixel

    // MARK: LZW

    func testLZWCodesOfARunAreTheHandComputedBits() {
        // Indices 0 0 0 0, minimum code size 2: clear (4), 0, 6 (the string 0 0), 0 at 3 bits; the
        // encoder assigns code 7 after writing 6, so the decoder's next free code is 8 = 2^3 and the
        // end code (5) goes out at 4 bits. LSB first: 100 000 110 000 0101 -> 0x84 0x51.
        var encoder = LZWEncoder()
        XCTAssertEqual(encoder.encode([0, 0, 0, 0], minimumCodeSize: 2), [2, 0x84, 0x51, 0])
    }

    func testLZWRoundTripsNoiseThroughTableFullClearCodes() throws {
        // 256x256 pseudo-random indices: strings rarely repeat, so the 4096-code table fills many times.
        var state: UInt32 = 12345
        let noise = (0..<(256 * 256)).map { _ -> UInt8 in
            state = state &* 1_103_515_245 &+ 12345
            return UInt8(truncatingIfNeeded: state >> 16)
        }
        var encoder = LZWEncoder()
        let blocks = encoder.encode(noise, minimumCodeSize: 8)
        let decoded = try LZWTestDecoder.decode(Self.joinedSubBlocks(blocks), minimumCodeSize: 8)
        XCTAssertEqual(decoded.indices, noise)
        XCTAssertGreaterThan(decoded.clearCodes, 2, "the table never filled")
        XCTAssertEqual(decoded.widestCode, 12)
        // The reused dictionary must forget the first image: a second encode decodes the same.
        let again = try LZWTestDecoder.decode(Self.joinedSubBlocks(encoder.encode(noise, minimumCodeSize: 8)),
                                              minimumCodeSize: 8)
        XCTAssertEqual(again.indices, noise)
    }

    func testLZWSubBlocksHoldAtMost255Bytes() {
        let blocks = LZWEncoder.subBlocks([UInt8](repeating: 7, count: 300))
        XCTAssertEqual(blocks.count, 1 + 255 + 1 + 45 + 1)
        XCTAssertEqual(blocks[0], 255)
        XCTAssertEqual(blocks[256], 45)
        XCTAssertEqual(blocks.last, 0)
    }

    // MARK: File structure

    func testHeaderLogicalScreenLoopExtensionAndFirstFrameBytes() throws {
        let red = Pixel(red: 255, green: 0, blue: 0), blue = Pixel(red: 0, green: 0, blue: 255)
        let first = RGBAImage(width: 3, height: 2, filledWith: red)
        var second = first
        second[2, 1] = blue
        let bytes = try GIFEncoder().encode([first, second], framesPerSecond: 10)

        let expected: [UInt8] = Array("GIF89a".utf8)
            + [3, 0, 2, 0, 0xF0, 0, 0]          // 3x2, global table of 2^1 entries, 8-bit source, bg 0
            + [0, 0, 255, 255, 0, 0]            // blue < red by value: [blue, red]
            + [0x21, 0xFF, 11] + Array("NETSCAPE2.0".utf8) + [3, 1, 0, 0, 0]  // loop forever
            + [0x21, 0xF9, 4, 0x04, 10, 0, 0, 0]  // do not dispose, 10 cs, no transparency
            + [0x2C, 0, 0, 0, 0, 3, 0, 2, 0, 0, 2]  // whole canvas, no local table; code size 2
        XCTAssertEqual(Array(bytes.prefix(expected.count)), expected)
        XCTAssertEqual(bytes.last, 0x3B)
    }

    func testOpaqueFramesStoreOnlyTheChangedRectangle() throws {
        let white = RGBAImage(width: 8, height: 8, filledWith: .white)
        var marked = white
        for y in 2..<5 { for x in 3..<5 { marked[x, y] = .black } }
        let gif = try GIFFile(GIFEncoder().encode([white, marked, marked], framesPerSecond: 25))

        XCTAssertEqual(gif.frames.map { [$0.x, $0.y, $0.width, $0.height] }, [[0, 0, 8, 8], [3, 2, 2, 3], [0, 0, 1, 1]])
        XCTAssertEqual(gif.frames.map(\.disposal), [1, 1, 1])
        XCTAssertEqual(gif.composited(), [white.pixels, marked.pixels, marked.pixels])
    }

    func testTransparentFramesAreClearedAndStoreTheirShownRectangle() throws {
        var left = RGBAImage(width: 6, height: 4)
        left[0, 1] = .black
        var right = RGBAImage(width: 6, height: 4)
        right[5, 2] = Pixel(red: 10, green: 20, blue: 30, alpha: 128)  // At the threshold: shown.
        right[4, 2] = Pixel(red: 10, green: 20, blue: 30, alpha: 127)  // Below: transparent.
        let gif = try GIFFile(GIFEncoder().encode([left, right], framesPerSecond: 25))

        // Two colours and the transparent entry (index 2) in a table of 4.
        XCTAssertEqual(gif.screenFlags, 0xF1)
        XCTAssertEqual(gif.backgroundIndex, 2)
        XCTAssertEqual(gif.frames.map(\.transparentIndex), [2, 2])
        XCTAssertEqual(gif.frames.map(\.disposal), [2, 2])
        XCTAssertEqual(gif.frames.map { [$0.x, $0.y, $0.width, $0.height] }, [[0, 1, 1, 1], [5, 2, 1, 1]])
        var expectedRight = RGBAImage(width: 6, height: 4)
        expectedRight[5, 2] = Pixel(red: 10, green: 20, blue: 30)
        XCTAssertEqual(gif.composited().last, expectedRight.pixels, "the first frame's pixel was not cleared")
    }

    // MARK: Timing

    func testDelaysAt60FPSAlternateAndSumToOneSecond() throws {
        let delays = GIFFrameDelays.centiseconds(frameCount: 60, framesPerSecond: 60)
        // Boundaries round(100 i / 60): 0, 2, 3, 5, 7, 8, 10, ...
        XCTAssertEqual(Array(delays.prefix(6)), [2, 1, 2, 2, 1, 2])
        XCTAssertEqual(delays.reduce(0, +), 100)

        let frames = [RGBAImage](repeating: RGBAImage(width: 1, height: 1, filledWith: .white), count: 60)
        let gif = try GIFFile(GIFEncoder().encode(frames, framesPerSecond: 60))
        XCTAssertEqual(gif.frames.map(\.delay), delays)
    }

    func testDelaysAt30FPSCarryTheThirds() {
        // 100/30 = 3.33 cs: boundaries 0, 3, 7, 10.
        XCTAssertEqual(GIFFrameDelays.centiseconds(frameCount: 3, framesPerSecond: 30), [3, 4, 3])
        XCTAssertEqual(GIFFrameDelays.centiseconds(frameCount: 30, framesPerSecond: 30).reduce(0, +), 100)
    }

    // MARK: Palette

    func testUpTo255ExactColoursAndTransparencyAreReproducedExactly() throws {
        var image = RGBAImage(width: 16, height: 16)
        for i in 0..<255 {
            // Distinct by blue; red and green spread so that no channel alone orders them.
            image[i % 16, i / 16] = Pixel(red: UInt8(i * 7 % 256), green: UInt8(i * 13 % 256), blue: UInt8(i))
        }
        let gif = try GIFFile(GIFEncoder().encode([image], framesPerSecond: 1))
        XCTAssertEqual(gif.colorTable.count, 256 * 3)
        XCTAssertEqual(gif.frames[0].transparentIndex, 255)
        XCTAssertEqual(gif.composited()[0], image.pixels)
        XCTAssertNil(gif.loopCount, "a single frame needs no loop extension")
    }

    func testExactly256OpaqueColoursNeedNoTransparentEntry() throws {
        var image = RGBAImage(width: 16, height: 16)
        for i in 0..<256 { image[i % 16, i / 16] = Pixel(red: UInt8(255 - i), green: 3, blue: UInt8(i)) }
        let gif = try GIFFile(GIFEncoder().encode([image], framesPerSecond: 1))
        XCTAssertNil(gif.frames[0].transparentIndex)
        XCTAssertEqual(gif.composited()[0], image.pixels)
    }

    func testMoreThan256ColoursAreQuantizedToNearbyColours() throws {
        // 512 colours: red 0...255 with green 0 or 255. 256 entries, two neighbours per box at best.
        var image = RGBAImage(width: 256, height: 2)
        for x in 0..<256 {
            image[x, 0] = Pixel(red: UInt8(x), green: 0, blue: 0)
            image[x, 1] = Pixel(red: UInt8(x), green: 255, blue: 0)
        }
        let gif = try GIFFile(GIFEncoder().encode([image], framesPerSecond: 1))
        let decoded = gif.composited()[0]
        let worst = zip(decoded, image.pixels).map { abs(Int($0) - Int($1)) }.max()
        XCTAssertEqual(gif.colorTable.count, 256 * 3)
        XCTAssertLessThanOrEqual(try XCTUnwrap(worst), 2)
    }

    // MARK: Threads

    func testTheFileIsTheSameWhateverTheJobs() throws {
        for transparent in [false, true] {
            let frames = Self.movingFrames(count: 12, transparent: transparent)
            let one = try GIFEncoder().encode(frames, framesPerSecond: 30)
            XCTAssertEqual(try GIFEncoder(jobs: 2).encode(frames, framesPerSecond: 30), one, "transparent: \(transparent)")
            XCTAssertEqual(try GIFEncoder(jobs: 8).encode(frames, framesPerSecond: 30), one, "transparent: \(transparent)")
            let gif = try GIFFile(one)
            XCTAssertEqual(gif.frames.count, 12)
            XCTAssertEqual(gif.colorTable.count, 256 * 3, "more than 256 colours fill the table")
        }
    }

    func testMoreJobsThanFramesAndASingleFrameGiveTheSameFile() throws {
        let three = Self.movingFrames(count: 3, transparent: false)
        let one = try GIFEncoder().encode(three, framesPerSecond: 30)
        XCTAssertEqual(try GIFEncoder(jobs: 8).encode(three, framesPerSecond: 30), one)
        XCTAssertEqual(try GIFEncoder(jobs: 64).encode(three, framesPerSecond: 30), one)

        let single = Array(three.prefix(1))
        let still = try GIFEncoder().encode(single, framesPerSecond: 30)
        XCTAssertEqual(try GIFEncoder(jobs: 4).encode(single, framesPerSecond: 30), still)
        XCTAssertEqual(try GIFFile(still).frames.count, 1)
    }

    func testFrameJobsKeepItemOrderAndOneWorkerPerThread() {
        for jobs in [1, 2, 8, 40] {
            let result = FrameJobs.run(count: 30, jobs: jobs, makeWorker: { [Int]() }) { taken, index in
                taken.append(index)
                return index * index
            }
            XCTAssertEqual(result.outputs, (0..<30).map { $0 * $0 }, "jobs: \(jobs)")
            XCTAssertLessThanOrEqual(result.workers.count, max(1, min(jobs, 30)))
            XCTAssertEqual(result.workers.flatMap { $0 }.sorted(), Array(0..<30), "each item taken once")
        }
    }

    // MARK: Errors

    func testFramesOfDifferentSizesAreRefused() {
        let frames = [RGBAImage(width: 4, height: 4), RGBAImage(width: 4, height: 3)]
        XCTAssertThrowsError(try GIFEncoder().encode(frames, framesPerSecond: 30)) { error in
            XCTAssertEqual(error as? AnimatedImageError,
                           AnimatedImageError(.frameSizeMismatch(index: 1, width: 4, height: 3,
                                                                 expectedWidth: 4, expectedHeight: 4)))
        }
        XCTAssertThrowsError(try GIFEncoder().encode([], framesPerSecond: 30)) { error in
            XCTAssertEqual(error as? AnimatedImageError, AnimatedImageError(.noFrames))
        }
        XCTAssertThrowsError(try GIFEncoder().encode([RGBAImage(width: 1, height: 1)], framesPerSecond: 0))
    }

    // MARK: Helpers

    /// `count` 32x24 frames, each different: a gradient that shifts right from frame to frame (about
    /// a thousand colours in all) under a black bar that moves right; with `transparent`, a band of
    /// clear columns at the left that widens and a corner pixel below the alpha threshold, so frames
    /// are cleared after showing.
    private static func movingFrames(count: Int, transparent: Bool) -> [RGBAImage] {
        (0..<count).map { frame in
            var image = RGBAImage(width: 32, height: 24)
            for y in 0..<24 {
                for x in 0..<32 {
                    let alpha: UInt8 = transparent && x < 4 + frame ? 0 : 255
                    image[x, y] = Pixel(red: UInt8((x + 32 - frame) * 4), green: UInt8(y * 10), blue: 90, alpha: alpha)
                }
            }
            for y in 8..<14 { for x in (frame * 2)..<(frame * 2 + 6) where x < 32 { image[x, y] = .black } }
            if transparent { image[31, 23] = Pixel(red: 0, green: 0, blue: 0, alpha: 100) }
            return image
        }
    }

    private static func joinedSubBlocks(_ blocks: [UInt8]) -> [UInt8] {
        var data: [UInt8] = []
        var offset = 0
        while offset < blocks.count, blocks[offset] != 0 {
            let length = Int(blocks[offset])
            data += blocks[(offset + 1)..<(offset + 1 + length)]
            offset += 1 + length
        }
        return data
    }
}
