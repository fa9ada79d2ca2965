import LottieModel

// MARK: - SVG markup
//
// Small pieces of SVG text: numbers, matrices, path data, colours and paint attributes. Numbers
// are written with at most three decimals (a thousandth of a unit is far below a pixel at any
// sensible size) and without trailing zeros, so documents stay small and diffable.

enum SVGMarkup {
    /// 12 -> "12", 0.5 -> "0.5", 1/3 -> "0.333", -0.0001 -> "0".
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        // Beyond 1e12 thousandths no longer matter (and scaling by 1000 would lose digits).
        let rounded = abs(value) < 1e12 ? (value * 1000).rounded() / 1000 : value
        if rounded == 0 { return "0" }
        if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int(rounded)) }
        var text = String(rounded)
        // Exponent notation ("1.6e+15") is valid SVG; only a plain decimal loses its zeros.
        guard !text.contains("e") else { return text }
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    /// `matrix(a b c d e f)`, or nil for the identity.
    static func transform(_ matrix: AffineMatrix) -> String? {
        guard !matrix.isIdentity else { return nil }
        let values = [matrix.a, matrix.b, matrix.c, matrix.d, matrix.tx, matrix.ty].map(number)
        return "matrix(" + values.joined(separator: " ") + ")"
    }

    /// ` transform="matrix(...)"`, or nothing for the identity.
    static func transformAttribute(_ matrix: AffineMatrix) -> String {
        transform(matrix).map { " transform=\"\($0)\"" } ?? ""
    }

    /// Path data for contours: `M x y C ... Z`, straight segments as `L`.
    static func pathData(_ contours: [BezierContour]) -> String {
        var parts: [String] = []
        for contour in contours where !contour.vertices.isEmpty {
            let vertices = contour.vertices
            parts.append("M" + point(vertices[0]))
            for index in 0..<contour.segmentCount {
                let next = index + 1 == vertices.count ? 0 : index + 1
                let out = index < contour.outTangents.count ? contour.outTangents[index] : .zero
                let inT = next < contour.inTangents.count ? contour.inTangents[next] : .zero
                if out == .zero && inT == .zero {
                    // A straight closing segment is drawn by the Z.
                    if contour.closed && next == 0 { continue }
                    parts.append("L" + point(vertices[next]))
                } else {
                    parts.append("C" + point(vertices[index] + out) + " " + point(vertices[next] + inT) + " "
                                 + point(vertices[next]))
                }
            }
            if contour.closed { parts.append("Z") }
        }
        return parts.joined()
    }

    static func point(_ point: Vector2) -> String {
        number(point.x) + " " + number(point.y)
    }

    /// `#rrggbb` of a colour's RGB (alpha is carried by opacity attributes).
    static func color(_ color: RGBAColor) -> String {
        var opaque = color
        opaque.alpha = 1
        return opaque.hexString
    }

    /// Text with `&`, `<`, `>` and `"` escaped, for attribute values and comments.
    static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            default: result.append(character)
            }
        }
        return result
    }

    /// The stroke attributes of a style: width, cap, join, miter limit, dashes.
    static func strokeAttributes(_ style: StrokeStyleValues) -> String {
        var text = " stroke-width=\"\(number(style.width))\""
        switch style.cap {
        case .butt: break
        case .round: text += " stroke-linecap=\"round\""
        case .square: text += " stroke-linecap=\"square\""
        }
        switch style.join {
        case .miter: text += " stroke-miterlimit=\"\(number(Swift.max(1, style.miterLimit)))\""
        case .round: text += " stroke-linejoin=\"round\""
        case .bevel: text += " stroke-linejoin=\"bevel\""
        }
        if !style.dashes.isEmpty, style.dashes.contains(where: { $0 > 0 }) {
            text += " stroke-dasharray=\"" + style.dashes.map(number).joined(separator: " ") + "\""
            if style.dashOffset != 0 { text += " stroke-dashoffset=\"\(number(style.dashOffset))\"" }
        }
        return text
    }

    /// The CSS name of a blend mode for `mix-blend-mode`, or nil for normal.
    static func blendMode(_ mode: BlendMode) -> String? {
        switch mode {
        case .multiply: "multiply"
        case .screen: "screen"
        case .overlay: "overlay"
        case .darken: "darken"
        case .lighten: "lighten"
        case .colorDodge: "color-dodge"
        case .colorBurn: "color-burn"
        case .hardLight: "hard-light"
        case .softLight: "soft-light"
        case .difference: "difference"
        case .exclusion: "exclusion"
        case .hue: "hue"
        case .saturation: "saturation"
        case .color: "color"
        case .luminosity: "luminosity"
        case .add: "plus-lighter"
        default: nil
        }
    }
}
