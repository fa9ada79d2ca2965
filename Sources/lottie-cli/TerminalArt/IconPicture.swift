import LottiePlay

// MARK: - IconPicture

/// The picture of an icon at one moment, for terminal art. Everything that draws icons in
/// `lottie-cli` (`tabs --art`, `play --art`, the interactive tab bar) goes through this one
/// function, so that the coarse `IconSketch` can be swapped for the pixel renderer of
/// `LottiePlay/Render/` in one place once it lands.
enum IconPicture {
    /// `scene`'s canvas fitted ("contain": uniform scale, centred) into `width` x `height` pixels,
    /// transparent where nothing is drawn.
    static func image(scene: Scene, width: Int, height: Int) -> RGBAImage {
        IconSketch.image(of: scene, width: width, height: height)
    }
}
