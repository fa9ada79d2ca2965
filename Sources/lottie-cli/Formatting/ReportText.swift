import LottieModel

// MARK: - ReportText

/// An `AnimationReport` as aligned text for people: a summary, then the layer tree, assets,
/// markers, property counts, features used and what is not supported yet.
struct ReportText {
    let report: AnimationReport
    /// Places listed per unsupported feature before "... and N more".
    var maxPlacesPerFeature = 10
    /// Characters of a layer name shown.
    var maxNameLength = 40
    /// Expressions listed before "... and N more".
    var maxExpressions = 20

    func rendered() -> String {
        [summary(), layers(), assets(), markers(), slots(), properties(), expressions(), features(), unsupported()]
            .compactMap { $0 }.joined(separator: "\n")
    }

    // MARK: Summary

    private func summary() -> String {
        var rows: [[String]] = []
        if let file = report.file { rows.append(["File", "\(file.path), \(Format.bytes(file.byteCount))"]) }
        rows.append(["Name", report.name ?? "(none)"])
        rows.append(["Version", report.version ?? "(not given)"])
        rows.append(["Canvas", "\(Format.number(report.width)) x \(Format.number(report.height))" + (report.is3D ? ", 3D" : "")])
        rows.append(["Frame rate", "\(Format.number(report.frameRate)) fps"])
        // The frames every command walks (`AnimationFrames`): ip, ip + 1, ... before op.
        let frames = AnimationFrames(inPoint: report.inPoint, outPoint: report.outPoint)
        rows.append(["Frames", "\(Format.number(report.inPoint)) to \(Format.number(frames.outPoint)): "
            + "\(Format.plural(frames.count, "frame")), \(Format.number(report.durationSeconds)) s"])
        return TextTable(rows: rows).rendered()
    }

    // MARK: Layers

    private func layers() -> String {
        let compositions = report.layerCount == report.layers.count
            ? "" : ", \(report.layerCount) in all compositions"
        guard !report.layers.isEmpty else { return "Layers: none\n" }
        let text = "Layers (\(report.layers.count)\(compositions); the first is drawn on top)\n"
        var rows = [["  ind", "type", "name", "parent", "frames", "contents"]]
        appendRows(of: report.layers, treePrefix: nil, to: &rows)
        return text + TextTable(rows: rows).rendered()
    }

    /// One row per layer, then the rows of its precomp's layers, drawn as a tree in the name
    /// column. `treePrefix` is nil for the main composition's layers.
    private func appendRows(of layers: [LayerSummary], treePrefix: String?, to rows: inout [[String]]) {
        for (offset, layer) in layers.enumerated() {
            let isLast = offset == layers.count - 1
            let branch = treePrefix.map { $0 + (isLast ? "└─ " : "├─ ") } ?? ""
            rows.append([
                "  " + (layer.index.map(String.init) ?? "-"),
                layer.typeName,
                branch + Format.truncated(layer.name ?? "(unnamed)", to: maxNameLength),
                layer.parent.map(String.init) ?? "-",
                "\(Format.number(layer.inPoint)) to \(Format.number(layer.outPoint))",
                contents(of: layer),
            ])
            let childPrefix = treePrefix.map { $0 + (isLast ? "   " : "│  ") } ?? ""
            appendRows(of: layer.children, treePrefix: childPrefix, to: &rows)
        }
    }

    private func contents(of layer: LayerSummary) -> String {
        var notes: [String] = []
        if layer.isHidden { notes.append("hidden") }
        if layer.is3D { notes.append("3D") }
        if let matte = layer.matteMode {
            notes.append("matte \(matte)" + (layer.matteLayer.map { " from \($0)" } ?? ""))
        }
        if layer.isMatteSource { notes.append("matte source") }
        if layer.maskCount > 0 { notes.append(Format.plural(layer.maskCount, "mask")) }
        if layer.effectCount > 0 { notes.append(Format.plural(layer.effectCount, "effect")) }
        if let blend = layer.blendMode { notes.append("blend \(blend)") }
        if layer.autoOrients { notes.append("auto-orient") }
        if layer.startTime != 0 { notes.append("start \(Format.number(layer.startTime))") }
        if layer.timeStretch != 1 { notes.append("stretch \(Format.number(layer.timeStretch))") }
        if let note = layer.childrenNote { notes.append(note) }
        return ([layer.contents] + notes).joined(separator: "; ")
    }

    // MARK: Assets and markers

    private func assets() -> String {
        guard !report.assets.isEmpty else { return "Assets: none\n" }
        var text = "Assets (\(report.assets.count))\n"
        var rows = [["  id", "kind", "details"]]
        for asset in report.assets {
            rows.append(["  " + asset.id, asset.kind.description, details(of: asset)])
        }
        text += TextTable(rows: rows).rendered()
        return text
    }

    private func details(of asset: AssetSummary) -> String {
        var parts: [String] = []
        if let name = asset.name, !name.isEmpty { parts.append("'\(name)'") }
        if let count = asset.layerCount { parts.append(Format.plural(count, "layer")) }
        if let width = asset.width, let height = asset.height {
            parts.append("\(Format.number(width)) x \(Format.number(height))")
        }
        if asset.isEmbedded == true {
            var embedded = "embedded"
            if let type = asset.mediaType { embedded += " \(type)" }
            if let size = asset.embeddedByteCount { embedded += ", \(Format.bytes(size))" }
            parts.append(embedded)
        } else if let file = asset.file {
            parts.append("file '\(file)'")
        }
        parts.append(asset.useCount == 0 ? "unused" : "used by \(Format.plural(asset.useCount, "layer"))")
        return parts.joined(separator: ", ")
    }

    private func markers() -> String {
        guard !report.markers.isEmpty else { return "Markers: none\n" }
        let text = "Markers (\(report.markers.count))\n"
        var rows = [["  name", "frame", "duration"]]
        for marker in report.markers {
            let seconds = report.frameRate > 0 ? marker.durationFrames / report.frameRate : 0
            rows.append([
                "  " + (marker.name.isEmpty ? "(unnamed)" : Format.truncated(marker.name, to: maxNameLength)),
                Format.number(marker.frame),
                "\(Format.number(marker.durationFrames)) frames (\(Format.number(seconds)) s)",
            ])
        }
        return text + TextTable(rows: rows).rendered()
    }

    /// The slots, when the file defines or names any (`--slot ID=VALUE` gives them values).
    private func slots() -> String? {
        guard let slots = report.slots else { return nil }
        var rows = [["  id", "named by", "value"]]
        for slot in slots {
            rows.append([
                "  " + Format.truncated(slot.id, to: maxNameLength),
                slot.useCount == 0 ? "nothing" : Format.plural(slot.useCount, "object"),
                slot.hasValue ? "in the file" : "none (the property's own)",
            ])
        }
        return "Slots (\(slots.count))\n" + TextTable(rows: rows).rendered()
    }

    // MARK: Properties and features

    private func properties() -> String {
        let statistics = report.properties
        let rows = [
            ["  animated", "\(statistics.animatedCount), with \(Format.plural(statistics.keyframeCount, "keyframe"))"],
            ["  static", "\(statistics.staticCount)"],
            ["  with expressions", "\(statistics.expressionCount)"],
        ]
        return "Properties (\(statistics.count))\n" + TextTable(rows: rows).rendered()
    }

    /// Each expression's place, whether it runs, and its first line; nil without expressions.
    private func expressions() -> String? {
        guard let expressions = report.expressions else { return nil }
        let notRun = expressions.count { !$0.runs }
        var rows: [[String]] = []
        for expression in expressions.prefix(maxExpressions) {
            let firstLine = expression.source.split(whereSeparator: \.isNewline)
                .map { $0.trimmingCharacters(in: .whitespaces) }
                .first { !$0.isEmpty && $0 != "var $bm_rt;" } ?? ""
            let shown = firstLine.count > 60 ? firstLine.prefix(57) + "..." : firstLine
            rows.append(["  " + expression.path, expression.notRunReason.map { "not run: \($0)" } ?? "runs", String(shown)])
        }
        var text = "Expressions (\(expressions.count): \(expressions.count - notRun) run, \(notRun) not run)\n"
            + TextTable(rows: rows).rendered()
        if expressions.count > maxExpressions { text += "  ... and \(expressions.count - maxExpressions) more\n" }
        return text
    }

    private func features() -> String {
        guard !report.features.isEmpty else { return "Features: none\n" }
        let text = "Features (\(report.features.count))\n"
        var rows = [["  feature", "uses", "first at", ""]]
        for usage in report.features {
            rows.append([
                "  " + usage.feature.description,
                "\(usage.count) \(usage.count == 1 ? usage.feature.unit.singularUnit : usage.feature.unit)",
                usage.firstPath,
                usage.isSupported ? "" : "not supported yet",
            ])
        }
        return text + TextTable(rows: rows).rendered()
    }

    private func unsupported() -> String {
        let findings = report.unsupported
        guard !findings.isEmpty else { return "Not supported yet: nothing found\n" }
        var text = "Not supported yet (\(Format.plural(findings.count, "place")))\n"
        let shown = Feature.allCases.map { feature in
            (feature, findings.filter { $0.feature == feature })
        }.filter { !$0.1.isEmpty }
        let pathWidth = shown.flatMap { $0.1.prefix(maxPlacesPerFeature).map(\.path.count) }.max() ?? 0
        for (feature, places) in shown {
            text += "  \(feature) (\(places.count))\n"
            for place in places.prefix(maxPlacesPerFeature) {
                let padding = String(repeating: " ", count: pathWidth - place.path.count)
                text += place.message.isEmpty ? "    \(place.path)\n" : "    \(place.path)\(padding)  \(place.message)\n"
            }
            if places.count > maxPlacesPerFeature {
                text += "    ... and \(places.count - maxPlacesPerFeature) more\n"
            }
        }
        return text
    }
}

private extension String {
    /// "layers" -> "layer", "layers and items" -> "layer or item".
    var singularUnit: String {
        switch self {
        case "layers and items": "layer or item"
        case "properties": "property"
        default: hasSuffix("s") ? String(dropLast()) : self
        }
    }
}
