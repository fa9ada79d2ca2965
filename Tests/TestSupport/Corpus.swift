import Foundation

// MARK: - Corpus

/// The shared corpus of real Lottie files (`../shared/corpus` beside the repository).
/// A user's clone has no `../shared`; tests that need it skip with `Corpus.missingMessage`.
public enum Corpus {
    /// The repository root, found from this source file's path.
    public static let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // TestSupport
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()

    /// `../shared` beside the repository.
    public static let sharedRoot = repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared")

    /// `../shared/corpus`, or nil when absent.
    public static var root: URL? {
        let url = sharedRoot.appendingPathComponent("corpus")
        return FileManager.default.fileExists(atPath: url.path) ? url : nil
    }

    public static let missingMessage = "../shared/corpus is absent beside the repository; corpus tests skipped"

    /// Every file below the corpus with one of these extensions, as paths relative to the corpus, sorted.
    public static func files(withExtensions extensions: Set<String>) -> [String] {
        guard let root, let walker = FileManager.default.enumerator(atPath: root.path) else { return [] }
        var found: [String] = []
        while let relative = walker.nextObject() as? String {
            if extensions.contains((relative as NSString).pathExtension.lowercased()) { found.append(relative) }
        }
        return found.sorted()
    }

    /// The JSON Lottie files (`.json`, `.lot`).
    public static func lottieJSONFiles() -> [String] {
        files(withExtensions: ["json", "lot"])
    }

    /// The bytes of a corpus file.
    public static func data(_ relativePath: String) throws -> Data {
        guard let root else { throw CocoaError(.fileNoSuchFile) }
        return try Data(contentsOf: root.appendingPathComponent(relativePath))
    }

    /// The `Samples/` folder of the repository.
    public static let samples = repositoryRoot.appendingPathComponent("Samples")
}
