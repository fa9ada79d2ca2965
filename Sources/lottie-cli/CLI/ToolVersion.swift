import LottieModel

// MARK: - ToolVersion

/// What `lottie-cli --version` prints: the toolkit's version.
enum ToolVersion {
    static let current = LottieToolkit.version
}
