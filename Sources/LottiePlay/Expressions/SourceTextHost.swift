import LottieModel

// MARK: - TextHost

/// A text layer's `text` group as expressions see it: `text.sourceText`, also as
/// `text('Source Text')` or `text(1)`.
final class TextHost: ExpressionHostObject {
    let sourceText: SourceTextHost

    init(_ sourceText: SourceTextHost) {
        self.sourceText = sourceText
    }

    var typeName: String { "text" }

    func member(_ name: String, in interpreter: ExpressionInterpreter) throws(ExpressionFault) -> ExpressionValue? {
        switch name {
        case "sourceText": return .host(sourceText)
        default: return nil
        }
    }

    func call(_ call: ExpressionCall) throws(ExpressionFault) -> ExpressionValue? {
        switch try call.interpreter.primitive(call.argument(0)) {
        case .number(1), .string("Source Text"), .string("ADBE Text Document"):
            return .host(sourceText)
        case let key:
            throw call.interpreter.error("text has no property \(try call.interpreter.describe(key))", at: call.place)
        }
    }
}

// MARK: - SourceTextHost

/// `text.sourceText`: the document's text at the frame evaluated, its expression run (lines
/// separated by `\r`, as After Effects gives them). It reads as a string: `sourceText.length`,
/// `sourceText + '!'`, `sourceText.split('\r')`.
final class SourceTextHost: ExpressionHostObject {
    let track: PropertyTrack<TextDocument>
    unowned var evaluation: ExpressionEvaluation?

    init(_ track: PropertyTrack<TextDocument>, evaluation: ExpressionEvaluation?) {
        self.track = track
        self.evaluation = evaluation
    }

    var typeName: String { "property 'Source Text'" }

    func member(_ name: String, in interpreter: ExpressionInterpreter) throws(ExpressionFault) -> ExpressionValue? {
        switch name {
        case "value", "text": return try primitive(in: interpreter)
        case "numKeys": return .number(Double(track.keys.count))
        default: return nil
        }
    }

    func primitive(in interpreter: ExpressionInterpreter) throws(ExpressionFault) -> ExpressionValue? {
        let frame = evaluation?.frame ?? 0
        if !track.keys.isEmpty { interpreter.noteReading(track.stillStretch(at: frame)) }
        // With the document's own expression, if it has one (read again while it runs: keyframed).
        let text = try track.value(at: frame, in: interpreter).text
        try interpreter.chargeMemory(text.utf16.count)
        return .string(text)
    }
}
