import LottieModel

// MARK: - TextBox

/// A paragraph text's box (the document's `sz` and `ps`): its lines wrapped to the box's width,
/// justified within it, the first baseline one ascent below its top.
struct TextBox: Sendable {
    /// `ps`: the box's top-left corner in layer space.
    let origin: Vector2
    /// `sz`: its width and height.
    let width: Double
    let height: Double

    /// The box of `document`, when it has one wide enough to hold anything.
    init?(_ document: TextDocument) {
        guard let size = document.boxSize, size.x > 0, size.x.isFinite, size.y.isFinite else { return nil }
        origin = document.boxPosition.map { Vector2(x: $0.x, y: $0.y) } ?? .zero
        width = size.x
        height = size.y
    }

    /// One line of the wrapped text: its characters (a space where it broke stays at its end)
    /// and whether it ends a paragraph (a line of the document).
    struct Line {
        var characters: [Character]
        var endsParagraph: Bool
    }

    /// The paragraphs broken into lines no wider than the box: after a space where one is on
    /// the line, else (a word wider than the box) before the character that does not fit.
    /// Spaces never start a new line. `advance` is a character's advance plus tracking.
    func wrap(_ paragraphs: [[Character]], advance: (Character) -> Double) -> [Line] {
        var lines: [Line] = []
        for paragraph in paragraphs {
            var current: [Character] = []
            var x = 0.0
            // Where the line may break: just after its last space.
            var lastBreak: Int?
            for character in paragraph {
                let step = advance(character)
                if character != " ", x + step > width, !current.isEmpty {
                    let cut = lastBreak ?? current.count
                    lines.append(Line(characters: Array(current[..<cut]), endsParagraph: false))
                    current = Array(current[cut...])
                    x = current.reduce(0) { $0 + advance($1) }
                    lastBreak = nil
                }
                current.append(character)
                x += step
                if character == " " { lastBreak = current.count }
            }
            lines.append(Line(characters: current, endsParagraph: true))
        }
        return lines
    }

    /// How far a line of `lineWidth` (its trailing spaces left out) moves right in the box for
    /// justification `j` (0 left, 1 right, 2 centre, 3-6 justified with the last line left,
    /// right, centred or justified), and what each of its `spaces` inner spaces adds when the
    /// line is spread to the box's width.
    func placement(lineWidth: Double, spaces: Int, justification: Int,
                   endsParagraph: Bool) -> (shift: Double, perSpace: Double) {
        let room = width - lineWidth
        if (3...6).contains(justification) {
            if !endsParagraph || justification == 6 {
                return spaces > 0 && room > 0 ? (0, room / Double(spaces)) : (0, 0)
            }
            return (justification == 4 ? room : justification == 5 ? room / 2 : 0, 0)
        }
        return (justification == 1 ? room : justification == 2 ? room / 2 : 0, 0)
    }
}
