// MARK: - LottieDiagnostic

/// One thing the toolkit has to say about a file, like a compiler diagnostic: how bad it is,
/// which check found it, where (a JSON path, and the line and column when the bytes were read
/// as JSON) and what, as a sentence a person can act on.
///
/// Every report speaks in diagnostics: the validator's findings (`ValidationReport`), the
/// sticker rules (`StickerReport`), the features not drawn (`AnimationReport.unsupported`,
/// `Timeline.unsupported`), what compiling a timeline replaced or ignored (`Timeline.warnings`),
/// expressions that failed (`Timeline.expressionFaults`), what a renderer drew approximately
/// (`RenderedFrame.issues`), fonts and images that could not be read (`FontStore.problems`,
/// `ImageStore.problems`) and damaged archives read anyway (`ZipArchive.warnings`):
///
///     error    layers[0].ks.a  'a' must be 0 or 1, found 2 (line 21, column 18)
public struct LottieDiagnostic: Codable, Hashable, Sendable, CustomStringConvertible {
    public var severity: Severity
    /// Which check found it.
    public var category: Category
    /// Where: `layers[0].ks.a`, `assets[2].p`; `(root)` or empty for the file as a whole.
    public var path: String
    /// 1-based line and column of the value at fault, when the file was read as JSON.
    public var line: Int?
    public var column: Int?
    /// What is wrong, or what is there (the first line of an expression, an effect's name).
    public var message: String
    /// More context: what players do with it, where the other end of a reference is.
    public var notes: [String]

    public init(
        _ severity: Severity, _ category: Category, path: String, message: String,
        location: SourceLocation? = nil, notes: [String] = []
    ) {
        self.severity = severity
        self.category = category
        self.path = path
        self.message = message
        self.line = location?.line
        self.column = location?.column
        self.notes = notes
    }

    /// A feature not handled, at `path` (an info).
    public static func unsupported(_ feature: Feature, path: String, detail: String) -> LottieDiagnostic {
        LottieDiagnostic(.info, .unsupported(feature), path: path, message: detail)
    }

    /// A sticker rule broken (an error) or departed from (a warning) at `path`.
    public static func sticker(
        _ rule: StickerRule, _ severity: Severity = .error, at path: JSONPath, _ message: String
    ) -> LottieDiagnostic {
        LottieDiagnostic(severity, .sticker(rule), path: path.description, message: message)
    }

    /// The feature of an `unsupported` diagnostic.
    public var feature: Feature? {
        if case .unsupported(let feature) = category { feature } else { nil }
    }

    /// The rule of a `sticker` diagnostic.
    public var rule: StickerRule? {
        if case .sticker(let rule) = category { rule } else { nil }
    }

    /// "layers[0].parent: parent 9 does not exist; the parent is ignored", or the message alone
    /// when there is no path.
    public var description: String { path.isEmpty ? message : "\(path): \(message)" }

    // MARK: Codable

    private enum Key: String, CodingKey { case severity, category, feature, rule, path, line, column, message, notes }

    /// `{"severity", "category", "feature" or "rule" where the category has one, "path", "line",
    /// "column" when known, "message", "notes"}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(severity, forKey: .severity)
        try container.encode(category.name, forKey: .category)
        try container.encodeIfPresent(feature, forKey: .feature)
        try container.encodeIfPresent(rule, forKey: .rule)
        try container.encode(path, forKey: .path)
        try container.encodeIfPresent(line, forKey: .line)
        try container.encodeIfPresent(column, forKey: .column)
        try container.encode(message, forKey: .message)
        try container.encode(notes, forKey: .notes)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        severity = try container.decode(Severity.self, forKey: .severity)
        let name = try container.decode(String.self, forKey: .category)
        let feature = try container.decodeIfPresent(Feature.self, forKey: .feature)
        let rule = try container.decodeIfPresent(StickerRule.self, forKey: .rule)
        guard let category = Category(name: name, feature: feature, rule: rule) else {
            throw DecodingError.dataCorruptedError(
                forKey: .category, in: container, debugDescription: "unknown diagnostic category '\(name)'")
        }
        self.category = category
        path = try container.decode(String.self, forKey: .path)
        line = try container.decodeIfPresent(Int.self, forKey: .line)
        column = try container.decodeIfPresent(Int.self, forKey: .column)
        message = try container.decode(String.self, forKey: .message)
        notes = try container.decodeIfPresent([String].self, forKey: .notes) ?? []
    }
}

// MARK: - Severity

extension LottieDiagnostic {
    /// How bad a diagnostic is.
    public enum Severity: String, Codable, Comparable, Sendable, CaseIterable {
        /// A player will fail, draw nothing, or draw something else than intended; a sticker
        /// rule Telegram enforces is broken. `validate` and `sticker` exit 1.
        case error
        /// Against the spec, replaced by a safe value, drawn approximately, or treated
        /// differently by different players; worth fixing.
        case warning
        /// Not a fault: a feature this toolkit does not handle, listed with its place.
        case info

        public static func < (lhs: Severity, rhs: Severity) -> Bool {
            lhs.rank < rhs.rank
        }

        private var rank: Int {
            switch self {
            case .error: 0
            case .warning: 1
            case .info: 2
            }
        }
    }
}

// MARK: - Category

extension LottieDiagnostic {
    /// The check that produced a diagnostic.
    public enum Category: Hashable, Sendable, CustomStringConvertible {
        /// The bytes are not JSON.
        case syntax
        /// The model could not be decoded from the JSON.
        case decoding
        /// A required field is missing, or a value has the wrong type or an unknown code.
        case schema
        /// A value is outside its range (opacity 0...100, colour 0...1, a frame rate that is not positive).
        case range
        /// A `refId`, `parent`, `tp` or slot id that names nothing, or names the wrong kind of thing.
        case reference
        /// A layer that is its own ancestor, or a precomp that contains itself.
        case cycle
        /// Keyframes out of order, at equal times, without a value or easing.
        case keyframes
        /// A bezier path whose `v`, `i` and `o` have different lengths, or whose keyframes differ in vertex count.
        case path
        /// More than a `LottieLimits` bound allows: the rest was cut or replaced.
        case limit
        /// A font or glyph the text needs is missing or unreadable.
        case font
        /// An expression failed; its property keeps its keyframed value.
        case expression
        /// An image asset that cannot be read or decoded; it is not drawn.
        case image
        /// A damaged or odd archive (.lottie, zip) that was read anyway.
        case container
        /// A renderer drew something approximately (a blend mode, an effect it does not have).
        case render
        /// A feature this toolkit does not handle yet.
        case unsupported(Feature)
        /// One of Telegram's sticker rules.
        case sticker(StickerRule)

        /// The categories without a payload, in the order above.
        public static let plain: [Category] = [
            .syntax, .decoding, .schema, .range, .reference, .cycle, .keyframes, .path,
            .limit, .font, .expression, .image, .container, .render,
        ]

        /// The name JSON output uses: `schema`, `unsupported`, `sticker`...
        public var name: String {
            switch self {
            case .syntax: "syntax"
            case .decoding: "decoding"
            case .schema: "schema"
            case .range: "range"
            case .reference: "reference"
            case .cycle: "cycle"
            case .keyframes: "keyframes"
            case .path: "path"
            case .limit: "limit"
            case .font: "font"
            case .expression: "expression"
            case .image: "image"
            case .container: "container"
            case .render: "render"
            case .unsupported: "unsupported"
            case .sticker: "sticker"
            }
        }

        /// The category called `name`, with its feature or rule where it has one.
        public init?(name: String, feature: Feature? = nil, rule: StickerRule? = nil) {
            switch name {
            case "unsupported":
                guard let feature else { return nil }
                self = .unsupported(feature)
            case "sticker":
                guard let rule else { return nil }
                self = .sticker(rule)
            default:
                guard let plain = Self.plain.first(where: { $0.name == name }) else { return nil }
                self = plain
            }
        }

        /// "schema", "unsupported: expressions", "sticker: no masks".
        public var description: String {
            switch self {
            case .unsupported(let feature): "unsupported: \(feature)"
            case .sticker(let rule): "sticker: \(rule)"
            default: name
            }
        }
    }
}
