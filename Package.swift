// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "LottieToolkit",
    products: [
        .library(name: "LottieModel", targets: ["LottieModel"]),
        .library(name: "LottiePlay", targets: ["LottiePlay"]),
        .executable(name: "lottie-cli", targets: ["lottie-cli"]),
    ],
    targets: [
        .target(name: "LottieModel"),
        .target(name: "LottiePlay", dependencies: ["LottieModel"]),
        // What the command-line tool asks of the C runtime by name (malloc_trim, the allocation counter).
        .target(name: "CRuntime"),
        .executableTarget(name: "lottie-cli", dependencies: ["LottieModel", "LottiePlay", "CRuntime"]),
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "LottieModelTests", dependencies: ["LottieModel", "TestSupport"]),
        .testTarget(
            name: "LottiePlayTests", dependencies: ["LottiePlay", "LottieModel", "TestSupport"],
            exclude: ["Render/Expected", "Image/JPEG/Fixtures", "Image/WebP/Fixtures"]),
        // Snapshots/*.txt are read from the source tree by the tests, not bundled.
        .testTarget(name: "CLITests", dependencies: ["lottie-cli", "LottieModel", "TestSupport"], exclude: ["Snapshots"]),
    ],
    swiftLanguageModes: [.v6]
)
