import Foundation
import LottieModel
import LottiePlay
import TestSupport

// MARK: - HostileFixtures

/// The hostile inputs of `Tests/Hostile/` (files we wrote ourselves: cycles, bombs, truncated
/// and mistyped documents, inputs the fuzzer found) and the one pipeline every test runs them
/// through: decode, compile, evaluate at a few moments, render small.
enum HostileFixtures {
    /// `Tests/Hostile/`.
    static let folder = Corpus.repositoryRoot.appendingPathComponent("Tests/Hostile")

    /// Every fixture's file name, sorted (not the notes, not `Reported/`).
    static func names() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { name in
            var isDirectory: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path,
                                                        isDirectory: &isDirectory)
            return exists && !isDirectory.boolValue && !name.hasPrefix(".") && !name.hasSuffix(".md")
        }.sorted()
    }

    static func data(_ name: String) throws -> Data {
        try Data(contentsOf: folder.appendingPathComponent(name))
    }

    /// What happened to one input.
    struct Outcome {
        /// The decoding error's description, or nil when the file decoded.
        var error: String?
        /// `Timeline.warnings` when it decoded.
        var warnings: [String] = []
        /// Seconds spent in each stage.
        var decodeSeconds = 0.0
        var evaluateSeconds = 0.0
        var renderSeconds = 0.0
        var totalSeconds: Double { decodeSeconds + evaluateSeconds + renderSeconds }
    }

    /// The moments every input is evaluated at (progress).
    static let moments: [Double] = [0, 0.37, 1]

    /// Decodes, compiles, evaluates at `moments` and renders each scene at 32 x 32.
    static func run(_ data: Data, limits: LottieLimits = .default) -> Outcome {
        var outcome = Outcome()
        let clock = ContinuousClock()
        var animation: LottieAnimation?
        outcome.decodeSeconds = seconds(clock.measure {
            do {
                animation = try LottieDecoder(limits: limits).decode(data)
            } catch {
                outcome.error = "\(error)"
            }
        })
        guard let animation else { return outcome }
        var scenes: [LottieScene] = []
        outcome.evaluateSeconds = seconds(clock.measure {
            let timeline = Timeline(animation, limits: limits)
            outcome.warnings = timeline.warnings.map(\.description)
            scenes = moments.map { timeline.scene(atProgress: $0) }
        })
        outcome.renderSeconds = seconds(clock.measure {
            let renderer = SceneRenderer(width: 32, height: 32)
            let images = ImageStore(animation: animation)
            for scene in scenes { _ = renderer.render(scene, images: images) }
        })
        return outcome
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
    }
}
