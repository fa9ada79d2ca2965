import XCTest
import LottiePlay
@testable import lottie_cli

/// The image -> text encoder, the icon pictures, the art options, and the keys of the interactive bar.
final class TerminalArtTests: XCTestCase {
    private typealias Pixel = RGBAImage.Pixel

    /// An image from its pixels: rows top first.
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

    func testHalfBlockArtOfASmallShape() {
        let (o, x) = (Pixel.clear, Pixel.black)
        // A 3 x 5 "L": two lines of pairs of rows, then the odd last row alone.
        let picture = image([[x, o, o],
                             [x, o, o],
                             [x, o, o],
                             [x, o, o],
                             [x, x, x]])
        XCTAssertEqual(TerminalArt.lines(picture, style: .halfBlocks(color: false)), ["█  ", "█  ", "▀▀▀"])
    }

    // MARK: Without colour, on a background

    /// A picture with a background (opaque all round its border) shows its shapes by their tone
    /// against the background, not as one solid block.
    func testShapesOnABackgroundShowByTone() {
        let (w, k) = (Pixel.white, Pixel.black)
        // A black 2 x 2 square on white: ink where the square is.
        let onWhite = image([[w, w, w, w], [w, k, k, w], [w, k, k, w], [w, w, w, w]])
        XCTAssertEqual(TerminalArt.lines(onWhite, style: .halfBlocks(color: false)), [" ▄▄ ", " ▀▀ "])
        // A white square on black: the same.
        let onBlack = image([[k, k, k, k], [k, w, w, k], [k, w, w, k], [k, k, k, k]])
        XCTAssertEqual(TerminalArt.lines(onBlack, style: .halfBlocks(color: false)), [" ▄▄ ", " ▀▀ "])
        XCTAssertEqual(TerminalArt.lines(onBlack, style: .braille(color: false)), ["\u{2830}\u{2806}"])
        // A colour far enough from the background's tone is ink too; a background alone is nothing.
        let blue = Pixel(red: 0, green: 122, blue: 255)
        XCTAssertEqual(TerminalArt.lines(image([[w, w, w], [w, blue, w]]), style: .halfBlocks(color: false)), [" ▄ "])
        XCTAssertEqual(TerminalArt.lines(image([[w, w], [w, w]]), style: .halfBlocks(color: false)), ["  "])
        XCTAssertEqual(MonochromeInk(onWhite).background, MonochromeInk.level(w))
        XCTAssertNil(MonochromeInk(image([[.clear, k], [k, k]])).background, "a border transparent anywhere: coverage")
    }

    // MARK: Braille

    /// A 2 x 4 cell with the pixels at `lit` (x, y) black, the rest transparent.
    private func cell(lit: [(Int, Int)]) -> RGBAImage {
        var picture = RGBAImage(width: 2, height: 4)
        for (x, y) in lit { picture[x, y] = .black }
        return picture
    }

    func testBrailleDotsFollowTheDotNumbering() {
        let braille = TerminalArtStyle.braille(color: false)
        XCTAssertEqual(TerminalArt.lines(cell(lit: [(0, 0)]), style: braille), ["\u{2801}"])  // dot 1
        XCTAssertEqual(TerminalArt.lines(cell(lit: [(1, 3)]), style: braille), ["\u{2880}"])  // dot 8
        XCTAssertEqual(TerminalArt.lines(cell(lit: [(0, 3)]), style: braille), ["\u{2840}"])  // dot 7
        XCTAssertEqual(TerminalArt.lines(cell(lit: [(1, 0)]), style: braille), ["\u{2808}"])  // dot 4
        XCTAssertEqual(TerminalArt.lines(cell(lit: [(0, 1), (0, 2), (1, 1), (1, 2)]), style: braille),
                       ["\u{2836}"])  // dots 2, 3, 5, 6
        let all = (0..<4).flatMap { y in [(0, y), (1, y)] }
        // A cell lit all round has an opaque border: its dots are by coverage here, not by tone
        // against a background (`MonochromeInk`).
        XCTAssertEqual(TerminalArt.brailleCharacter(TerminalArt.brailleBits(cell(lit: all), left: 0, top: 0)), "\u{28FF}")
        XCTAssertEqual(TerminalArt.lines(cell(lit: []), style: braille), [" "], "a cell without dots is a space")
    }

    func testBrailleDotsShowPixelsAtLeastHalfOpaque() {
        let half = Pixel(red: 0, green: 0, blue: 0, alpha: 128)
        let faint = Pixel(red: 0, green: 0, blue: 0, alpha: 127)
        let picture = image([[half, faint], [faint, half], [.clear, .clear], [.clear, .clear]])
        XCTAssertEqual(TerminalArt.brailleBits(picture, left: 0, top: 0), 0x01 | 0x10)  // dots 1 and 5
    }

    func testBraillePartialCellsAtTheEdgesCountAsTransparent() {
        // 3 x 5 pixels, all black, dots by coverage: 2 characters by 2 lines; the last column and
        // row are partial cells.
        let picture = RGBAImage(width: 3, height: 5, filledWith: .black)
        XCTAssertEqual([0, 4].map { TerminalArt.brailleLine(picture, top: $0, color: false, ink: TerminalArt.isShown) },
                       ["\u{28FF}\u{2847}",   // full cell, then the left column only (dots 1, 2, 3, 7)
                        "\u{2809}\u{2801}"])  // the top row only: dots 1 and 4, then dot 1
    }

    func testColorBrailleUsesTheAverageColourOfTheLitPixels() {
        let red = Pixel(red: 200, green: 0, blue: 0)
        let blue = Pixel(red: 0, green: 0, blue: 100)
        let faintGreen = Pixel(red: 0, green: 255, blue: 0, alpha: 100)  // not lit: left out of the average
        let picture = image([[red, blue, .clear, .clear],
                             [faintGreen, .clear, .clear, .clear],
                             [.clear, .clear, .clear, .clear],
                             [.clear, .clear, .clear, .clear]])
        XCTAssertEqual(TerminalArt.lines(picture, style: .braille(color: true)),
                       ["\u{1B}[38;2;100;0;50m\u{2809}\u{1B}[0m "])  // dots 1 and 4, then a blank cell
    }

    func testCharactersPerPictureByStyle() {
        XCTAssertEqual(TerminalArtStyle.braille(color: false).columns(forWidth: 5), 3)
        XCTAssertEqual(TerminalArtStyle.braille(color: false).lines(forHeight: 9), 3)
        XCTAssertEqual(TerminalArtStyle.halfBlocks(color: true).columns(forWidth: 5), 5)
        XCTAssertEqual(TerminalArtStyle.ascii.lines(forHeight: 9), 5)
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

    // MARK: Pictures

    /// A 10 x 10 canvas with a filled 5 x 5 red square at the top left and a blue stroke along y = 7.5.
    private func scene() -> LottieScene {
        let square = BezierContour(polygon: [Vector2(0, 0), Vector2(5, 0), Vector2(5, 5), Vector2(0, 5)], closed: true)
        let line = BezierContour(polygon: [Vector2(0, 7.5), Vector2(10, 7.5)], closed: false)
        let drawings = [
            ShapeDrawing(paths: [square], paint: .fill(RGBAColor(red: 1, green: 0, blue: 0), .nonZero), opacity: 1,
                         jsonPath: "fill"),
            ShapeDrawing(paths: [line], paint: .stroke(RGBAColor(red: 0, green: 0, blue: 1), StrokeStyleValues(width: 1)),
                         opacity: 1, jsonPath: "stroke"),
        ]
        let layer = SceneLayer(name: "shapes", index: 1, type: .shape, jsonPath: "layers[0]", localFrame: 0,
                               transform: .identity, opacity: 1, blendMode: .normal, content: .shapes(drawings))
        return LottieScene(frame: 0, width: 10, height: 10, layers: [layer])
    }

    func testPictureFillsAndStrokes() {
        let picture = IconPicture.image(scene: scene(), width: 10, height: 10)
        XCTAssertEqual(picture[2, 2], Pixel(red: 255, green: 0, blue: 0))   // inside the square
        XCTAssertEqual(picture[7, 2], .clear)                               // outside
        XCTAssertEqual(picture[4, 4], Pixel(red: 255, green: 0, blue: 0))   // the square's last pixel, whole
        XCTAssertEqual(picture[5, 5].alpha, 0)                              // just outside it
        XCTAssertEqual(picture[3, 7], Pixel(red: 0, green: 0, blue: 255))   // on the stroke: y 7..8
        XCTAssertEqual(picture[3, 6].alpha, 0)
    }

    func testPictureIsAntiAliased() {
        // At 15 x 15 pixels the square ends at 7.5: its last column and row are half covered.
        let picture = IconPicture.image(scene: scene(), width: 15, height: 15)
        XCTAssertEqual(picture[3, 3], Pixel(red: 255, green: 0, blue: 0))
        XCTAssertEqual(Int(picture[7, 3].alpha), 128, accuracy: 1)
        XCTAssertEqual(Int(picture[7, 7].alpha), 64, accuracy: 1)
    }

    func testPictureFitsTheCanvasAndCentresIt() {
        // The 10 x 10 canvas in 20 x 10 pixels: scale 1, 5 pixels of margin on each side.
        let picture = IconPicture.image(scene: scene(), width: 20, height: 10)
        XCTAssertEqual(picture[7, 2], Pixel(red: 255, green: 0, blue: 0))
        XCTAssertEqual(picture[2, 2], .clear)
    }

    // MARK: Options

    private func artOptions(_ arguments: String...) throws -> ArtOptions {
        let signature = CommandSignature(options: ArtOptions.options)
        return try ArtOptions(try Arguments(parsing: arguments, for: signature), color: true)
    }

    func testArtOptionsChooseTheStyleAndItsDefaultSize() throws {
        let plain = try artOptions()
        XCTAssertFalse(plain.isEnabled)
        XCTAssertEqual(plain.style, .halfBlocks(color: true))
        XCTAssertEqual([plain.width, plain.height, plain.columns, plain.lines], [24, 24, 24, 12])

        let braille = try artOptions("--braille")
        XCTAssertTrue(braille.isEnabled)
        XCTAssertEqual(braille.style, .braille(color: true))
        // Twice the pixels each way, in the same room as half blocks.
        XCTAssertEqual([braille.width, braille.height, braille.columns, braille.lines], [48, 48, 24, 12])

        let small = try artOptions("--braille", "--size", "20x10")
        XCTAssertEqual([small.width, small.height, small.columns, small.lines], [20, 10, 10, 3])
        XCTAssertEqual(try artOptions("--ascii").style, .ascii)
        XCTAssertThrowsError(try artOptions("--ascii", "--braille")) { error in
            XCTAssertEqual(error as? UsageError, UsageError("give one of --ascii and --braille, not both"))
        }
    }

    // MARK: Terminal size for render --out -

    func testRenderArtFitsTheColumnsAndTheLines() {
        // A square composition in 64 columns: 64 x 64 half-block pixels, 128 x 128 braille ones.
        XCTAssertTrue(RenderCommand.fittedArtSize(aspectRatio: 1, style: .halfBlocks(color: false), columns: 64,
                                                  lines: nil) == (64, 64))
        XCTAssertTrue(RenderCommand.fittedArtSize(aspectRatio: 1, style: .braille(color: false), columns: 64,
                                                  lines: nil) == (128, 128))
        // A 2:1 composition: half as high as wide.
        XCTAssertTrue(RenderCommand.fittedArtSize(aspectRatio: 2, style: .ascii, columns: 80, lines: nil) == (80, 40))
        // A terminal of 100 x 24: 23 lines (one left for the prompt) of 2 pixel rows hold 46 rows.
        XCTAssertTrue(RenderCommand.fittedArtSize(aspectRatio: 1, style: .halfBlocks(color: true), columns: 100,
                                                  lines: 23) == (46, 46))
        // Never past the largest side.
        XCTAssertTrue(RenderCommand.fittedArtSize(aspectRatio: 1, style: .braille(color: false), columns: 5000,
                                                  lines: nil) == (RenderCommand.maxArtSide, RenderCommand.maxArtSide))
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
