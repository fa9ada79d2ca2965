import Foundation
import LottieModel

// MARK: - RepeaterItem

/// `rp`: copies what its group holds so far (paths and drawings) `c` times: copy i is moved by
/// the repeater's transform applied i + `o` times about its anchor, with opacity going from `so`
/// (first copy) to `eo` (last). Copies stack above the original (`m` 1) or below it (`m` 2).
/// Copies past `maxRepeaterCopies`, `maxPaths` or the frame's vertex budget are not made.
final class RepeaterItem: ShapeItemKind, PathModifier {
    static let typeCode = "rp"

    let copies: PropertyTrack<Double>
    let offset: PropertyTrack<Double>
    /// `m` 2: copies are stacked below the original instead of above.
    let stacksBelow: Bool
    let transform: TransformTrack

    init(_ repeater: Repeater, context: ValueContext) {
        copies = PropertyTrack(repeater.copies, fallback: 1, context: context)
        offset = PropertyTrack(repeater.offset, fallback: 0, context: context)
        stacksBelow = repeater.composite == .below
        transform = TransformTrack(repeater.transform, context: context)
    }

    static func node(for item: ShapeItem, jsonPath: String, context: ValueContext) -> ShapeNode? {
        guard case .repeater(let repeater) = item, repeater.hidden != true else { return nil }
        return .modifier(RepeaterItem(repeater, context: context))
    }

    func addMotion(to motion: inout MotionCollector) {
        motion.add(copies)
        motion.add(offset)
        transform.addMotion(to: &motion)
        motion.add(transform.startOpacity)
        motion.add(transform.endOpacity)
    }

    func apply(to evaluation: inout ShapeEvaluation, group: ShapeEvaluation.GroupSoFar) {
        let (frame, limits) = (evaluation.frame, evaluation.limits)
        let rawCopies = copies.value(at: frame)
        // Clamped as a Double first: 1e300 copies must not overflow Int.
        let copies = rawCopies.isFinite
            ? Int(min(max(rawCopies.rounded(.up), 0), Double(limits.maxRepeaterCopies))) : 0
        let originalSlots = Array(evaluation.slots[group.firstSlot...])
        let originalDrawings = Array(evaluation.pending[group.firstDrawing...])
        let originalVertices = originalSlots.reduce(0) { $0 + ShapeEvaluation.vertices(in: $1) }
        evaluation.slots.removeSubrange(group.firstSlot...)
        evaluation.pending.removeSubrange(group.firstDrawing...)
        evaluation.vertexCount -= originalVertices
        guard copies > 0, !originalSlots.isEmpty || !originalDrawings.isEmpty else { return }
        let offset = offset.value(at: frame)
        let startOpacity = min(max(transform.startOpacity.value(at: frame) / 100, 0), 1)
        let endOpacity = min(max(transform.endOpacity.value(at: frame) / 100, 0), 1)
        let groupToLayer = group.groupToLayer
        let layerToGroup = groupToLayer.inverse ?? .identity
        // Drawings are listed top first: copies stacked above come out last copy first.
        let order = stacksBelow ? Array(0..<copies) : Array((0..<copies).reversed())
        for copy in order {
            // Copies past a limit are not made (nested repeaters multiply).
            guard evaluation.slots.count + originalSlots.count <= limits.maxPaths,
                  evaluation.pending.count + originalDrawings.count <= limits.maxPaths else {
                evaluation.limited = true
                break
            }
            guard evaluation.fits(evaluation.vertexCount + originalVertices) else { break }
            evaluation.vertexCount += originalVertices
            let matrix = self.matrix(at: frame, times: Double(copy) + offset)
            let fraction = copies > 1 ? Double(copy) / Double(copies - 1) : 0
            let copyOpacity = startOpacity + (endOpacity - startOpacity) * fraction
            let slotShift = evaluation.slots.count - group.firstSlot
            for contours in originalSlots {
                evaluation.slots.append(contours.map { $0.applying(matrix) })
            }
            for var drawing in originalDrawings {
                drawing.slots = (drawing.slots.lowerBound + slotShift)..<(drawing.slots.upperBound + slotShift)
                drawing.groupToLayer = groupToLayer * matrix * layerToGroup * drawing.groupToLayer
                drawing.opacity *= copyOpacity
                evaluation.pending.append(drawing)
            }
        }
    }

    /// The repeater transform applied `times` times: position times n, rotation times n,
    /// scale to the power n, about the anchor.
    private func matrix(at frame: Double, times: Double) -> AffineMatrix {
        let anchor = transform.anchor.value(at: frame)
        let position = transform.position(at: frame)
        let scale = transform.scale.value(at: frame).value
        let rotation = transform.rotation.value(at: frame)
        let scaled = Vector2(x: pow(scale.x / 100, times) * 100, y: pow(scale.y / 100, times) * 100)
        return AffineMatrix.lottie(
            anchor: anchor, position: anchor + position * times, scale: scaled, rotation: rotation * times)
    }
}
