import XCTest
import LottieModel
@testable import LottiePlay

// MARK: - WebPLossyTests

/// Lossy fixtures encoded by libwebp (via Pillow, and through ctypes for the options Pillow does
/// not pass on) must decode to exactly libwebp's pixels (tolerance 0: every channel of every pixel
/// equal), and together they must use every VP8 and ALPH feature the decoder implements.
final class WebPLossyTests: XCTestCase {
    /// The lossy fixtures: still images and the first frame of a lossy animation.
    private var lossyNames: [String] { WebPFixtures.names("lossy-") + ["animated-lossy-16x16"] }

    func testLossyFixturesMatchLibwebpExactly() throws {
        let names = lossyNames
        XCTAssertGreaterThanOrEqual(names.count, 50)
        for name in names {
            let data = try WebPFixtures.webp(name)
            let reference = try WebPFixtures.reference(name)
            let image = try WebPDecoder().decode(data)
            XCTAssertEqual(image.width, reference.width, name)
            XCTAssertEqual(image.height, reference.height, name)
            if image.pixels != reference.pixels {
                let differences = zip(image.pixels, reference.pixels).map { abs(Int($0) - Int($1)) }
                XCTFail("\(name): \(differences.filter { $0 > 0 }.count) bytes differ from libwebp's, "
                        + "by at most \(differences.max() ?? 0)")
            }
            let size = try WebPDecoder().size(of: data)
            XCTAssertEqual(size.width, reference.width, name)
            XCTAssertEqual(size.height, reference.height, name)
        }
    }

    func testFixturesCoverEveryLossyFeature() throws {
        var blockModes = Set<VP8Intra.BlockMode>(), subblockModes = Set<VP8Intra.SubblockMode>()
        var chromaModes = Set<VP8Intra.BlockMode>()
        var filters = Set<String>(), sharpness = Set<Int>(), partitions = Set<Int>(), segmentsUsed = Set<Int>()
        var withoutSegmentation = false, withSegmentMap = false, severalQuantizers = false, skips = false
        var compressions = Set<Int>(), alphaFilters = Set<Int>(), preprocessing = Set<Int>(), withoutAlpha = false
        var oddSizes = false
        for name in lossyNames {
            let (image, report) = try WebPDecoder().decodeReporting(try WebPFixtures.webp(name))
            let lossy = try XCTUnwrap(report.lossy, name)
            XCTAssertNil(report.lossless, name)
            blockModes.formUnion(lossy.blockModes)
            subblockModes.formUnion(lossy.subblockModes)
            chromaModes.formUnion(lossy.chromaModes)
            filters.insert("\(lossy.filter)")
            sharpness.insert(lossy.sharpness)
            partitions.insert(lossy.partitionCount)
            withoutSegmentation = withoutSegmentation || !lossy.segmentation
            withSegmentMap = withSegmentMap || lossy.segmentMap
            if lossy.segmentMap { segmentsUsed.formUnion(lossy.segmentsUsed) }
            severalQuantizers = severalQuantizers || lossy.distinctQuantizers > 1
            skips = skips || lossy.skippedMacroblocks > 0
            oddSizes = oddSizes || (image.width % 16 != 0 && image.height % 16 != 0)
            if let alpha = report.alpha {
                compressions.insert(alpha.compression)
                alphaFilters.insert(alpha.filter)
                preprocessing.insert(alpha.preprocessing)
            } else {
                withoutAlpha = true
            }
        }
        print("WebP lossy fixtures: 16×16 modes \(blockModes.map(\.rawValue).sorted()), "
              + "4×4 modes \(subblockModes.map(\.rawValue).sorted()), chroma modes \(chromaModes.map(\.rawValue).sorted()), "
              + "filters \(filters.sorted()), sharpness \(sharpness.sorted()), partitions \(partitions.sorted()), "
              + "segments \(segmentsUsed.sorted()), skips \(skips), ALPH compression \(compressions.sorted()) "
              + "filters \(alphaFilters.sorted()) pre-processing \(preprocessing.sorted())")
        XCTAssertEqual(blockModes, Set(VP8Intra.BlockMode.allCases), "16×16 luma modes")
        XCTAssertEqual(subblockModes, Set(VP8Intra.SubblockMode.allCases), "4×4 luma modes")
        XCTAssertEqual(chromaModes, Set(VP8Intra.BlockMode.allCases), "chroma modes")
        XCTAssertEqual(filters, ["none", "simple", "normal"], "loop filter types")
        // Sharpness 0, 1...4 (level halved) and 5...7 (quartered), 7 capping the interior limit at 2.
        XCTAssertTrue(sharpness.contains(0) && sharpness.contains(where: { (1...4).contains($0) })
                      && sharpness.contains(where: { $0 > 4 }) && sharpness.contains(7), "sharpness \(sharpness.sorted())")
        XCTAssertEqual(partitions, [1, 2, 8], "token partition counts")
        XCTAssertTrue(withoutSegmentation, "no fixture without segmentation")
        XCTAssertTrue(withSegmentMap, "no fixture with a segment map")
        XCTAssertEqual(segmentsUsed, [0, 1, 2, 3], "segments used")
        XCTAssertTrue(severalQuantizers, "no fixture whose segments have different quantizers")
        XCTAssertTrue(skips, "no fixture with skipped macroblocks")
        XCTAssertTrue(oddSizes, "no fixture cropped in both directions")
        XCTAssertEqual(compressions, [0, 1], "ALPH compression methods")
        XCTAssertEqual(alphaFilters, [0, 1, 2, 3], "ALPH filters")
        XCTAssertEqual(preprocessing, [0, 1], "ALPH pre-processing")
        XCTAssertTrue(withoutAlpha, "no fixture without ALPH")
    }

    // MARK: Units not reached by libwebp's encoder

    func testFilterStrengthWithSharpnessSegmentsAndDeltas() {
        var filter = VP8FrameHeader.Filter()
        filter.level = 20
        let none = VP8FrameHeader.Segmentation()
        func strength(_ filter: VP8FrameHeader.Filter, _ segmentation: VP8FrameHeader.Segmentation = none,
                      segment: Int = 0, subblocks: Bool = false) -> VP8FilterStrength {
            VP8LoopFilter.strength(header: filter, segmentation: segmentation, segment: segment,
                                   subblockPrediction: subblocks)
        }
        // Level 20, sharpness 0: interior limit 20, edge limit 2 × 20 + 20, threshold 1 (from 15).
        XCTAssertEqual(strength(filter), VP8FilterStrength(limit: 60, interiorLimit: 20, hevThreshold: 1, inner: false))
        XCTAssertEqual(strength(filter, subblocks: true).inner, true)
        // Sharpness 2 halves the level (10), capped at 9 − 2; sharpness 5 quarters it (5), capped at 4.
        filter.sharpness = 2
        XCTAssertEqual(strength(filter).interiorLimit, 7)
        XCTAssertEqual(strength(filter).limit, 47)
        filter.sharpness = 5
        XCTAssertEqual(strength(filter).interiorLimit, 4)
        // Sharpness 7 on level 2: 2 >> 2 = 0, raised to 1.
        filter.level = 2
        filter.sharpness = 7
        XCTAssertEqual(strength(filter), VP8FilterStrength(limit: 5, interiorLimit: 1, hevThreshold: 0, inner: false))
        // Deltas: intra reference +10 for all, B_PRED mode −40 for 4×4-predicted macroblocks only.
        filter = VP8FrameHeader.Filter()
        filter.level = 20
        filter.deltasEnabled = true
        filter.referenceDeltas = [10, 0, 0, 0]
        filter.modeDeltas = [-40, 0, 0, 0]
        XCTAssertEqual(strength(filter).limit, 2 * 30 + 30)
        XCTAssertEqual(strength(filter).hevThreshold, 1)
        XCTAssertEqual(strength(filter, subblocks: true), VP8FilterStrength(), "level clamped to 0: no filtering")
        filter.referenceDeltas = [50, 0, 0, 0]
        XCTAssertEqual(strength(filter).limit, 2 * 63 + 63, "level clamped to 63")
        XCTAssertEqual(strength(filter).hevThreshold, 2)
        // Segments: absolute levels replace the frame's, deltas add to it.
        filter = VP8FrameHeader.Filter()
        filter.level = 20
        var segmentation = VP8FrameHeader.Segmentation()
        segmentation.enabled = true
        segmentation.filterLevel = [0, 45, -25, 5]
        segmentation.absoluteValues = true
        XCTAssertEqual(strength(filter, segmentation, segment: 0), VP8FilterStrength())
        XCTAssertEqual(strength(filter, segmentation, segment: 1).limit, 2 * 45 + 45)
        segmentation.absoluteValues = false
        XCTAssertEqual(strength(filter, segmentation, segment: 1).limit, 2 * 63 + 63)
        XCTAssertEqual(strength(filter, segmentation, segment: 2), VP8FilterStrength())
        XCTAssertEqual(strength(filter, segmentation, segment: 3).limit, 2 * 25 + 25)
    }

    func testQuantizerStepsAndClamps() {
        let plain = VP8Quantizer(index: 0, deltas: [0, 0, 0, 0, 0])
        XCTAssertEqual([plain.y1DC, plain.y1AC, plain.y2DC, plain.y2AC, plain.uvDC, plain.uvAC], [4, 4, 8, 8, 4, 4])
        // Y2 AC is 155/100 of the AC step (at least 8), Y2 DC twice the DC step; chroma DC stops at
        // index 117 (step 132); indexes are clamped to 0...127.
        let high = VP8Quantizer(index: 127, deltas: [5, -3, 0, 0, 0])
        XCTAssertEqual([high.y1DC, high.y1AC, high.y2DC, high.y2AC, high.uvDC, high.uvAC], [157, 284, 2 * 148, 440, 132, 284])
        let low = VP8Quantizer(index: 2, deltas: [-8, 0, 0, 0, 0])
        XCTAssertEqual(low.y1DC, 4)
    }

    func testBoolDecoderReadsZerosPastTheEndAndSaysSo() {
        // A partition of four zero bytes (a 0xff follows outside it): eight bits decode inside it,
        // then the decoder runs past the end, reading zeros, never the byte after the partition.
        var decoder = VP8BoolDecoder([0, 0, 0, 0, 0xff], range: 0..<4)
        XCTAssertEqual(decoder.literal(8), 0)
        XCTAssertFalse(decoder.overrun)
        for _ in 0..<64 { XCTAssertFalse(decoder.flag()) }
        XCTAssertTrue(decoder.overrun)
        XCTAssertEqual(decoder.end, 4)
    }

    func testAlphaUnfilteringAsLibwebp() {
        // 3×2 deltas, each filter: the first row is left-predicted, its first pixel as it is.
        let deltas: [UInt8] = [10, 5, 250, 3, 4, 200]
        var horizontal = deltas
        WebPAlpha.unfilter(&horizontal, width: 3, height: 2, filter: 1)
        XCTAssertEqual(horizontal, [10, 15, 9, 13, 17, 217])
        var vertical = deltas
        WebPAlpha.unfilter(&vertical, width: 3, height: 2, filter: 2)
        XCTAssertEqual(vertical, [10, 15, 9, 13, 19, 209])
        var gradient = deltas
        WebPAlpha.unfilter(&gradient, width: 3, height: 2, filter: 3)
        // Row 1: 3 + 10; then 4 + clip(13 + 15 − 10) = 22; then 200 + clip(22 + 9 − 15) = 216.
        XCTAssertEqual(gradient, [10, 15, 9, 13, 22, 216])
    }
}
