import Foundation

// MARK: - Corpus

/// The shared folder beside the repository (`../shared`: the corpus of real Lottie files and the
/// reference renders). A user's clone has none; tests that need it skip with `Corpus.missingMessage`.
///
/// Tests reach `../shared` only through this type, so that `LOTTIE_SHARED=none` hides it from every
/// test, as in a fresh clone (`.ci/run` runs the suite so), and `LOTTIE_SHARED=DIR` reads it from
/// another folder.
public enum Corpus {
    /// The repository root, found from this source file's path.
    public static let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // TestSupport
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()

    /// The environment variable that hides or moves the shared folder.
    public static let environmentVariable = "LOTTIE_SHARED"

    /// The shared folder: `LOTTIE_SHARED` when set (nil when it is `none`), else `../shared` beside the
    /// repository; nil when hidden or absent.
    public static let sharedRoot: URL? = {
        let url: URL
        switch ProcessInfo.processInfo.environment[environmentVariable] {
        case "none": return nil
        case let path? where !path.isEmpty: url = URL(fileURLWithPath: path)
        default: url = repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared")
        }
        return FileManager.default.fileExists(atPath: url.path) ? url : nil
    }()

    /// A file or folder inside the shared folder, or nil when it (or the shared folder) is absent.
    public static func shared(_ relativePath: String) -> URL? {
        guard let url = sharedRoot?.appendingPathComponent(relativePath),
              FileManager.default.fileExists(atPath: url.path) else { return nil }
        return url
    }

    /// `corpus` in the shared folder, or nil when absent.
    public static var root: URL? { shared("corpus") }

    /// A corpus file or folder, or nil when absent.
    public static func file(_ relativePath: String) -> URL? {
        shared("corpus/" + relativePath)
    }

    public static let missingMessage = "../shared/corpus is absent beside the repository (or hidden by LOTTIE_SHARED=none); corpus tests skipped"

    /// The message of a test skipped because a folder of `../shared` other than the corpus is absent.
    public static func missingMessage(_ relativePath: String) -> String {
        "../shared/\(relativePath) is absent beside the repository (or hidden by LOTTIE_SHARED=none); test skipped"
    }

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
