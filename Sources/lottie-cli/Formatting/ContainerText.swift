import Foundation
import LottieModel

// MARK: - ContainerSummary

/// What `inspect` shows of a `.tgs`, `.lottie` or zip bundle above the report: the kind, the
/// manifest's animations (the loaded one marked), themes, state machines, images and warnings.
struct ContainerSummary: Encodable {
    var kind: String
    var byteCount: Int
    var entryCount: Int?
    /// The JSON's size once gunzipped or taken out of the archive.
    var animationByteCount: Int
    var manifestVersion: String?
    var generator: String?
    var loadedAnimation: String?
    var animations: [Item]
    var themes: [Item]
    var stateMachines: [Item]
    var images: [Image]
    /// Image files of the archive that no image asset of the loaded animation uses.
    var unusedImageFiles: [String]
    var warnings: [String]

    struct Item: Encodable {
        var id: String
        var name: String?
        /// Nil when the manifest lists it but the archive has no file for it.
        var path: String?
        var byteCount: Int?
    }

    struct Image: Encodable {
        var assetID: String
        var reference: String
        /// "embedded", "not found" or "unreadable: ...".
        var outcome: String
        var path: String?
        var byteCount: Int?
        var mimeType: String?
    }

    init(_ loaded: LoadedAnimation, container: LoadedContainer) {
        let file = container.file
        kind = file.kind.rawValue
        byteCount = file.byteCount
        entryCount = file.archive?.entries.count
        animationByteCount = loaded.json.count
        manifestVersion = file.manifest?.version
        generator = file.manifest?.generator.flatMap { $0.isEmpty ? nil : $0 }
        loadedAnimation = container.animationID
        animations = file.animations.map(Self.item)
        themes = file.themes.map(Self.item)
        stateMachines = file.stateMachines.map(Self.item)
        images = container.images.map { resolution in
            switch resolution.outcome {
            case .embedded(let path, let byteCount, let mimeType):
                Image(assetID: resolution.assetID, reference: resolution.reference, outcome: "embedded",
                      path: path, byteCount: byteCount, mimeType: mimeType)
            case .notFound:
                Image(assetID: resolution.assetID, reference: resolution.reference, outcome: "not found")
            case .unreadable(let path, let error):
                Image(assetID: resolution.assetID, reference: resolution.reference, outcome: "unreadable: \(error)", path: path)
            }
        }
        let used = Set(images.compactMap(\.path))
        unusedImageFiles = file.imagePaths.filter { !used.contains($0) }
        warnings = file.archive?.warnings.map(\.message) ?? []
    }

    private static func item(_ item: LottieFile.Item) -> Item {
        Item(id: item.id, name: item.name, path: item.path, byteCount: item.byteCount)
    }
}

// MARK: - ContainerText

/// A `ContainerSummary` as text, ending with a blank line:
///
///     Container   dotLottie 1.0, 3 entries, 3,492 bytes (3.4 KB)
///     Generator   @dotlottie/dotlottie-js/node@0.7.2
///     Animations (1; * = loaded)
///       * toggle  animations/toggle.json  26,453 bytes (25.8 KB)
///     State machines (1)
///         state_toggle  states/state_toggle.json  657 bytes
///     Themes: none
///     Images: none
enum ContainerText {
    static func rendered(_ summary: ContainerSummary) -> String {
        var rows = [["Container", headline(summary)]]
        if let generator = summary.generator { rows.append(["Generator", generator]) }
        for warning in summary.warnings { rows.append(["Warning", warning]) }
        // Labels as wide as the report's ("Frame rate"), so both blocks line up.
        rows = rows.map { [$0[0].padding(toLength: 10, withPad: " ", startingAt: 0), $0[1]] }
        var text = TextTable(rows: rows).rendered()
        if summary.kind == LottieFile.Kind.gzip.rawValue { return text + "\n" }
        text += list("Animations", summary.animations, marked: summary.loadedAnimation, note: "; * = loaded")
        if summary.kind == LottieFile.Kind.dotLottie.rawValue {
            text += list("State machines", summary.stateMachines, marked: nil, note: "")
            text += list("Themes", summary.themes, marked: nil, note: "")
        }
        text += images(summary)
        return text + "\n"
    }

    private static func headline(_ summary: ContainerSummary) -> String {
        let size = Format.bytes(summary.byteCount)
        switch summary.kind {
        case LottieFile.Kind.gzip.rawValue:
            return "\(LottieFile.Kind.gzip), \(size), \(Format.bytes(summary.animationByteCount)) of JSON"
        case LottieFile.Kind.dotLottie.rawValue:
            let version = summary.manifestVersion.map { " \($0)" } ?? ""
            return "dotLottie\(version), \(Format.plural(summary.entryCount ?? 0, "entry", "entries")), \(size)"
        default:
            return "zip bundle (no manifest), \(Format.plural(summary.entryCount ?? 0, "entry", "entries")), \(size)"
        }
    }

    private static func list(_ title: String, _ items: [ContainerSummary.Item], marked: String?, note: String) -> String {
        guard !items.isEmpty else { return "\(title): none\n" }
        let rows = items.map { item in
            [
                (item.id == marked ? "  * " : "    ") + item.id + (item.name.map { " '\($0)'" } ?? ""),
                item.path ?? "(no file in the archive)",
                item.byteCount.map(Format.bytes) ?? "",
            ]
        }
        return "\(title) (\(items.count)\(marked == nil ? "" : note))\n" + TextTable(rows: rows).rendered()
    }

    private static func images(_ summary: ContainerSummary) -> String {
        guard !summary.images.isEmpty || !summary.unusedImageFiles.isEmpty else { return "Images: none\n" }
        var rows = [["  asset", "reference", "found"]]
        for image in summary.images {
            let found: String
            if let path = image.path, image.outcome == "embedded" {
                found = "\(path), \(Format.bytes(image.byteCount ?? 0)), \(image.mimeType ?? ""), embedded"
            } else {
                found = image.outcome
            }
            rows.append(["  " + image.assetID, image.reference, found])
        }
        for path in summary.unusedImageFiles {
            rows.append(["  -", "-", "\(path), not used by this animation"])
        }
        let embedded = summary.images.filter { $0.outcome == "embedded" }.count
        return "Images (\(embedded) of \(Format.plural(summary.images.count, "image asset")) embedded from the archive)\n"
            + TextTable(rows: rows).rendered()
    }
}

// MARK: - InspectOutput

/// `inspect --json` of a container: the report's members and a `container` member beside them.
struct InspectOutput: Encodable {
    var report: AnimationReport
    var container: ContainerSummary

    enum CodingKeys: String, CodingKey { case container }

    func encode(to encoder: any Encoder) throws {
        try report.encode(to: encoder)
        var keyed = encoder.container(keyedBy: CodingKeys.self)
        try keyed.encode(container, forKey: .container)
    }
}
