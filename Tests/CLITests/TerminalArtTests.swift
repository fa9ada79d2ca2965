import XCTest
import LottiePlay
@testable import lottie_cli

/// The image -> text encoder, the coarse icon sketch, and the keys of the interactive bar.
final class TerminalArtTests: XCTestCase {
    private typealias Pixel = RGBAImage.Pixel

    /// A 2 x 2 image: rows top first.
    private func image(_ rows: [[Pixel]]) -> RGBAImage {
        var image = RGBAImage(width: rows[0].count, height: rows.count)
        for (y, row) in rows.enumerated() {
            for (x, pixel) in row.enumerated() { image[x, y] = pixel }
        }
        return image
    }

    // MARK: Half blocks

    func testHalfBlocksShowTheTopTheBottomBothOrNeither() {
        let black = Pixel.black
        let clear = Pixel.clear
        // Columns: top only, bottom only, both, neither.
        let picture = image([[black, clear, black, clear],
                             [clear, black, black, clear]])
        XCTAssertEqual(TerminalArt.lines(picture, style: .halfBlocks(color: false)), ["▀▄█ "])
    }

    func testHalfBlocksShowPixelsAtLeastHalfOpaque() {
        let half = Pixel(red: 0, green: 0, blue: 0, alpha: 128)
        let faint = Pixel(red: 0, green: 0, blue: 0, alpha: 127)
        XCTAssertEqual(TerminalArt.lines(image([[half, faint], [faint, half]]), style: .halfBlocks(color: false)),
                       ["▀▄"])
    }

    func testOddHeightPairsTheLastRowWithNothing() {
        let picture = image([[.black, .clear], [.clear, .black], [.black, .black]])
        XCTAssertEqual(TerminalArt.lines(picture, style: .halfBlocks(color: false)), ["▀▄", "▀▀"])
    }

    func testColorHalfBlocksUseForegroundAndBackground() {
        let red = Pixel(red: 255, green: 0, blue: 0)
        let blue = Pixel(red: 0, green: 0, blue: 255)
        let picture = image([[red, red, .clear], [blue, red, .clear]])
        let escape = "\u{1B}["
        XCTAssertEqual(TerminalArt.lines(picture, style: .halfBlocks(color: true)), [
            "\(escape)38;2;255;0;0m\(escape)48;2;0;0;255m▀"  // red over blue
                + "\(escape)49m█"                               // red on both halves: one full block
                + "\(escape)0m ",                               // colours reset after the last drawn column
        ])
    }

    // MARK: ASCII

    func testASCIIRampByLuminanceTimesOpacity() {
        let white = Pixel.white                                    // 1.0 -> '@'
        let black = Pixel.black                                    // 0.2 -> ':' (black stays visible)
        let halfWhite = Pixel(red: 255, green: 255, blue: 255, alpha: 128)  // ~0.5 -> '=' or '+'
        XCTAssertEqual(TerminalArt.asciiCharacter(TerminalArt.asciiValue(white)), "@")
        XCTAssertEqual(TerminalArt.asciiCharacter(TerminalArt.asciiValue(black)), ":")
        XCTAssertEqual(TerminalArt.asciiCharacter(TerminalArt.asciiValue(.clear)), " ")
        XCTAssertEqual(TerminalArt.asciiCharacter(TerminalArt.asciiValue(halfWhite)), "+")
        // A character shows the stronger of its two pixels.
        XCTAssertEqual(TerminalArt.lines(image([[white, .clear], [.clear, black]]), style: .ascii), ["@:"])
        XCTAssertEqual(TerminalArt.lines(image([[.clear, .clear], [.clear, .clear]]), style: .ascii), ["  "])
    }

    // MARK: Strip

    func testStripPutsPicturesInColumnsWithCaptions() {
        let lines = IconStrip.lines(pictures: [["ab", "cd"], ["ef", "gh"]], width: 2, captions: ["[Home]", "X"],
                                    pitch: 5, indent: 1)
        XCTAssertEqual(lines, [" ab   ef", " cd   gh", " [H   X"])
    }

    func testTrimmedStripDropsRowsBlankInEveryPicture() {
        let lines = IconStrip.lines(pictures: [["  ", "ab", "  "], ["  ", "  ", "cd"], ["  ", "  ", "  "]],
                                    width: 2, captions: [], pitch: 4, indent: 0, trimmed: true)
        XCTAssertEqual(lines, ["ab", "    cd"])
    }

    // MARK: Sketch

    /// A 10 x 10 canvas with a filled 5 x 5 red square at the top left and a blue stroke along y = 7.5.
    private func scene() -> Scene {
        let square = BezierContour(polygon: [Vector2(0, 0), Vector2(5, 0), Vector2(5, 5), Vector2(0, 5)], closed: true)
        let line = BezierContour(polygon: [Vector2(0, 7.5), Vector2(10, 7.5)], closed: false)
        let drawings = [
            ShapeDrawing(paths: [square], paint: .fill(RGBAColor(red: 1, green: 0, blue: 0), .nonZero), opacity: 1,
                         jsonPath: "fill"),
            ShapeDrawing(paths: [line], paint: .stroke(RGBAColor(red: 0, green: 0, blue: 1), StrokeStyleValues(width: 1)),
                         opacity: 1, jsonPath: "stroke"),
        ]
        let layer = SceneLayer(name: "shapes", index: 1, type: 4, jsonPath: "layers[0]", localFrame: 0,
                               transform: .identity, opacity: 1, blendMode: .normal, content: .shapes(drawings))
        return Scene(frame: 0, width: 10, height: 10, layers: [layer])
    }

    func testSketchFillsAndStrokes() {
        let picture = IconPicture.image(scene: scene(), width: 10, height: 10)
        XCTAssertEqual(picture[2, 2], Pixel(red: 255, green: 0, blue: 0))   // inside the square
        XCTAssertEqual(picture[7, 2], .clear)                               // outside
        XCTAssertEqual(picture[4, 4], Pixel(red: 255, green: 0, blue: 0))   // the square's last pixel, whole
        XCTAssertEqual(picture[5, 5].alpha, 0)                              // just outside it
        XCTAssertEqual(picture[3, 7], Pixel(red: 0, green: 0, blue: 255))   // on the stroke: y 7..8
        XCTAssertEqual(picture[3, 6].alpha, 0)
    }

    func testSketchFitsTheCanvasAndCentresIt() {
        // The 10 x 10 canvas in 20 x 10 pixels: scale 1, 5 pixels of margin on each side.
        let picture = IconPicture.image(scene: scene(), width: 20, height: 10)
        XCTAssertEqual(picture[7, 2], Pixel(red: 255, green: 0, blue: 0))
        XCTAssertEqual(picture[2, 2], .clear)
    }

    // MARK: Keys

    func testKeysFromTerminalBytes() {
        var decoder = KeyDecoder()
        XCTAssertEqual(decoder.keys(from: Array("12x\u{1B}[D\u{1B}[Cq".utf8)), [.digit(1), .digit(2), .left, .right, .quit])
        XCTAssertEqual(decoder.keys(from: [0x03]), [.quit])  // Ctrl-C
        // An arrow cut in two by the reads.
        XCTAssertEqual(decoder.keys(from: [0x1B]), [])
        XCTAssertEqual(decoder.keys(from: Array("[".utf8)), [])
        XCTAssertEqual(decoder.keys(from: Array("D3".utf8)), [.left, .digit(3)])
        XCTAssertEqual(decoder.keys(from: Array("\u{1B}OC0".utf8)), [.right])
    }

    // MARK: Events in words

    func testEventsInWords() {
        let titles = ["Home", "+", "Profile"]
        XCTAssertEqual(TabEventWords.words(for: [.selectionChanged(from: 0, to: 2), .iconInterrupted(0), .iconStarted(2)],
                                           titles: titles),
                       ["selected Profile", "Home icon interrupted", "Home icon reset to 0", "Profile icon started"])
        XCTAssertEqual(TabEventWords.words(for: [.selectionChanged(from: 2, to: 0), .iconStarted(0)], titles: titles),
                       ["selected Home", "Profile icon reset to 0", "Home icon started"])
        XCTAssertEqual(TabEventWords.words(for: [.actionFired(1), .iconInterrupted(1), .iconStarted(1)], titles: titles),
                       ["action + fired", "+ icon restarted"])
        XCTAssertEqual(TabEventWords.words(for: [.tapIgnored(2), .iconFinished(0)], titles: titles),
                       ["tap on Profile ignored (already selected)", "Home icon finished"])
    }
}
