import LottieModel

// MARK: - FaultScan

/// Walks an animation once, as the JSON is laid out, and lists what a player would draw
/// differently from what the file seems to say, or would stop at a limit: each warning as
/// `JSON path: message`, in file order, for `Timeline.warnings`.
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
/// - Limits: repeater copies, polystar points, zig-zag ridges, dash entries, path vertices, and
///   the paths and vertices repeaters can make (`LottieLimits`), each with the value, the limit's
///   name and what is drawn.
///
/// References (parents, mattes, precomps, images) and cycles are reported by
/// `TimelineCompiler`; timing (`fr`, `ip`, `op`, `w`, `h`) by `TimingFaults`; the size of the
/// precomp tree by `CompositionSize`.
struct FaultScan {
    let limits: LottieLimits
    private(set) var warnings: [String] = []

    /// Numbers of larger magnitude are reported as far outside any canvas.
    static let hugeMagnitude = 1e9

    init(_ animation: Animation, limits: LottieLimits) {
        self.limits = limits
        visit(animation.layers, at: "layers")
        for (position, asset) in animation.assets.enumerated() {
            if case .precomposition(let precomp) = asset {
                visit(precomp.layers, at: "assets[\(position)].layers")
            }
        }
        for (position, glyph) in (animation.glyphs ?? []).enumerated() {
            if let shapes = glyph.data?.shapes {
                visit(shapes, at: "chars[\(position)].data.shapes")
            }
        }
    }

    mutating func warn(_ path: String, _ message: String) {
        warnings.append("\(path): \(message)")
    }

    // MARK: Layers

    private mutating func visit(_ layers: [Layer], at path: String) {
        var firstWithIndex: [Int: Int] = [:]
        for (position, layer) in layers.enumerated() {
            let layerPath = "\(path)[\(position)]"
            if let index = layer.index {
                if let first = firstWithIndex[index] {
                    warn("\(layerPath).ind", "index \(index) is also the index of \(path)[\(first)]; "
                        + "parents and mattes use \(path)[\(first)]")
                } else {
                    firstWithIndex[index] = position
                }
            }
            visit(layer, at: layerPath)
        }
    }

    private mutating func visit(_ layer: Layer, at path: String) {
        visit(layer.transform, at: "\(path).ks")
        for (position, mask) in (layer.masks ?? []).enumerated() {
            let maskPath = "\(path).masksProperties[\(position)]"
            visitPath(mask.path, at: "\(maskPath).pt")
            visit(mask.opacity, at: "\(maskPath).o")
            visit(mask.expansion, at: "\(maskPath).x")
        }
        switch layer.content {
        case .precomp(let fields):
            if layer.timeStretch == 0 || !layer.timeStretch.isFinite {
                warn("\(path).sr", "time stretch \(Self.number(layer.timeStretch)) is not usable; 1 is used")
            }
            visit(fields.timeRemap, at: "\(path).tm")
        case .shape(let items):
            visit(items, at: "\(path).shapes")
            checkSize(of: items, at: "\(path).shapes")
        case .text(let data):
            visit(data.document, at: "\(path).t.d")
        default:
            break
        }
    }

    mutating func visit(_ transform: Transform, at path: String) {
        visit(transform.anchor, at: "\(path).a")
        switch transform.position {
        case .combined(let position)?:
            visit(position, at: "\(path).p")
        case .split(let x, let y, let z)?:
            visit(x, at: "\(path).p.x")
            visit(y, at: "\(path).p.y")
            visit(z, at: "\(path).p.z")
        case nil:
            break
        }
        visit(transform.scale, at: "\(path).s")
        visit(transform.rotation, at: "\(path).r")
        visit(transform.rotationZ, at: "\(path).rz")
        visit(transform.opacity, at: "\(path).o")
        visit(transform.skew, at: "\(path).sk")
        visit(transform.skewAxis, at: "\(path).sa")
        visit(transform.startOpacity, at: "\(path).so")
        visit(transform.endOpacity, at: "\(path).eo")
    }

    // MARK: Results

    /// The warnings, at most `limit` of them; when there are more, the last line says how many.
    static func capped(_ warnings: [String], at limit: Int) -> [String] {
        guard warnings.count > max(limit, 1) else { return warnings }
        let kept = max(limit, 1) - 1
        return Array(warnings.prefix(kept))
            + ["and \(warnings.count - kept) more warnings (the limit maxWarnings is \(limit))"]
    }

    /// A number as a warning shows it: whole numbers without a fraction, others as Swift writes
    /// them ("0.5", "1e+300", "nan", "inf").
    static func number(_ value: Double) -> String {
        if value.isFinite, value == value.rounded(), abs(value) < 1e15 {
            return String(Int(value))
        }
        return "\(value)"
    }
}
