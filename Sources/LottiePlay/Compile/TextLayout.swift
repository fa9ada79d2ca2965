import LottieModel

// MARK: - GlyphTable

/// The glyph outlines a file carries (`chars`), ready to lay out: each glyph's paths at font
/// size 100 (the unit lottie-web and the exporter use), keyed by character and font.
struct GlyphTable: Sendable {
    struct Glyph: Sendable {
        var contours: [BezierContour]
        /// Advance width at size 100.
        var advance: Double
    }

    private var glyphs: [String: Glyph] = [:]
    /// `fName` -> (family, style) from `fonts.list`.
    private var fonts: [String: (family: String, style: String)] = [:]

    init(_ animation: Animation, context: ValueContext) {
        for font in animation.fonts?.list ?? [] {
            fonts[font.name] = (font.family ?? font.name, font.style ?? "")
        }
        for glyph in animation.glyphs ?? [] {
            let program = ShapeProgram(glyph.data?.shapes ?? [], jsonPath: "chars", context: context)
            let key = Self.key(glyph.character, glyph.family ?? "", glyph.style ?? "")
            glyphs[key] = Glyph(contours: program.paths(at: 0, limits: context.limits), advance: glyph.width ?? 0)
        }
    }

    var isEmpty: Bool { glyphs.isEmpty }

    private static func key(_ character: String, _ family: String, _ style: String) -> String {
        character + "\u{1}" + family + "\u{1}" + style
    }

    func glyph(for character: Character, fontName: String?) -> Glyph? {
        let font = fontName.flatMap { fonts[$0] } ?? (fontName ?? "", "")
        return glyphs[Self.key(String(character), font.family, font.style)]
    }
}

// MARK: - Layout

extension GlyphTable {
    /// Lays a document out with glyph outlines: lines split at `\r` or `\n`, each glyph scaled
    /// by size / 100 and advanced by its width plus tracking (thousandths of an em), lines
    /// `lh` apart, justified left (0), right (1) or centre (2). The first baseline is y = 0.
    /// Glyphs past `vertexBudget` vertices in all are not placed; what is placed is taken from it.
    func layout(_ document: TextDocument, context: ValueContext) -> [ShapeDrawing] {
        var budget = context.limits.maxFrameVertices
        return layout(document, context: context, vertexBudget: &budget)
    }

    func layout(_ document: TextDocument, context: ValueContext, vertexBudget: inout Int) -> [ShapeDrawing] {
        layout(document, context: context, vertexBudget: &vertexBudget).drawings
    }

    /// The layout, and whether every glyph was placed (none left out for the budget): a complete
    /// layout is the same under any budget at least as large as what it took.
    func layout(_ document: TextDocument, context: ValueContext,
                vertexBudget: inout Int) -> (drawings: [ShapeDrawing], complete: Bool) {
        guard !isEmpty else { return ([], true) }
        var complete = true
        let size = document.fontSize ?? 0
        let scale = size / 100
        let tracking = (document.tracking ?? 0) * size / 1000
        let lineHeight = document.lineHeight ?? size * 1.2
        var contours: [BezierContour] = []
        let lines = document.text.split(omittingEmptySubsequences: false) { $0 == "\r" || $0 == "\n" || $0 == "\u{3}" }
        for (lineNumber, line) in lines.enumerated() {
            var placed: [(Glyph, Double)] = []
            var x = 0.0
            for character in line {
                guard let glyph = glyph(for: character, fontName: document.fontName) else { continue }
                placed.append((glyph, x))
                x += glyph.advance * scale + tracking
            }
            let width = max(0, x - tracking)
            let shift: Double = switch document.justification ?? 0 {
            case 1: -width
            case 2: -width / 2
            default: 0
            }
            let baseline = Double(lineNumber) * lineHeight
            for (glyph, offset) in placed {
                let cost = glyph.contours.reduce(1) { $0 + $1.vertices.count }
                guard cost <= vertexBudget else {
                    complete = false
                    break
                }
                vertexBudget -= cost
                let placement = AffineMatrix(a: scale, b: 0, c: 0, d: scale, tx: offset + shift, ty: baseline)
                contours.append(contentsOf: glyph.contours.map { $0.applying(placement) })
            }
        }
        guard !contours.isEmpty else { return ([], complete) }
        var drawings: [ShapeDrawing] = []
        if let fill = document.fillColor {
            drawings.append(ShapeDrawing(paths: contours, paint: .fill(RGBAColor(fill, context: context), .nonZero),
                                         opacity: 1, jsonPath: "t.d"))
        }
        if let stroke = document.strokeColor, let width = document.strokeWidth, width > 0 {
            let drawing = ShapeDrawing(paths: contours, paint: .stroke(RGBAColor(stroke, context: context),
                                                                       StrokeStyleValues(width: width)),
                                       opacity: 1, jsonPath: "t.d")
            // Painter's order: stroke over fill unless `of` says otherwise.
            if document.strokeOverFill == false { drawings.insert(drawing, at: 0) } else { drawings.append(drawing) }
        }
        return (drawings, complete)
    }
}

extension ShapeProgram {
    /// Every path the program makes at a frame (styles ignored), in its own space.
    func paths(at frame: Double, limits: LottieLimits = .default) -> [BezierContour] {
        var evaluation = ShapeEvaluation(frame: frame, limits: limits, vertexLimit: limits.maxPathVertices)
        evaluation.evaluate(root, groupToLayer: .identity, opacity: 1)
        return evaluation.slots.flatMap { $0 }
    }
}
