import LottiePlay

// MARK: - ImageOptions

/// `snapshot --images [--image-progress P,P...] [--image-size WxH]`: the frames written beside a
/// snapshot (`StoredFrames`).
struct ImageOptions: Sendable {
    var progresses: [Double]
    /// Nil: the canvas scaled to `StoredFrames.defaultLongestSide`.
    var size: (width: Int, height: Int)?

    static let options = [
        Option("images", help: "Also write PNG frames beside the snapshot (FILE@P.png), which 'check' compares pixel by pixel"),
        Option("image-progress", value: "P,P...", help: "The moments of those frames, as progress from 0 to 1 (default 0,0.5,1)"),
        Option("image-size", value: "WxH", help: "Their size in pixels (default: the canvas with its longest side 256)"),
    ]

    /// The options given, nil without `--images` (a usage error when the other two come without it).
    init?(_ arguments: Arguments) throws(UsageError) {
        guard arguments.flag("images") else {
            if let stray = ["image-progress", "image-size"].first(where: { arguments.value($0) != nil }) {
                throw UsageError("--\(stray) only applies with --images")
            }
            return nil
        }
        if let text = arguments.value("image-progress") {
            let list = text.split(separator: ",", omittingEmptySubsequences: false)
                .map { Double($0.trimmingCharacters(in: .whitespaces)) }
            guard !list.isEmpty, list.count <= 100, list.allSatisfy({ $0.map { (0...1).contains($0) } ?? false }) else {
                throw UsageError("--image-progress needs a list P,P,P of numbers from 0 to 1 (at most 100), got '\(text)'")
            }
            progresses = Array(Set(list.compactMap { $0 })).sorted()
        } else {
            progresses = StoredFrames.defaultProgresses
        }
        size = try arguments.value("image-size").map { text throws(UsageError) in
            let (width, height) = try RenderCommand.pixelSize(text, maxSide: 4096)
            return (width, height)
        }
    }
}
