import LottieModel

// MARK: - ZigZagItem

/// `zz`: turns each segment of the paths before it in its group into `r` ridges of height `s`,
/// corners or smooth (`pt` 2), as many ridges as `maxZigZagRidges` allows.
final class ZigZagItem: ShapeItemKind, PathModifier {
    static let typeCode = "zz"

    let ridges: PropertyTrack<Double>
    let size: PropertyTrack<Double>
    let smooth: PropertyTrack<Double>

    init(_ zigZag: ZigZag, context: ValueContext) {
        ridges = PropertyTrack(zigZag.ridges, fallback: 0, context: context)
        size = PropertyTrack(zigZag.size, fallback: 0, context: context)
        smooth = PropertyTrack(zigZag.pointType, fallback: 1, context: context)
    }

    static func node(for item: ShapeItem, jsonPath: String, context: ValueContext) -> ShapeNode? {
        guard case .zigZag(let zigZag) = item, zigZag.hidden != true else { return nil }
        return .modifier(ZigZagItem(zigZag, context: context))
    }

    func addMotion(to motion: inout MotionCollector) {
        motion.add(ridges)
        motion.add(size)
        motion.add(smooth)
    }

    func apply(to evaluation: inout ShapeEvaluation, group: ShapeEvaluation.GroupSoFar) {
        let range = evaluation.slots(of: group)
        guard !range.isEmpty else { return }
        let frame = evaluation.frame
        let amplitude = size.value(at: frame)
        guard amplitude != 0 else { return }
        let requested = ridges.value(at: frame)
        let ridgeCount = requested.isFinite ? min(requested, Double(evaluation.limits.maxZigZagRidges)) : 0
        let modifier = ZigZagModifier(ridges: ridgeCount, size: amplitude,
                                      pointType: smooth.value(at: frame) >= 2 ? .smooth : .corner)
        // A vertex per segment end plus the ridges of every segment (ZigZag.swift).
        let ridgesDrawn = ZigZagModifier(ridges: ridgeCount, size: amplitude).ridgeCount
        evaluation.mapContours(range, growth: { 1 + $0.segmentCount * (ridgesDrawn + 1) }) { modifier.apply(to: $0) }
    }
}
