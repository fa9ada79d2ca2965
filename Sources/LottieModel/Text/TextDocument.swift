// MARK: - TextDocument

/// The text and its style at one moment: the value of a text layer's `t.d` keyframes.
public struct TextDocument: KeyframeValue, Hashable, Codable {
    /// `t`: the text; lines are separated by `\r` (After Effects) or `\n`.
    public var text: String
    /// `f`: the font name, matching `fonts.list[].fName`.
    public var fontName: String?
    /// `s`: font size.
    public var fontSize: Double?
    /// `j`: justification, 0 left, 1 right, 2 centre, 3-6 justified variants.
    public var justification: Int?
    /// `tr`: tracking (letter spacing) in thousandths of an em.
    public var tracking: Double?
    /// `lh`: line height; `ls`: baseline shift.
    public var lineHeight: Double?
    public var baselineShift: Double?
    /// `fc`: fill colour; `sc`: stroke colour; `sw`: stroke width; `of`: stroke over fill.
    public var fillColor: LottieColor?
    public var strokeColor: LottieColor?
    public var strokeWidth: Double?
    public var strokeOverFill: Bool?
    /// `sz`, `ps`: size and position of a paragraph text box.
    public var boxSize: Vector?
    public var boxPosition: Vector?
    /// `ca`: caps, 0 normal, 1 all caps, 2 small caps.
    public var caps: Int?

    public init(text: String, fontName: String? = nil, fontSize: Double? = nil) {
        self.text = text
        self.fontName = fontName
        self.fontSize = fontSize
    }

    enum CodingKeys: String, CodingKey {
        case text = "t", fontName = "f", fontSize = "s", justification = "j", tracking = "tr"
        case lineHeight = "lh", baselineShift = "ls", fillColor = "fc", strokeColor = "sc"
        case strokeWidth = "sw", strokeOverFill = "of", boxSize = "sz", boxPosition = "ps", caps = "ca"
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        text = try container.decodeIfPresent(String.self, forKey: .text) ?? ""
        fontName = try container.decodeIfPresent(String.self, forKey: .fontName)
        fontSize = try container.decodeIfPresent(Double.self, forKey: .fontSize)
        justification = try container.decodeIfPresent(Int.self, forKey: .justification)
        tracking = try container.decodeIfPresent(Double.self, forKey: .tracking)
        lineHeight = try container.decodeIfPresent(Double.self, forKey: .lineHeight)
        baselineShift = try container.decodeIfPresent(Double.self, forKey: .baselineShift)
        fillColor = try container.decodeIfPresent(LottieColor.self, forKey: .fillColor)
        strokeColor = try container.decodeIfPresent(LottieColor.self, forKey: .strokeColor)
        strokeWidth = try container.decodeIfPresent(Double.self, forKey: .strokeWidth)
        strokeOverFill = try container.decodeIfPresent(Bool.self, forKey: .strokeOverFill)
        boxSize = try container.decodeIfPresent(Vector.self, forKey: .boxSize)
        boxPosition = try container.decodeIfPresent(Vector.self, forKey: .boxPosition)
        caps = try container.decodeIfPresent(Int.self, forKey: .caps)
    }

    public init(staticValueFrom decoder: Decoder) throws { try self.init(from: decoder) }
    public func encodeStaticValue(to encoder: Encoder) throws { try encode(to: encoder) }
}
