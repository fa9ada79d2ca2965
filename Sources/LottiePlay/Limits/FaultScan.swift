import Foundation
import LottieModel

// MARK: - FaultScan

/// Visits an animation once (`ModelWalk`, as the JSON is laid out) and lists what a player would
/// draw differently from what the file seems to say, or would stop at a limit: each warning as
/// `JSON path: message`, in file order, for `Timeline.warnings`. Only what the player draws is
/// checked: not hidden shape items or 3D-only properties (`rx`, `ry`, `or`, `pe`).
///
/// The evaluator already copes with each of these (it never fails on them); the scan only says
/// so. What it reports and what the evaluator does:
///
/// - Keyframes out of order: used in time order. Equal times: the value jumps there. A keyframe
///   whose time or value is not finite, or that has no value at all: ignored. An empty keyframe
///   list: the property's default.
/// - Numbers that are not finite (only a model built in code can hold them; JSON cannot) in
///   values, easing handles or spatial tangents: a default is used. Numbers beyond ±1e9: used as
///   they are (nothing such a value places is on any canvas).
/// - A path whose `i` or `o` list is shorter or longer than `v`: missing tangents are zero, extra
///   ones are ignored. A gradient whose `p` colour stops do not fit its numbers: the stops that
///   fit are drawn.
/// - Layers: a duplicate `ind` (parents and mattes find the first), a time stretch `sr` of 0.
/// - Text whose font has no glyph outlines in the file (`chars`): not drawn; once per font.
/// - Limits: repeater copies, polystar points, zig-zag ridges, dash entries, path vertices, and
///   the paths and vertices repeaters can make (`LottieLimits`), each with the value, the limit's
///   name and what is drawn.
///
/// References (parents, mattes, precomps, images) and cycles are reported by
/// `TimelineCompiler`; timing (`fr`, `ip`, `op`, `w`, `h`) by `TimingFaults`; the size of the
/// precomp tree by `CompositionSize`.
struct FaultScan: ModelVisitor {
    let limits: LottieLimits
    /// The warnings, at most `limits.maxWarnings` of them.
    private(set) var warnings: [LottieDiagnostic] = []
    /// How many more were found (counted, not written: a file of a million bad keyframes must
    /// not make a million strings).
    private(set) var omitted = 0
    /// The vertices of the largest glyph outline in `chars`, for the size of text layers.
    private let largestGlyph: Int
    /// The canvas's width plus height: about the longest stroke a frame shows.
    private let canvasExtent: Double
    /// The position of the first layer with each index in the layer list being walked.
    private var firstWithIndex: [Int: Int] = [:]
    /// The fonts with glyph outlines; the font names already warned about.
    private let glyphCoverage: GlyphCoverage
    private var missingFontsWarned: Set<String> = []

    /// Numbers of larger magnitude are reported as far outside any canvas.
    static let hugeMagnitude = 1e9

    init(_ animation: LottieAnimation, limits: LottieLimits, fonts: FontStore = FontStore()) {
        self.limits = limits
        largestGlyph = (animation.glyphs ?? []).map { Self.pathVertices(in: $0.data?.shapes ?? []) }.max() ?? 0
        let extent = animation.width + animation.height
        canvasExtent = extent.isFinite && extent > 0 ? extent : 0
        glyphCoverage = GlyphCoverage(animation, fonts: fonts)
        ModelWalk.walk(animation, with: &self)
    }

    mutating func warn(_ category: LottieDiagnostic.Category, _ path: @autoclosure () -> String, _ message: String) {
        guard warnings.count < limits.maxWarnings else {
            omitted += 1
            return
        }
        warnings.append(LottieDiagnostic(.warning, category, path: path(), message: message))
    }

    // MARK: Walk

    /// Hidden shape items (but a group's transform, used even when hidden) are not checked.
    mutating func enter(_ node: ModelNode, at path: JSONPath) -> Bool {
        switch node {
        case .layers:
            firstWithIndex = [:]
        case .layer(let layer):
            checkIndex(of: layer, at: path)
        case .content(let layer):
            if case .precomp = layer.content, layer.timeStretch == 0 || !layer.timeStretch.isFinite {
                warn(.range, "\(path).sr", "time stretch \(Self.number(layer.timeStretch)) is not usable; 1 is used")
            }
        case .shapeItem(.transform):
            break
        case .shapeItem(let item):
            return !item.isHidden
        default:
            break
        }
        return true
    }

    /// Checks a property, unless only 3D layers use it.
    mutating func visit(
        _ property: ModelProperty, _ field: PropertyField, names: @autoclosure () -> [String],
        at path: @autoclosure () -> JSONPath
    ) {
        guard !field.is3DOnly else { return }
        switch property {
        case .scalar(let property): visit(property, at: path())
        case .position(let property), .vector(let property): visit(property, at: path())
        case .color(let property): visit(property, at: path())
        case .path(let property): visitPath(property, at: path())
        case .gradient(let property, _): visit(property, at: path())
        case .text(let property): visit(property, at: path())
        }
    }

    /// The limits of an item, its dashes and gradient, and of a layer's shapes or text, checked
    /// after their properties.
    mutating func leave(_ node: ModelNode, at path: JSONPath) {
        switch node {
        case .content(let layer):
            if case .shape(let items) = layer.content { checkSize(of: items, at: path.appending(.key("shapes"))) }
            if case .text(let data) = layer.content {
                let documentPath = path.appending(.key("t")).appending(.key("d"))
                checkSize(of: data.document, at: documentPath)
                for name in glyphCoverage.missingFonts(in: data) where missingFontsWarned.insert(name).inserted {
                    warn(.font, documentPath.description,
                         "font '\(name)' has no glyph outlines in the file and no font file; its text is not drawn")
                }
            }
        case .shapeItem(let item):
            checkLimits(of: item, at: path)
        case .dashes(let dashes):
            checkDashes(dashes, at: path)
        case .gradient(let gradient):
            checkStops(of: gradient, at: path)
        default:
            break
        }
    }

    // MARK: Layers

    /// Warns about a layer whose index `ind` an earlier layer of its list has.
    private mutating func checkIndex(of layer: Layer, at path: JSONPath) {
        guard let index = layer.index, case .index(let position)? = path.components.last else { return }
        guard let first = firstWithIndex[index] else {
            firstWithIndex[index] = position
            return
        }
        let list = JSONPath(Array(path.components.dropLast()))
        warn(.reference, "\(path).ind",
             "index \(index) is also the index of \(list)[\(first)]; parents and mattes use \(list)[\(first)]")
    }

    /// Warns when a text drawn with the file's glyph outlines can pass `maxFrameVertices`.
    private mutating func checkSize(of document: Animatable<TextDocument>, at path: JSONPath) {
        guard largestGlyph > 0 else { return }
        let longest = Self.values(of: document, at: "").map { $0.0.text.count }.max() ?? 0
        let most = Double(longest) * Double(largestGlyph + 1)
        guard most > Double(limits.maxFrameVertices) else { return }
        warn(.limit, path.description,
             "a text of \(longest) characters makes up to \(Self.number(most)) glyph vertices, more than the "
            + "limit maxFrameVertices (\(limits.maxFrameVertices)) for a whole frame; glyphs past the limit are not drawn")
    }

    /// Warns when a stroke's dash pattern is so short that a stroke across the canvas would be
    /// cut into more than `maxDashes` dashes (such strokes are drawn solid).
    mutating func checkDashPattern(_ dashes: [StrokeDash], at path: JSONPath) {
        let lengths = dashes.filter { $0.kind != "o" }.prefix(limits.maxDashEntries)
        guard !lengths.isEmpty, canvasExtent > 0 else { return }
        // The shortest each entry gets, over its keyframes.
        let period = lengths.reduce(0.0) { total, dash in
            total + max(0, Self.values(of: dash.length, at: "").map(\.0).filter(\.isFinite).min() ?? 0)
        }
        guard period > 0 else { return }  // an all-zero pattern is drawn solid anyway
        let dashesPerPeriod = Double(max(lengths.count / 2, 1))
        let longest = period * Double(limits.maxDashes) / dashesPerPeriod
        guard longest < canvasExtent else { return }
        warn(.limit, path.description, "the dash pattern repeats every \(Self.number(period)) units, so a stroke longer than "
            + "\(Self.number(longest)) units would have more dashes than the limit maxDashes (\(limits.maxDashes)); "
            + "such strokes are drawn solid")
    }

    /// The vertices of the paths of a shape list (static values), for glyph outlines.
    static func pathVertices(in items: [ShapeItem]) -> Int {
        var count = 0
        for item in items {
            switch item {
            case .group(let group): count += pathVertices(in: group.items)
            case .path(let shape): count += values(of: shape.path, at: "").map { $0.0.vertices.count }.max() ?? 0
            default: break
            }
        }
        return count
    }

    // MARK: Results

    /// The warnings, at most `limit` of them; when there are more (`omitted` were only counted),
    /// the last line says how many.
    static func capped(_ warnings: [LottieDiagnostic], omitted: Int = 0, at limit: Int) -> [LottieDiagnostic] {
        guard warnings.count + omitted > max(limit, 1) else { return warnings }
        let kept = max(limit, 1) - 1
        let more = "and \(warnings.count + omitted - kept) more warnings (the limit maxWarnings is \(limit))"
        return Array(warnings.prefix(kept)) + [LottieDiagnostic(.warning, .limit, path: "", message: more)]
    }

    /// A number as a warning shows it: whole numbers below 1e15 without a fraction ("1000000000"),
    /// larger ones as a power of ten ("1e15", "1.6e19"), others as Swift writes them ("0.5",
    /// "1e-07", "nan", "-inf").
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "\(value)" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        guard abs(value) >= 1e15 else { return "\(value)" }
        var exponent = Int(log10(abs(value)).rounded(.down))
        var mantissa = (value / pow(10, Double(exponent)) * 10).rounded() / 10
        if abs(mantissa) >= 10 {
            mantissa /= 10
            exponent += 1
        }
        let digits = mantissa == mantissa.rounded() ? String(Int(mantissa)) : "\(mantissa)"
        return "\(digits)e\(exponent)"
    }
}
