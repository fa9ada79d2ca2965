import Foundation
import LottiePlay

// MARK: - ImageCheck

/// `check --min-psnr DB --artifacts DIR`: an animation's stored frames (`StoredFrames`) compared
/// with what it renders now. For a frame that does not match, the new frame and a difference
/// picture are written into the folder of artefacts, when there is one.
struct ImageCheck: Sendable {
    var minimumPSNR: Double
    /// Where the new frame and the difference picture of a frame that does not match go; nil: nowhere.
    var artifacts: String?

    /// One stored frame's result: nil when it matches, else why not.
    struct Result {
        var problem: String?
        var matches: Bool { problem == nil }
    }

    /// Compares every frame stored beside `snapshot`; `name` (the animation's path in its folder)
    /// prefixes the artefacts' file names.
    func check(_ loaded: LoadedAnimation, besideSnapshot snapshot: String, name: String) throws(CommandFailure) -> [Result] {
        let frames = StoredFrames.frames(besideSnapshot: URL(fileURLWithPath: snapshot))
        guard !frames.isEmpty else { return [] }
        let timeline = loaded.compile()
        let images = loaded.images
        var results: [Result] = []
        for frame in frames {
            let comparison = StoredFrames.compare(frame, timeline: timeline, images: images)
            let file = ((snapshot as NSString).deletingLastPathComponent as NSString).appendingPathComponent(frame.url.lastPathComponent)
            guard var problem = comparison.problem(minimumPSNR: minimumPSNR, file: file) else {
                results.append(Result(problem: nil))
                continue
            }
            if let artifacts, let expected = comparison.expected, let actual = comparison.actual {
                let stem = (artifacts as NSString).appendingPathComponent(name + "@" + StoredFrames.name(frame.progress))
                try SnapshotFolder.createFolder(of: stem)
                try Self.writePNG(actual, to: stem + ".new.png")
                if let picture = ImageDifference.picture(expected, actual) { try Self.writePNG(picture, to: stem + ".diff.png") }
                problem += "; wrote \(stem).new.png and .diff.png"
            } else if artifacts == nil {
                problem += " (--artifacts DIR keeps the new frame and a difference picture)"
            }
            results.append(Result(problem: problem))
        }
        return results
    }

    /// Writes every frame stored beside `snapshot` again; returns how many changed.
    func update(_ loaded: LoadedAnimation, besideSnapshot snapshot: String) throws(CommandFailure) -> Int {
        do {
            return try StoredFrames.rewrite(loaded.compile(), images: loaded.images, besideSnapshot: URL(fileURLWithPath: snapshot))
        } catch {
            throw CommandFailure("cannot write the frames beside '\(snapshot)': \(error)")
        }
    }

    /// Writes the frames `options` asks for beside `snapshot`; returns how many.
    static func write(_ loaded: LoadedAnimation, besideSnapshot snapshot: String, _ options: ImageOptions) throws(CommandFailure) -> Int {
        do {
            try StoredFrames.write(loaded.compile(), images: loaded.images, besideSnapshot: URL(fileURLWithPath: snapshot),
                                   progresses: options.progresses, size: options.size)
        } catch {
            throw CommandFailure("cannot write the frames beside '\(snapshot)': \(error)")
        }
        return options.progresses.count
    }

    private static func writePNG(_ image: RGBAImage, to path: String) throws(CommandFailure) {
        do {
            try Data(try PNGEncoder().encode(image)).write(to: URL(fileURLWithPath: path))
        } catch {
            throw CommandFailure("cannot write '\(path)': \(error)")
        }
    }
}
