import Foundation
import XCTest
import LottieModel
import TestSupport
@testable import LottiePlay

/// A rough check of the scene against the reference renders (`shared/reference/renders`) before
/// there is a renderer: for simple files (no masks, mattes, precomps, images, text, expressions,
/// effects, time remap or 3D) at frames where rlottie and ThorVG agree (PSNR >= 30 dB), the
/// scene's painted area must match the area rlottie drew, and its main colour must be one the
/// scene paints.
final class ReferenceConsistencyTests: XCTestCase {
    struct Frame {
        var corpusPath: String
        var frame: Double
        var rlottiePNG: String
    }

    static let simpleFeatureColumns = ["expressions", "masks", "mattes", "precomps", "images", "text",
                                       "time_remap", "effects", "ddd"]

    static func tsv(_ url: URL) throws -> [[String: String]] {
        let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
        guard let header = lines.first else { return [] }
        return lines.dropFirst().map { Dictionary(uniqueKeysWithValues: zip(header, $0)) }
    }

    static func agreeingSimpleFrames() throws -> [Frame] {
        guard let corpus = Corpus.file("manifest.tsv"),
              let renders = Corpus.shared("reference/renders/manifest.tsv") else { return [] }
        let simple = Set(try tsv(corpus).filter { row in
            row["kind"] == "json" && simpleFeatureColumns.allSatisfy { row[$0] == "0" }
        }.compactMap { $0["path"] })
        return try tsv(renders).compactMap { row in
            guard let path = row["corpus_path"], simple.contains(path), let psnr = row["psnr_rlottie_thorvg"],
                  psnr == "inf" || (Double(psnr) ?? 0) >= 30, let frame = row["frame"].flatMap(Double.init),
                  let png = row["rlottie_png"] else { return nil }
            return Frame(corpusPath: path, frame: frame, rlottiePNG: png)
        }
    }

    /// Pixel bounds (min x, min y, max x, max y) of pixels with alpha above half, or nil when none.
    static func opaqueBounds(_ image: RGBAImage) -> (Int, Int, Int, Int)? {
        var box: (Int, Int, Int, Int)?
        for y in 0..<image.height {
            for x in 0..<image.width where image.pixels[(y * image.width + x) * 4 + 3] > 127 {
                box = box.map { (min($0.0, x), min($0.1, y), max($0.2, x), max($0.3, y)) } ?? (x, y, x, y)
            }
        }
        return box
    }

    /// The canvas area the scene paints at more than half opacity (strokes widened by half their
    /// width), in the 256 x 256 "contain" fit of the reference renders, or nil when nothing is.
    static func sceneBounds(_ scene: LottieScene, size: Double) -> Rect? {
        let scale = min(size / scene.width, size / scene.height)
        let fit = AffineMatrix(a: scale, b: 0, c: 0, d: scale,
                                             tx: (size - scene.width * scale) / 2, ty: (size - scene.height * scale) / 2)
        var box: Rect?
        for (layer, _) in scene.flattenedLayers() {
            let drawings: [ShapeDrawing]
            switch layer.content {
            case .shapes(let list): drawings = list
            case .solid(let color, let width, let height):
                let rect = Rect(x: 0, y: 0, width: width, height: height).applying(fit * layer.transform)
                if color.alpha * layer.opacity > 0.5 { box = box.map { $0.union(rect) } ?? rect }
                continue
            default: continue
            }
            let toPixels = fit * layer.transform
            let layerScale = abs(toPixels.determinant).squareRoot()
            for drawing in drawings {
                var widen = 0.0
                var alpha = layer.opacity * drawing.opacity
                switch drawing.paint {
                case .fill(let color, _): alpha *= color.alpha
                case .stroke(let color, let style):
                    alpha *= color.alpha
                    widen = style.width / 2 * layerScale
                case .gradientStroke(_, let style): widen = style.width / 2 * layerScale
                case .gradientFill: break
                }
                guard alpha > 0.5 else { continue }
                for path in drawing.paths {
                    guard var rect = path.bounds(applying: toPixels) else { continue }
                    rect = Rect(x: rect.x - widen, y: rect.y - widen, width: rect.width + 2 * widen, height: rect.height + 2 * widen)
                    box = box.map { $0.union(rect) } ?? rect
                }
            }
        }
        let canvas = Rect(x: 0, y: 0, width: scene.width, height: scene.height).applying(fit)
        guard let found = box else { return nil }
        let minX = max(found.x, canvas.x), minY = max(found.y, canvas.y)
        let maxX = min(found.x + found.width, canvas.x + canvas.width), maxY = min(found.y + found.height, canvas.y + canvas.height)
        return maxX > minX && maxY > minY ? Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY) : nil
    }

    func testSceneBoundsMatchTheReferenceRendersOfSimpleFiles() throws {
        let frames = try Self.agreeingSimpleFrames()
        try XCTSkipIf(frames.isEmpty, Corpus.missingMessage("reference/renders"))
        let rendersRoot = try XCTUnwrap(Corpus.shared("reference/renders"))
        var timelines: [String: Timeline] = [:]
        var matched = 0
        var mismatches: [String] = []
        for frame in frames {
            let timeline = try timelines[frame.corpusPath] ?? Timeline(LottieDecoder().decode(Corpus.data(frame.corpusPath)))
            timelines[frame.corpusPath] = timeline
            let png = try Data(contentsOf: rendersRoot.appendingPathComponent(frame.rlottiePNG))
            let reference = Self.opaqueBounds(try PNGDecoder().decode([UInt8](png)))
            let ours = Self.sceneBounds(timeline.scene(atFrame: frame.frame), size: 256)
            switch (reference, ours) {
            case (nil, _):
                matched += 1  // nothing drawn opaquely: our bounds may still hold faint shapes
            case (.some(let box), .some(let rect)):
                // Miter joins and anti-aliasing reach a little past "half the stroke width".
                let tolerance = 4.0
                let fits = Double(box.0) >= rect.x - tolerance && Double(box.1) >= rect.y - tolerance
                    && Double(box.2 + 1) <= rect.x + rect.width + tolerance && Double(box.3 + 1) <= rect.y + rect.height + tolerance
                let tight = Double(box.0) <= rect.x + 16 && Double(box.1) <= rect.y + 16
                    && Double(box.2 + 1) >= rect.x + rect.width - 16 && Double(box.3 + 1) >= rect.y + rect.height - 16
                if fits && tight { matched += 1 } else {
                    mismatches.append("\(frame.corpusPath) f\(Int(frame.frame)): reference \(box), scene \(rect)")
                }
            case (.some(let box), nil):
                mismatches.append("\(frame.corpusPath) f\(Int(frame.frame)): reference draws \(box), the scene nothing")
            }
        }
        let share = Double(matched) / Double(frames.count)
        print("reference bounds: \(matched) of \(frames.count) frames match (\(Int(share * 100))%)")
        for line in mismatches { print("  mismatch: \(line)") }
        XCTAssertGreaterThanOrEqual(share, 0.93, "share of simple reference frames whose painted area matches the scene")
    }
}
