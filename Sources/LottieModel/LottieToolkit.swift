// MARK: - LottieToolkit

/// The toolkit as a whole.
public enum LottieToolkit {
    /// The toolkit's version (semantic versioning): what `lottie-cli --version` prints.
    public static let version = "0.1.0"
}
