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
        var loaded = try loadAnimation(arguments)
        loaded.imagesFolder = try imagesFolder(arguments)
        self.loaded = loaded
        timeline = loaded.compile()
        images = loaded.images
    }
}
