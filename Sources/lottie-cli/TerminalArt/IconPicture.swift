import LottiePlay

// MARK: - IconPicture

/// The picture of an icon at one moment, for terminal art. Everything that draws icons in
/// `lottie-cli` (`tabs --art`, `play --art`, the interactive tab bar) goes through this one
/// function, so that they all look the same.
enum IconPicture {
    /// `scene`'s canvas fitted ("contain": uniform scale, centred) into `width` x `height` pixels
    /// by the anti-aliased renderer of `LottiePlay`, transparent where nothing is drawn.
    /// Embedded images are not drawn: icons are vector shapes, and a picture this small would
    /// not show them anyway.
    static func image(scene: LottieScene, width: Int, height: Int) -> RGBAImage {
        guard width > 0, height > 0 else { return RGBAImage(width: max(width, 0), height: max(height, 0)) }
        return SceneRenderer(width: width, height: height).render(scene)
    }
}
