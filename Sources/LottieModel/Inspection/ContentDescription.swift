// MARK: - ContentDescription

/// What a layer draws, in a few words for people:
///
///     shape    3 items: group 'Roof' (path, transform), trim path 'Trace', stroke 'Outline'
///     precomp  precomp 'comp_0', 5 layers
///     text     text 'Hello' (font 'Roboto-Bold', size 48)
///
/// Shape lists name their top-level items; a group shows the kinds of its items, with repeats
/// counted ("3 paths") and nested groups not opened.
enum ContentDescription {
    /// Top-level shape items named before "... and N more".
    static let maxItems = 6
    /// Characters of a text layer's text shown.
    static let maxTextLength = 40

    static func describe(_ layer: Layer, in animation: LottieAnimation) -> String {
        switch layer.content {
        case .precomp(let fields):
            var text = "precomp '\(fields.assetID)'"
            if let precomp = animation.precomposition(id: fields.assetID) {
                text += ", " + plural(precomp.layers.count, "layer")
            }
            if fields.timeRemap != nil { text += ", time remapped" }
            return text
        case .solid(let fields):
            return "solid \(fields.color), \(number(fields.width)) x \(number(fields.height))"
        case .image(let id):
            return "image '\(id)'"
        case .null:
            return "no content"
        case .shape(let items):
            return describe(items)
        case .text(let data):
            return describe(data)
        case .audio(let id):
            return id.map { "sound '\($0)'" } ?? "sound"
        case .camera(let perspective):
            if case .fixed(let value)? = perspective?.content { return "camera, perspective \(number(value))" }
            return "camera"
        case .data(let id):
            return id.map { "data '\($0)'" } ?? "data"
        case .guide:
            return "not drawn (guide)"
        case .adjustment:
            return "adjusts the layers below with its effects"
        case .videoPlaceholder, .imageSequence, .video, .imagePlaceholder, .light, .unknown:
            return "not drawn by this toolkit"
        }
    }

    /// "3 items: group 'Roof' (path, transform), trim path 'Trace', stroke 'Outline'".
    static func describe(_ items: [ShapeItem]) -> String {
        guard !items.isEmpty else { return "no shape items" }
        var parts = items.prefix(maxItems).map { item in
            var part = item.kind.singular
            if let name = item.name, !name.isEmpty { part += " '\(name)'" }
            if case .group(let group) = item { part += " (\(kinds(of: group.items)))" }
            return part
        }
        if items.count > maxItems { parts.append("... and \(items.count - maxItems) more") }
        return plural(items.count, "item") + ": " + parts.joined(separator: ", ")
    }

    /// "2 paths, stroke, transform": the kinds of a group's items, in order, repeats counted.
    static func kinds(of items: [ShapeItem]) -> String {
        guard !items.isEmpty else { return "empty" }
        var runs: [(kind: ShapeItemKind, count: Int)] = []
        for item in items {
            if let last = runs.last, last.kind == item.kind {
                runs[runs.count - 1].count += 1
            } else {
                runs.append((item.kind, 1))
            }
        }
        return runs.map { $0.count == 1 ? $0.kind.singular : "\($0.count) \($0.kind.plural)" }
            .joined(separator: ", ")
    }

    static func describe(_ data: TextData) -> String {
        let documents = data.document.isAnimated
            ? data.document.keyframes.compactMap(\.value)
            : [data.document.fixedValue].compactMap { $0 }
        var text = "text"
        var details: [String] = []
        if let document = documents.first {
            text += " '\(shortened(document.text))'"
            if let font = document.fontName { details.append("font '\(font)'") }
            if let size = document.fontSize { details.append("size \(number(size))") }
        }
        if data.document.keyframes.count > 1 { details.append(plural(data.document.keyframes.count, "keyframe")) }
        if let animators = data.animators, !animators.isEmpty { details.append(plural(animators.count, "animator")) }
        if !details.isEmpty { text += " (" + details.joined(separator: ", ") + ")" }
        return text
    }

    /// The text on one line, cut to `maxTextLength` characters.
    static func shortened(_ text: String) -> String {
        let oneLine = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
            .joined(separator: " / ")
        guard oneLine.count > maxTextLength else { return oneLine }
        return oneLine.prefix(maxTextLength - 3) + "..."
    }

    /// "1 layer", "3 layers".
    static func plural(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }

    /// 60 -> "60", 29.97 -> "29.97", 56.58335113 -> "56.583".
    static func number(_ value: Double) -> String {
        guard value.isFinite, abs(value) < 1e12 else { return String(value) }
        let rounded = (value * 1000).rounded() / 1000
        if rounded == rounded.rounded() { return String(Int(rounded)) }
        return String(rounded)
    }
}

extension Animatable {
    /// The value of a static property.
    var fixedValue: Value? {
        if case .fixed(let value) = content { return value }
        return nil
    }
}
