import Foundation
import LottiePlay

// MARK: - RenderSource

/// What every output of `render` starts from: the animation loaded within the limits of
/// `--limits`/`--limit`, compiled within the same limits, and its images decoded within them
/// (relative image paths are looked up beside the file).
struct RenderSource {
    let loaded: LoadedAnimation
    let timeline: Timeline
    let images: ImageStore

    var limits: LottieLimits { loaded.limits }

    init(_ path: String, _ arguments: Arguments) throws {
        loaded = try loadAnimation(arguments)
        timeline = loaded.compile()
        images = loaded.images
    }
}
