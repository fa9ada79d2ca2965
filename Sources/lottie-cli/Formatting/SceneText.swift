import LottieModel
import LottiePlay

// MARK: - SceneText

/// A `SceneSummary` as text: one block per layer, indented under its precomp.
enum SceneText {
    static func rendered(_ summary: SceneSummary, file: String) -> String {
        var lines = ["\(file) at frame \(Format.number(summary.frame)) (progress \(Format.number(summary.progress)), "
            + "\(Format.number(summary.seconds)) s)"]
        if summary.layers.isEmpty { lines.append("  no visible layer") }
        for layer in summary.layers {
            lines.append(contentsOf: block(layer))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func block(_ layer: LayerSnapshot) -> [String] {
        let indent = String(repeating: "    ", count: layer.depth)
        var lines: [String] = []
        let index = layer.index.map { ", ind \($0)" } ?? ""
        lines.append(indent + "\(layer.name ?? "(unnamed)")  (\(layer.type)\(index), \(layer.jsonPath), frame \(Format.number(layer.localFrame)))")
        var placement = "origin \(point(layer.origin))  scale \(Format.number(layer.scale[0]))% x \(Format.number(layer.scale[1]))%"
        placement += "  rotation \(Format.number(layer.rotation))°  opacity \(Format.number(layer.opacity))%"
        if let blend = layer.blendMode { placement += "  blend \(blend)" }
        lines.append(indent + "  " + placement)
        if let matte = layer.matte { lines.append(indent + "  matte  " + matte) }
        for mask in layer.masks ?? [] { lines.append(indent + "  mask   " + mask) }
        for effect in layer.effects ?? [] { lines.append(indent + "  effect " + effect) }
        var draws = "  draws  " + layer.content
        if let bounds = layer.bounds { draws += "; bounds " + box(bounds) }
        lines.append(indent + draws)
        for drawing in layer.drawings ?? [] {
            var text = "    \(drawing.paint)"
            if let color = drawing.color { text += " \(color)" }
            if let width = drawing.width { text += " width \(Format.number(width))" }
            text += "  opacity \(Format.number(drawing.opacity))%  \(Format.plural(drawing.paths, "path")), "
            text += "\(Format.plural(drawing.vertices, "vertex", "vertices"))"
            if let bounds = drawing.bounds { text += "  bounds " + box(bounds) }
            lines.append(indent + text + "  [\(drawing.jsonPath)]")
        }
        return lines
    }

    /// What the numbers above leave out: features not evaluated (one line each, with a count and
    /// the first place) and problems met while compiling. Empty when there are none.
    static func caveats(unsupported: [LottieDiagnostic], warnings: [LottieDiagnostic]) -> String {
        var lines: [String] = []
        var seen: [Feature: (count: Int, first: String)] = [:]
        var order: [Feature] = []
        for item in unsupported {
            guard let feature = item.feature else { continue }
            if let entry = seen[feature] {
                seen[feature] = (entry.count + 1, entry.first)
            } else {
                seen[feature] = (1, item.path)
                order.append(feature)
            }
        }
        for feature in order {
            guard let entry = seen[feature] else { continue }
            lines.append("  not evaluated: \(feature.description), \(entry.count) at \(entry.first)\(entry.count > 1 ? " and more" : "")")
        }
        lines += warnings.map { "  warning: \($0)" }
        return lines.isEmpty ? "" : "\n" + lines.joined(separator: "\n") + "\n"
    }

    private static func point(_ values: [Double]) -> String {
        "(" + values.map { Format.number($0) }.joined(separator: ", ") + ")"
    }

    /// `x 46.5..53.5, y 68..78`.
    private static func box(_ bounds: [Double]) -> String {
        guard bounds.count == 4 else { return "" }
        return "x \(Format.number(bounds[0]))..\(Format.number(bounds[0] + bounds[2])), "
            + "y \(Format.number(bounds[1]))..\(Format.number(bounds[1] + bounds[3]))"
    }
}
