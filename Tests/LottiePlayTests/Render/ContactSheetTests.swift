import XCTest
import LottiePlay

// MARK: - ContactSheetTests

/// The grid: cell origins, sheet size, gaps and empty cells.
final class ContactSheetTests: XCTestCase {
    private typealias Pixel = RGBAImage.Pixel
    private let gapColor = Pixel(red: 128, green: 128, blue: 128)

    /// Five 3x2 frames, frame i filled with grey level 10·i and a red pixel at (2, 1).
    private var frames: [RGBAImage] {
        (0..<5).map { index in
            var frame = RGBAImage(width: 3, height: 2, filledWith: Pixel(red: UInt8(10 * index), green: 0, blue: 0))
            frame[2, 1] = Pixel(red: 255, green: UInt8(index), blue: 0)
            return frame
        }
    }

    func testFiveFramesMakeThreeColumnsAndTwoRows() throws {
        let sheet = try ContactSheet(gap: 4, gapColor: gapColor).image(of: frames)
        // 3 columns (⌈√5⌉): 3·3 + 2·4 = 17 wide; 2 rows: 2·2 + 4 = 8 high.
        XCTAssertEqual([sheet.width, sheet.height], [17, 8])
        // Frame 4 is in column 1, row 1: origin (7, 6); its red pixel at (9, 7).
        XCTAssertEqual(sheet[7, 6], Pixel(red: 40, green: 0, blue: 0))
        XCTAssertEqual(sheet[9, 7], Pixel(red: 255, green: 4, blue: 0))
        // Frame 2's red pixel: origin (14, 0) + (2, 1).
        XCTAssertEqual(sheet[16, 1], Pixel(red: 255, green: 2, blue: 0))
        XCTAssertEqual(sheet[3, 0], gapColor, "gap between columns 0 and 1")
        XCTAssertEqual(sheet[0, 2], gapColor, "gap between rows")
        XCTAssertEqual(sheet[14, 6], gapColor, "the empty last cell")
    }

    func testGivenColumnsSetTheGrid() throws {
        let layout = ContactSheet(columns: 2, gap: 1)
        XCTAssertEqual(layout.columnCount(forFrames: 5), 2)
        let size = layout.size(forFrames: 5, width: 3, height: 2)
        XCTAssertEqual([size.width, size.height], [7, 8])  // 2·3 + 1; 3 rows: 3·2 + 2·1
        let origin = layout.origin(ofFrame: 3, frameCount: 5, width: 3, height: 2)
        XCTAssertEqual([origin.x, origin.y], [4, 3])
        XCTAssertEqual(try layout.image(of: frames)[6, 4], Pixel(red: 255, green: 3, blue: 0))
        XCTAssertEqual(ContactSheet(columns: 9).columnCount(forFrames: 5), 5, "never more columns than frames")
    }

    func testOneFrameIsTheFrameItself() throws {
        let frame = frames[1]
        XCTAssertEqual(try ContactSheet().image(of: [frame]), frame)
    }
}
