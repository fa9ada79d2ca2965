import LottieModel

// MARK: - FillItem

/// `fl`: a solid fill of the paths before it in its group.
struct FillItem: ShapeItemKind, PaintSource {
    static let typeCode = "fl"

    let color: PropertyTrack<RGBAColor>

    static func node(for item: ShapeItem, jsonPath: String, context: ValueContext) -> ShapeNode? {
        guard case .fill(let fill) = item, fill.hidden != true else { return nil }
        let source = FillItem(color: PropertyTrack(fill.color, fallback: .black, context: context))
        return .style(StyleNode(source, opacity: PropertyTrack(fill.opacity, fallback: 100, context: context),
                                fillRule: .drawn(fill.fillRule), blendMode: fill.blendMode ?? .normal,
                                jsonPath: jsonPath))
    }

    var isAnimated: Bool { color.isAnimated }

    func addMotion(to motion: inout MotionCollector) {
        motion.add(color)
    }

    func paint(at frame: Double, fillRule: FillRule) -> Paint {
        .fill(color.value(at: frame), fillRule)
    }
}

extension FillRule {
    /// The rule a fill with `r` = `rule` is drawn with: even-odd for `.evenOdd`, non-zero when
    /// `r` is absent or unknown.
    static func drawn(_ rule: FillRule?) -> FillRule {
        rule == .evenOdd ? .evenOdd : .nonZero
    }
}
