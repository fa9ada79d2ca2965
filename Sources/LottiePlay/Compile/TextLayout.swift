import LottieModel

// MARK: - GlyphTable

/// The glyph outlines text is drawn with, ready to lay out: each glyph's paths at font size 100
/// (the unit lottie-web and the exporter use), keyed by character and font. They come from the
/// file (`chars`), or, for a font it has none for, from a font file of the timeline's `FontStore`
/// (font units scaled to 100 per em, y turned down), which also gives kerning.
struct GlyphTable: Sendable {
    struct Glyph: Sendable {
        var contours: [BezierContour]
        /// Advance width at size 100.
        var advance: Double
        /// The glyph's number in its font file (nil for the file's own glyphs), for kerning.
        var fontGlyph: Int?
    }

    private var glyphs: [String: Glyph] = [:]
    /// The family and style each font name stands for, and the font files standing in.
    private let coverage: GlyphCoverage
    /// `fName` -> ascent in percent of the size, from `fonts.list`.
    private var ascents: [String: Double] = [:]
    /// `fName` -> the font file face its text is drawn with (fonts the file has no glyphs for).
    private var faces: [String: FontFace] = [:]

    init(_ animation: LottieAnimation, fonts: FontStore = FontStore(), context: ValueContext) {
        coverage = GlyphCoverage(animation, fonts: fonts)
        for font in animation.fonts?.list ?? [] { ascents[font.name] = font.ascent }
        for glyph in animation.glyphs ?? [] {
            let program = ShapeProgram(glyph.data?.shapes ?? [], jsonPath: "chars", context: context)
            let key = Self.key(glyph.character, glyph.family ?? "", glyph.style ?? "")
            glyphs[key] = Glyph(contours: program.paths(at: 0, limits: context.limits), advance: glyph.width ?? 0)
        }
        guard !fonts.isEmpty else { return }
        // The characters each font's documents use, read from its font file once.
        for (fontName, characters) in Self.characters(in: animation) {
            guard let face = coverage.fontFace(for: fontName) else { continue }
            faces[fontName] = face
            let (family, style) = coverage.face(of: fontName)
            for character in characters {
                glyphs[Self.key(String(character), family, style)] = Self.glyph(character, in: face)
            }
        }
    }

    var isEmpty: Bool { glyphs.isEmpty && faces.isEmpty }

    private static func key(_ character: String, _ family: String, _ style: String) -> String {
        character + "\u{1}" + family + "\u{1}" + style
    }

    func glyph(for character: Character, fontName: String?) -> Glyph? {
        let face = coverage.face(of: fontName)
        if let glyph = glyphs[Self.key(String(character), face.family, face.style)] { return glyph }
        // A character no document had (text an expression made): read from the font file now.
        return faces[fontName ?? ""].flatMap { Self.glyph(character, in: $0) }
    }

    /// The kerning between two glyphs at size 100 (font files' glyphs only; 0 otherwise).
    func kerning(_ left: Glyph, _ right: Glyph, fontName: String?) -> Double {
        guard let first = left.fontGlyph, let second = right.fontGlyph, let face = faces[fontName ?? ""] else { return 0 }
        return face.kerning(left: first, right: second) * 100 / Double(max(face.unitsPerEm, 1))
    }

    /// The ascent of the font `fontName` names, in percent of the size: from `fonts.list`, else
    /// from its font file, else 75.
    func ascent(fontName: String?) -> Double {
        if let ascent = fontName.flatMap({ ascents[$0] }) { return ascent }
        if let face = faces[fontName ?? ""], face.unitsPerEm > 0 { return Double(face.ascender) * 100 / Double(face.unitsPerEm) }
        return 75
    }

    /// A character's glyph in a font file, at size 100 with y down; nil when the font has none.
    private static func glyph(_ character: Character, in face: FontFace) -> Glyph? {
        guard let scalar = character.unicodeScalars.first, let index = face.glyphIndex(for: scalar) else { return nil }
        let scale = 100 / Double(max(face.unitsPerEm, 1))
        let flip = AffineMatrix(a: scale, b: 0, c: 0, d: -scale, tx: 0, ty: 0)
        // An outline the reader refuses draws nothing; the glyph still advances.
        let outline = (try? face.outline(ofGlyph: index)) ?? []
        return Glyph(contours: outline.map { BezierContour($0).applying(flip) },
                     advance: face.advance(ofGlyph: index) * scale, fontGlyph: index)
    }

    /// The characters the text documents of every text layer use, by font name.
    private static func characters(in animation: LottieAnimation) -> [String: Set<Character>] {
        var found: [String: Set<Character>] = [:]
        let layers = animation.layers + animation.assets.flatMap { asset -> [Layer] in
            if case .precomposition(let precomp) = asset { return precomp.layers }
            return []
        }
        for layer in layers {
            guard case .text(let data) = layer.content else { continue }
            var documents = data.document.keyframes.compactMap(\.value)
            if case .fixed(let document) = data.document.content { documents.append(document) }
            for document in documents { found[document.fontName ?? "", default: []].formUnion(document.text) }
        }
        return found
    }
}

// MARK: - Layout

/// A text layer's animators and grouping options at one frame (see `TextAnimatorTrack`).
struct TextAnimation: Sendable {
    var animators: [TextAnimatorValues] = []
    /// `m.g`: 1 characters, 2 words, 3 lines, 4 all: what animators scale and rotate as one.
    var grouping = 1
    /// `m.a`: the grouping alignment, percent.
    var alignment = Vector2.zero
    /// `p`: the path the text runs along.
    var path: TextPathValues?

    static let none = TextAnimation()
}

extension GlyphTable {
    /// Lays a document out with glyph outlines: lines split at `\r` or `\n`, each glyph scaled
    /// by size / 100 and advanced by its width plus tracking (thousandths of an em), lines
    /// `lh` apart, justified left (0), right (1) or centre (2). The first baseline is y = 0.
    /// Glyphs past `vertexBudget` vertices in all are not placed; what is placed is taken from it.
    func layout(_ document: TextDocument, animation: TextAnimation = .none, context: ValueContext) -> [ShapeDrawing] {
        var budget = context.limits.maxFrameVertices
        return layout(document, animation: animation, context: context, vertexBudget: &budget).drawings
    }

    /// The layout, and whether every glyph was placed (none left out for the budget): a complete
    /// layout is the same under any budget at least as large as what it took.
    ///
    /// Animators (`animation`) change each glyph as After Effects does: the glyph is moved so
    /// that its group's anchor (the middle of its character, word or line at the baseline, moved
    /// by the grouping alignment) is at the origin, then by minus the animators' anchor points,
    /// scaled, skewed and rotated, moved by their positions and put back in place; tracking
    /// widens the line; opacity, fill and stroke colours and opacities go from the document's
    /// towards each animator's by its share (see `TextRangeSelection`); stroke widths add.
    func layout(_ document: TextDocument, animation: TextAnimation = .none, context: ValueContext,
                vertexBudget: inout Int) -> (drawings: [ShapeDrawing], complete: Bool) {
        guard !isEmpty else { return ([], true) }
        let size = document.fontSize ?? 0
        let scale = size / 100
        let tracking = (document.tracking ?? 0) * size / 1000
        let lineHeight = document.lineHeight ?? size * 1.2
        let justification = document.justification ?? 0
        let paragraphs = document.text.split(omittingEmptySubsequences: false) {
            $0 == "\r" || $0 == "\n" || $0 == "\u{3}"
        }.map { Array($0) }
        // Paragraph text wraps in its box (not on a path, which sets where glyphs go).
        let box = animation.path == nil ? TextBox(document) : nil
        let lines = box.map { box in
            box.wrap(paragraphs) { glyph(for: $0, fontName: document.fontName).map { $0.advance * scale + tracking } ?? 0 }
        } ?? paragraphs.map { TextBox.Line(characters: $0, endsParagraph: true) }
        let shares = Self.shares(of: animation.animators, lines: lines.map(\.characters))
        // The first baseline: y = 0, or an ascent below a box's top.
        let top = box.map { $0.origin.y + ascent(fontName: document.fontName) * size / 100 } ?? 0

        // Where each glyph goes: its line's letters left to right, then the line justified.
        var placed: [PlacedGlyph] = []
        var lineWidths: [Double] = []
        var position = 0
        for (lineNumber, line) in lines.enumerated() {
            let lineStart = placed.count
            var x = 0.0
            // For a box: the spaces before each glyph, and where the line's last character that
            // is not a space ends.
            var spaces = 0
            var spacesBefore: [Int] = []
            var innerSpaces = 0
            var contentEnd = 0.0
            var previous: Glyph?
            for character in line.characters {
                defer { position += 1 }
                if character == " " { spaces += 1 }
                guard let glyph = glyph(for: character, fontName: document.fontName) else { continue }
                if let previous { x += kerning(previous, glyph, fontName: document.fontName) * scale }
                previous = glyph
                spacesBefore.append(spaces)
                let share = shares.map { $0[position] }
                let extra = zip(animation.animators, share).reduce(0.0) { $0 + ($1.0.tracking ?? 0) * $1.1 }
                if extra != 0 && (x != 0 || justification != 0) { x += extra * size / 1000 }
                placed.append(PlacedGlyph(glyph: glyph, line: lineNumber, left: x, advance: glyph.advance * scale,
                                          isSpace: character == " ", shares: share))
                x += glyph.advance * scale + tracking
                if character != " " {
                    contentEnd = x
                    innerSpaces = spaces
                }
            }
            // The last character keeps its tracking: After Effects centres and right-aligns lines with it.
            let width = max(0, x)
            lineWidths.append(width)
            if let box {
                let (shift, perSpace) = box.placement(lineWidth: contentEnd, spaces: innerSpaces,
                                                      justification: justification, endsParagraph: line.endsParagraph)
                for (number, index) in placed.indices[lineStart...].enumerated() {
                    placed[index].left += box.origin.x + shift + perSpace * Double(spacesBefore[number])
                }
                continue
            }
            // On a path, lines are justified along the path instead.
            let shift: Double = switch animation.path == nil ? justification : 0 {
            case 1: -width
            case 2: -width / 2
            default: 0
            }
            for index in placed.indices[lineStart...] { placed[index].left += shift }
        }
        Self.group(&placed, by: animation.grouping)

        var complete = true
        var runs: [GlyphRun] = []
        let looks = GlyphLook.Base(document, animators: animation.animators, context: context)
        let fontHeight = size * 1.2 * 0.714
        let walk = animation.path.map { ContourWalk($0.contour) }
        // A glyph past the budget leaves out the rest of its line.
        var lineLeftOut: Int?
        for (index, glyph) in placed.enumerated() where glyph.line != lineLeftOut {
            let cost = glyph.glyph.contours.reduce(1) { $0 + $1.vertices.count }
            guard cost <= vertexBudget else {
                complete = false
                lineLeftOut = glyph.line
                continue
            }
            vertexBudget -= cost
            let baseline = top + Double(glyph.line) * lineHeight
            var placement = AffineMatrix(a: scale, b: 0, c: 0, d: scale, tx: glyph.left, ty: baseline)
            if !animation.animators.isEmpty || animation.path != nil {
                let pivot = Vector2(x: glyph.pivot + animation.alignment.x / 100 * glyph.groupWidth / 2,
                                    y: animation.alignment.y / 100 * fontHeight)
                var (moved, turned) = Self.animatorMatrices(animation.animators, shares: glyph.shares)
                var origin = AffineMatrix.translation(x: glyph.left + pivot.x, y: baseline + pivot.y)
                if let path = animation.path, let walk {
                    // The pivot travels along the path: the line's start (by the margins and the
                    // justification), the glyph's place on its line, the animators' x; the
                    // baseline and the animators' y go across it.
                    let distance = Self.distanceAlongPath(of: glyph, number: index, in: placed, path: path,
                                                          length: walk.length, lineWidth: lineWidths[glyph.line],
                                                          justification: justification) + pivot.x + moved.x
                    if let place = walk.place(atDistance: distance) {
                        origin = AffineMatrix.translation(x: place.point.x, y: place.point.y)
                        if path.perpendicular { origin = origin * AffineMatrix.rotation(degrees: place.angle) }
                        origin = origin * AffineMatrix.translation(x: 0, y: baseline + pivot.y)
                        moved.x = 0
                    }
                }
                placement = origin * AffineMatrix.translation(x: moved.x, y: moved.y) * turned
                    * AffineMatrix.translation(x: -pivot.x, y: -pivot.y) * AffineMatrix.scale(scale)
            }
            let look = looks.look(animators: animation.animators, shares: glyph.shares)
            let contours = glyph.glyph.contours.map { $0.applying(placement) }
            if let last = runs.last, last.look == look {
                runs[runs.count - 1].contours.append(contentsOf: contours)
            } else {
                runs.append(GlyphRun(look: look, contours: contours))
            }
        }
        var fills: [ShapeDrawing] = []
        var strokes: [ShapeDrawing] = []
        for run in runs where !run.contours.isEmpty {
            if let fill = run.look.fill {
                fills.append(ShapeDrawing(paths: run.contours, paint: .fill(fill, .nonZero), opacity: run.look.opacity,
                                          jsonPath: "t.d"))
            }
            if let stroke = run.look.stroke, run.look.strokeWidth > 0 {
                strokes.append(ShapeDrawing(paths: run.contours,
                                            paint: .stroke(stroke, StrokeStyleValues(width: run.look.strokeWidth)),
                                            opacity: run.look.opacity, jsonPath: "t.d"))
            }
        }
        // Painter's order: strokes over fills unless `of` says otherwise.
        return (document.strokeOverFill == false ? strokes + fills : fills + strokes, complete)
    }

    /// Each animator's share of each character (line breaks left out), in order.
    private static func shares(of animators: [TextAnimatorValues], lines: [[Character]]) -> [[Double]] {
        guard !animators.isEmpty else { return [] }
        let units = TextUnits(lines: lines)
        return animators.enumerated().map { number, animator in
            let count = units.count(of: animator.units)
            let selection = TextRangeSelection(animator.range, count: count)
            let order = animator.randomize ? TextUnits.shuffledOrder(count: count, seed: UInt64(number)) : nil
            return (0..<units.counts.characters).map { position in
                let unit = units.index(of: position, in: animator.units)
                let index = order.flatMap { unit < $0.count ? $0[unit] : nil } ?? unit
                return selection.factor(at: Double(index))
            }
        }
    }

    /// The middle of each glyph's group (its character, word, line or the whole text), from the
    /// glyph's left, and the group's width.
    private static func group(_ placed: inout [PlacedGlyph], by grouping: Int) {
        var start = 0
        while start < placed.count {
            var end = start + 1
            switch grouping {
            case 2:
                // A word: glyphs up to a space or the line's end; a space is a group of its own.
                if !placed[start].isSpace {
                    while end < placed.count, placed[end].line == placed[start].line, !placed[end].isSpace { end += 1 }
                }
            case 3, 4:
                while end < placed.count, placed[end].line == placed[start].line { end += 1 }
            default:
                break
            }
            let left = placed[start].left
            let right = placed[end - 1].left + placed[end - 1].advance
            for index in start..<end {
                placed[index].groupWidth = right - left
                placed[index].pivot = (left + right) / 2 - placed[index].left
            }
            start = end
        }
    }

    /// Where a glyph's left edge is along a path. The margins move the text forward along the
    /// path: the first margin left-justified text, the last margin right-justified text, both
    /// centred text (as Skottie does it for After Effects). With force alignment, the glyphs'
    /// middles spread evenly from the first margin to the path's end moved by the last margin.
    private static func distanceAlongPath(of glyph: PlacedGlyph, number: Int, in placed: [PlacedGlyph],
                                          path: TextPathValues, length: Double, lineWidth: Double,
                                          justification: Int) -> Double {
        if path.forceAlignment, placed.count > 1, let first = placed.first, let last = placed.last {
            let from = path.firstMargin + first.advance / 2
            let to = length + path.lastMargin - last.advance / 2
            return from + (to - from) * Double(number) / Double(placed.count - 1) - glyph.advance / 2
        }
        let start: Double = switch justification {
        case 1: length - lineWidth + path.lastMargin
        case 2: (length - lineWidth) / 2 + path.firstMargin + path.lastMargin
        default: path.firstMargin
        }
        return start + glyph.left
    }

    /// The animators' transform of a glyph about its pivot, in two parts: the sum of their
    /// positions, and minus their anchor points, then their scales, then each one's skew and
    /// rotation in order.
    private static func animatorMatrices(_ animators: [TextAnimatorValues],
                                         shares: [Double]) -> (moved: Vector2, turned: AffineMatrix) {
        var anchor = Vector2.zero
        var position = Vector2.zero
        var scaleX = 1.0
        var scaleY = 1.0
        var turn = AffineMatrix.identity
        for (animator, share) in zip(animators, shares) where share != 0 {
            if let value = animator.anchor {
                anchor.x += value.x * share
                anchor.y += value.y * share
            }
            if let value = animator.position {
                position.x += value.x * share
                position.y += value.y * share
            }
            if let value = animator.scale {
                scaleX *= 1 + (value.x / 100 - 1) * share
                scaleY *= 1 + (value.y / 100 - 1) * share
            }
            if let skew = animator.skew, skew != 0 {
                turn = AffineMatrix.lottieSkew(degrees: skew * share, axisDegrees: animator.skewAxis * share) * turn
            }
            if let rotation = animator.rotation, rotation != 0 {
                turn = AffineMatrix.rotation(degrees: rotation * share) * turn
            }
        }
        return (position, turn * AffineMatrix.scale(x: scaleX, y: scaleY) * AffineMatrix.translation(x: -anchor.x, y: -anchor.y))
    }
}

/// A glyph placed on its line.
private struct PlacedGlyph {
    let glyph: GlyphTable.Glyph
    let line: Int
    /// The glyph's left edge on its line, justified.
    var left: Double
    let advance: Double
    let isSpace: Bool
    /// Each animator's share of the glyph.
    let shares: [Double]
    /// The middle of the glyph's group, from the glyph's left, and the group's width.
    var pivot = 0.0
    var groupWidth = 0.0
}

/// How a glyph is painted: its fill, stroke and opacity.
private struct GlyphLook: Equatable {
    var fill: RGBAColor?
    var stroke: RGBAColor?
    var strokeWidth: Double
    var opacity: Double

    /// The document's look, before animators.
    struct Base {
        let look: GlyphLook

        init(_ document: TextDocument, animators: [TextAnimatorValues], context: ValueContext) {
            let animatesStroke = animators.contains { $0.strokeColor != nil || $0.strokeWidth != nil }
            let stroke = document.strokeColor.map { RGBAColor($0, context: context) }
                ?? (animatesStroke ? RGBAColor.black : nil)
            look = GlyphLook(fill: document.fillColor.map { RGBAColor($0, context: context) }, stroke: stroke,
                             strokeWidth: document.strokeWidth ?? 0, opacity: 1)
        }

        /// The look of a glyph with these shares of the animators.
        func look(animators: [TextAnimatorValues], shares: [Double]) -> GlyphLook {
            var look = self.look
            var fillAlpha = look.fill?.alpha ?? 1
            var strokeAlpha = look.stroke?.alpha ?? 1
            for (animator, share) in zip(animators, shares) where share != 0 {
                if let opacity = animator.opacity { look.opacity += (opacity / 100 - look.opacity) * share }
                if let target = animator.fillColor, let fill = look.fill { look.fill = Self.mix(fill, target, share) }
                // Hue in degrees, saturation and brightness in percent, each added in HSV and
                // kept in range (lottie-web).
                let hue = (animator.fillHue ?? 0) * share / 360
                let saturation = (animator.fillSaturation ?? 0) / 100 * share
                let brightness = (animator.fillBrightness ?? 0) / 100 * share
                if let fill = look.fill, hue != 0 || saturation != 0 || brightness != 0 {
                    var hsv = HSVColor(fill)
                    hsv.hue += hue
                    hsv.saturation = min(max(hsv.saturation + saturation, 0), 1)
                    hsv.value = min(max(hsv.value + brightness, 0), 1)
                    look.fill = hsv.rgba(alpha: fill.alpha)
                }
                if let target = animator.strokeColor, let stroke = look.stroke {
                    look.stroke = Self.mix(stroke, target, share)
                }
                if let opacity = animator.fillOpacity { fillAlpha += (opacity / 100 - fillAlpha) * share }
                if let opacity = animator.strokeOpacity { strokeAlpha += (opacity / 100 - strokeAlpha) * share }
                if let width = animator.strokeWidth { look.strokeWidth += width * share }
            }
            look.fill?.alpha = min(max(fillAlpha, 0), 1)
            look.stroke?.alpha = min(max(strokeAlpha, 0), 1)
            look.opacity = min(max(look.opacity, 0), 1)
            look.strokeWidth = max(look.strokeWidth, 0)
            return look
        }

        private static func mix(_ from: RGBAColor, _ to: RGBAColor, _ share: Double) -> RGBAColor {
            RGBAColor(red: from.red + (to.red - from.red) * share, green: from.green + (to.green - from.green) * share,
                      blue: from.blue + (to.blue - from.blue) * share, alpha: from.alpha)
        }
    }
}

/// Consecutive glyphs painted alike: drawn as one.
private struct GlyphRun {
    let look: GlyphLook
    var contours: [BezierContour]
}

extension ShapeProgram {
    /// Every path the program makes at a frame (styles ignored), in its own space.
    func paths(at frame: Double, limits: LottieLimits = .default) -> [BezierContour] {
        var evaluation = ShapeEvaluation(frame: frame, limits: limits, vertexLimit: limits.maxPathVertices)
        evaluation.evaluate(root, groupToLayer: .identity, opacity: 1)
        return evaluation.slots.flatMap { $0 }
    }
}
