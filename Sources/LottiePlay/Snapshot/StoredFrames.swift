import Foundation
import LottieModel

// MARK: - StoredFrames

/// PNG frames kept beside a keyframe snapshot, to catch what only shows in pixels (a blend mode,
/// a matte, a change of renderer), as image snapshots do. The frame at progress `p` of
/// `icons/home.json.snap` is `icons/home.json@p.png` (`home@0.5.png` beside `home.snap`): a
/// check finds the frames by name, renders the animation at the same progress and size, and
/// compares (`ImageDifference`).
public enum StoredFrames {
    /// The moments stored by default: the first frame, the middle, the final pose.
    public static let defaultProgresses: [Double] = [0, 0.5, 1]
    /// The longest side of frames stored by default (the canvas's shape is kept).
    public static let defaultLongestSide = 256
    /// The least PSNR (dB) at which a frame still matches, by default: well above the 30 dB at
    /// which two players are said to agree, so that a change a person can see fails.
    public static let defaultMinimumPSNR = 40.0

    /// A frame stored beside a snapshot.
    public struct Frame: Equatable, Sendable {
        public var progress: Double
        public var url: URL
    }

    /// The file of the frame at `progress` beside `snapshot`.
    public static func url(besideSnapshot snapshot: URL, progress: Double) -> URL {
        snapshot.deletingLastPathComponent().appendingPathComponent(stem(of: snapshot) + "@" + name(progress) + ".png")
    }

    /// The frames stored beside `snapshot`, by progress.
    public static func frames(besideSnapshot snapshot: URL) -> [Frame] {
        let folder = snapshot.deletingLastPathComponent()
        let prefix = stem(of: snapshot) + "@"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.compactMap { name -> Frame? in
            guard name.hasPrefix(prefix), name.hasSuffix(".png"),
                  let progress = Double(name.dropFirst(prefix.count).dropLast(4)), (0...1).contains(progress)
            else { return nil }
            return Frame(progress: progress, url: folder.appendingPathComponent(name))
        }.sorted { $0.progress < $1.progress }
    }

    /// How a progress is written in file names: `0`, `0.5`, `0.333333`.
    public static func name(_ progress: Double) -> String {
        String(format: "%g", progress)
    }

    /// The snapshot's file name without `.snap`.
    private static func stem(of snapshot: URL) -> String {
        let name = snapshot.lastPathComponent
        return name.hasSuffix(".snap") ? String(name.dropLast(5)) : name
    }

    /// The size frames are stored at by default: the canvas scaled so that its longest side is
    /// `defaultLongestSide` pixels.
    public static func defaultSize(canvasWidth width: Double, height: Double) -> (width: Int, height: Int) {
        let side = Double(defaultLongestSide)
        let longest = max(width, height)
        guard longest.isFinite, longest > 0 else { return (defaultLongestSide, defaultLongestSide) }
        return (min(defaultLongestSide, max(1, Int((width * side / longest).rounded()))),
                min(defaultLongestSide, max(1, Int((height * side / longest).rounded()))))
    }

    /// The animation's frame at `progress`, `width` x `height` pixels.
    public static func render(_ timeline: Timeline, images: ImageStore, progress: Double, width: Int, height: Int) -> RGBAImage {
        SceneRenderer(width: width, height: height).render(timeline.scene(atProgress: progress), images: images)
    }

    /// A stored frame next to what the animation renders now at its progress and size.
    public struct Comparison: Sendable {
        public var frame: Frame
        /// The stored frame; nil when its file cannot be read as a PNG.
        public var expected: RGBAImage?
        public var actual: RGBAImage?
        public var difference: ImageDifference?

        /// Whether the frame is close enough: read, and at least `minimumPSNR` dB.
        public func matches(minimumPSNR: Double) -> Bool {
            guard let difference else { return false }
            return difference.psnr >= minimumPSNR
        }

        /// Why the frame does not match, in a sentence; `file` names the frame's file (default:
        /// its path).
        public func problem(minimumPSNR: Double, file: String? = nil) -> String? {
            guard !matches(minimumPSNR: minimumPSNR) else { return nil }
            let progress = StoredFrames.name(frame.progress)
            let file = file ?? frame.url.path
            guard let difference else {
                return "cannot read the frame at progress \(progress), \(file), as a PNG"
            }
            let percent = String(format: "%.2f", difference.percentOver16)
            return "frame at progress \(progress) differs from \(file): "
                + String(format: "%.1f", difference.psnr) + " dB (at least " + String(format: "%g", minimumPSNR)
                + " needed), \(percent)% of pixels off by more than 16"
        }
    }

    /// Renders the animation at the frame's progress and size and compares.
    public static func compare(_ frame: Frame, timeline: Timeline, images: ImageStore) -> Comparison {
        let maxPixels = PNGDecoder.Limits.default.maxPixelCount
        guard let data = FileManager.default.contents(atPath: frame.url.path),
              let expected = try? PNGDecoder().decode([UInt8](data)),
              expected.width * expected.height <= maxPixels else {
            return Comparison(frame: frame, expected: nil, actual: nil, difference: nil)
        }
        let actual = render(timeline, images: images, progress: frame.progress, width: expected.width, height: expected.height)
        return Comparison(frame: frame, expected: expected, actual: actual, difference: ImageDifference(expected, actual))
    }

    /// Writes the animation's frames at `progresses` beside `snapshot`, `size` pixels (default:
    /// `defaultSize`).
    public static func write(_ timeline: Timeline, images: ImageStore, besideSnapshot snapshot: URL,
                             progresses: [Double] = defaultProgresses, size: (width: Int, height: Int)? = nil) throws {
        let (width, height) = size ?? defaultSize(canvasWidth: timeline.width, height: timeline.height)
        for progress in progresses {
            let image = render(timeline, images: images, progress: progress, width: width, height: height)
            try Data(try PNGEncoder().encode(image)).write(to: url(besideSnapshot: snapshot, progress: progress))
        }
    }

    /// Writes every frame stored beside `snapshot` again from the animation (same progress and
    /// size); returns how many changed.
    @discardableResult
    public static func rewrite(_ timeline: Timeline, images: ImageStore, besideSnapshot snapshot: URL) throws -> Int {
        var changed = 0
        for frame in frames(besideSnapshot: snapshot) {
            let comparison = compare(frame, timeline: timeline, images: images)
            if let expected = comparison.expected, expected.pixels == comparison.actual?.pixels { continue }
            let size = comparison.expected.map { ($0.width, $0.height) }
                ?? defaultSize(canvasWidth: timeline.width, height: timeline.height)
            let image = comparison.actual
                ?? render(timeline, images: images, progress: frame.progress, width: size.0, height: size.1)
            try Data(try PNGEncoder().encode(image)).write(to: frame.url)
            changed += 1
        }
        return changed
    }
}
