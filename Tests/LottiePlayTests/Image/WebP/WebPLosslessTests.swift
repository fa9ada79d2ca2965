import XCTest
import LottieModel
@testable import LottiePlay

// MARK: - WebPLosslessTests

/// Lossless fixtures encoded by libwebp (via Pillow) must decode to exactly libwebp's pixels, and
/// together they must use every VP8L feature.
final class WebPLosslessTests: XCTestCase {
    func testLosslessFixturesMatchLibwebpExactly() throws {
        let names = WebPFixtures.names("lossless-")
        XCTAssertGreaterThanOrEqual(names.count, 30)
        for name in names {
            let data = try WebPFixtures.webp(name)
            let reference = try WebPFixtures.reference(name)
            let image = try WebPDecoder().decode(data)
            XCTAssertEqual(image.width, reference.width, name)
            XCTAssertEqual(image.height, reference.height, name)
            XCTAssertTrue(image.pixels == reference.pixels, "\(name): pixels differ from libwebp's")
            let size = try WebPDecoder().size(of: data)
            XCTAssertEqual(size.width, reference.width, name)
            XCTAssertEqual(size.height, reference.height, name)
        }
    }

    func testFixturesCoverEveryTransformAndCodingFeature() throws {
        var transforms = Set<VP8LTransform.Kind>()
        var modes = Set<Int>()
        var bundlings = Set<Int>()
        var cache = false, groups = false, backReferences = false
        for name in WebPFixtures.names("lossless-") {
            let data = try WebPFixtures.webp(name)
            let report = try XCTUnwrap(WebPDecoder().decodeReporting(data).report.lossless, name)
            transforms.formUnion(report.transforms)
            modes.formUnion(report.predictorModes)
            cache = cache || report.cacheReferences > 0
            groups = groups || report.groupCount > 1
            backReferences = backReferences || report.backReferences > 0
            if report.transforms.contains(.colorIndexing) {
                // The palette size shows in the name's colour count; record the bundling it implies.
                let reference = try WebPFixtures.reference(name)
                var colours = Set<[UInt8]>()
                for i in stride(from: 0, to: reference.pixels.count, by: 4) {
                    colours.insert(Array(reference.pixels[i..<(i + 4)]))
                }
                bundlings.insert(colours.count > 16 ? 0 : colours.count > 4 ? 1 : colours.count > 2 ? 2 : 3)
            }
        }
        print("WebP fixtures: transforms \(transforms.map(\.rawValue).sorted()), predictor modes \(modes.sorted()), "
              + "bundlings \(bundlings.sorted()), cache \(cache), groups \(groups), back references \(backReferences)")
        XCTAssertEqual(transforms, Set(VP8LTransform.Kind.allCases), "transforms used by the fixtures")
        XCTAssertEqual(bundlings, [0, 1, 2, 3], "pixel bundlings of colour indexing")
        XCTAssertTrue(cache, "no fixture uses the colour cache")
        XCTAssertTrue(groups, "no fixture uses several prefix code groups")
        XCTAssertTrue(backReferences, "no fixture uses back references")
        // libwebp's encoder picks the modes; the fixtures reach most of them.
        XCTAssertGreaterThanOrEqual(modes.count, 10, "predictor modes used: \(modes.sorted())")
    }

    func testPredictorModesOnKnownNeighbours() {
        let left: UInt32 = 0x8010_2030, top: UInt32 = 0x9020_1040, topLeft: UInt32 = 0x7018_1838
        XCTAssertEqual(VP8LTransform.average(left, top), 0x8818_1838)
        // Select: left's distance is |top − topLeft| summed, top's |left − topLeft|.
        XCTAssertEqual(VP8LTransform.select(left: left, top: top, topLeft: topLeft), top)
        XCTAssertEqual(VP8LTransform.clampAddSubtractFull(0xff00_80ff, 0x1000_8010, 0x0010_0000), 0xff00_ffff)
        XCTAssertEqual(VP8LTransform.clampAddSubtractHalf(0x0a00_ff05, 0x1400_0000), 0x0500_ff07)
        XCTAssertEqual(VP8LTransform.add(0xff80_0001, 0x0180_ffff), 0x0000_ff00)
    }

    func testAnimatedLosslessFirstFrame() throws {
        let name = "animated-lossless-16x16"
        let image = try WebPDecoder().decode(try WebPFixtures.webp(name))
        XCTAssertEqual(image, try WebPFixtures.reference(name))
    }

    func testErrorDescriptionGroupsTheOffset() {
        let error = WebPError(.invalidColorCache(bits: 12), offset: 1234)
        XCTAssertEqual(error.description, "byte 1,234: colour cache of 12 bits (1...11 allowed)")
    }
}
