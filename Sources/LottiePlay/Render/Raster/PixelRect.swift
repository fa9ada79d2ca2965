// MARK: - PixelRect

/// A rectangle of whole pixels: columns `minX ..< maxX`, rows `minY ..< maxY`. Empty when either range is.
struct PixelRect: Equatable, Sendable {
    var minX: Int
    var minY: Int
    var maxX: Int
    var maxY: Int

    static let empty = PixelRect(minX: 0, minY: 0, maxX: 0, maxY: 0)

    init(minX: Int, minY: Int, maxX: Int, maxY: Int) {
        self.minX = minX
        self.minY = minY
        self.maxX = maxX
        self.maxY = maxY
    }

    init(width: Int, height: Int) {
        self.init(minX: 0, minY: 0, maxX: width, maxY: height)
    }

    /// The smallest rectangle of pixels that contains the real rectangle `[minX, maxX] x [minY, maxY]`,
    /// or `.empty` when the bounds are not finite.
    init(covering minX: Double, _ minY: Double, _ maxX: Double, _ maxY: Double) {
        guard minX.isFinite, minY.isFinite, maxX.isFinite, maxY.isFinite, minX <= maxX, minY <= maxY,
              max(abs(minX), abs(minY), abs(maxX), abs(maxY)) < 1e9 else {
            self = .empty
            return
        }
        self.init(minX: Int(minX.rounded(.down)), minY: Int(minY.rounded(.down)),
                  maxX: Int(maxX.rounded(.up)), maxY: Int(maxY.rounded(.up)))
    }

    /// The largest rectangle of pixels inside the real rectangle `[minX, maxX] x [minY, maxY]` (the
    /// pixels it covers whole), or `.empty` when there is none or the bounds are not finite.
    init(inside minX: Double, _ minY: Double, _ maxX: Double, _ maxY: Double) {
        guard minX.isFinite, minY.isFinite, maxX.isFinite, maxY.isFinite,
              max(abs(minX), abs(minY), abs(maxX), abs(maxY)) < 1e9 else {
            self = .empty
            return
        }
        let rect = PixelRect(minX: Int(minX.rounded(.up)), minY: Int(minY.rounded(.up)),
                             maxX: Int(maxX.rounded(.down)), maxY: Int(maxY.rounded(.down)))
        self = rect.isEmpty ? .empty : rect
    }

    /// The rectangle with these edges when each lies within 1e-6 of a whole pixel, else nil.
    init?(onWholePixels minX: Double, _ minY: Double, _ maxX: Double, _ maxY: Double) {
        func whole(_ value: Double) -> Int? {
            let rounded = value.rounded()
            guard abs(rounded) < 1e9, abs(rounded - value) <= 1e-6 else { return nil }  // NaN fails too
            return Int(rounded)
        }
        guard let left = whole(minX), let top = whole(minY), let right = whole(maxX), let bottom = whole(maxY)
        else { return nil }
        self.init(minX: left, minY: top, maxX: right, maxY: bottom)
    }

    var width: Int { max(0, maxX - minX) }
    var height: Int { max(0, maxY - minY) }
    var isEmpty: Bool { maxX <= minX || maxY <= minY }

    /// The pixels in both rectangles.
    func intersection(_ other: PixelRect) -> PixelRect {
        let result = PixelRect(minX: max(minX, other.minX), minY: max(minY, other.minY),
                               maxX: min(maxX, other.maxX), maxY: min(maxY, other.maxY))
        return result.isEmpty ? .empty : result
    }

    /// The smallest rectangle holding both (an empty one adds nothing).
    func union(_ other: PixelRect) -> PixelRect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        return PixelRect(minX: min(minX, other.minX), minY: min(minY, other.minY),
                         maxX: max(maxX, other.maxX), maxY: max(maxY, other.maxY))
    }

    func contains(_ other: PixelRect) -> Bool {
        other.isEmpty || (minX <= other.minX && minY <= other.minY && maxX >= other.maxX && maxY >= other.maxY)
    }

    /// The rectangle grown by `dx` pixels left and right and `dy` up and down (empty stays empty).
    func grown(by dx: Int, _ dy: Int) -> PixelRect {
        isEmpty ? .empty : PixelRect(minX: minX - dx, minY: minY - dy, maxX: maxX + dx, maxY: maxY + dy)
    }
}
