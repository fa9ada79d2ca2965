// MARK: - GradientPaint

/// A gradient at a moment, its points in layer space.
///
/// A value type whose values live in one copy-on-write allocation: a `Paint` holding it stays
/// the size of a stroke, and a frame written over the frame before (`Timeline.update`) writes an
/// animated gradient's stops into the lists already there instead of making new ones.
public struct GradientPaint: Sendable, Equatable {
    public enum Kind: Sendable, Equatable { case linear, radial }

    public struct ColorStop: Sendable, Equatable {
        public var offset: Double
        public var color: RGBAColor
    }

    public struct OpacityStop: Sendable, Equatable {
        public var offset: Double
        public var opacity: Double
    }

    private var storage: Storage

    public init(kind: Kind, start: Vector2, end: Vector2, highlightLength: Double = 0, highlightAngle: Double = 0,
                colorStops: [ColorStop], opacityStops: [OpacityStop]) {
        storage = Storage(kind: kind, start: start, end: end, highlightLength: highlightLength,
                          highlightAngle: highlightAngle, colorStops: colorStops, opacityStops: opacityStops)
    }

    // MARK: Values

    public var kind: Kind {
        get { storage.kind }
        set { unique().kind = newValue }
    }

    public var start: Vector2 {
        get { storage.start }
        set { unique().start = newValue }
    }

    public var end: Vector2 {
        get { storage.end }
        set { unique().end = newValue }
    }

    /// Radial only: highlight length in percent (-100...100) and angle in degrees.
    public var highlightLength: Double {
        get { storage.highlightLength }
        set { unique().highlightLength = newValue }
    }

    public var highlightAngle: Double {
        get { storage.highlightAngle }
        set { unique().highlightAngle = newValue }
    }

    public var colorStops: [ColorStop] {
        get { storage.colorStops }
        set { unique().colorStops = newValue }
    }

    /// Opacity stops; empty means opaque.
    public var opacityStops: [OpacityStop] {
        get { storage.opacityStops }
        set { unique().opacityStops = newValue }
    }

    public static func == (lhs: GradientPaint, rhs: GradientPaint) -> Bool {
        lhs.storage.hasSameValues(as: rhs.storage)
    }

    // MARK: Stops

    /// Splits a gradient's number list into colour stops (`colorStopCount` of
    /// `[offset, r, g, b]`) and opacity stops (the `[offset, alpha]` pairs after them).
    public static func stops(from values: [Double], colorStopCount: Int) -> ([ColorStop], [OpacityStop]) {
        var (colors, opacities): ([ColorStop], [OpacityStop]) = ([], [])
        values.withUnsafeBufferPointer { values in
            split(count: values.count, colorStopCount: colorStopCount, into: &colors, &opacities) { values[$0] }
        }
        return (colors, opacities)
    }

    /// Sets the stops to those of the number list `value(0..<count)` (split as `stops(from:colorStopCount:)`
    /// splits a list), written over the lists this gradient has when it alone holds them.
    mutating func writeStops(count: Int, colorStopCount: Int, value: (Int) -> Double) {
        let storage = unique()
        Self.split(count: count, colorStopCount: colorStopCount, into: &storage.colorStops, &storage.opacityStops,
                   value: value)
    }

    /// Sets the points and highlight, with one check that this gradient alone holds its values.
    mutating func write(kind: Kind, start: Vector2, end: Vector2, highlightLength: Double, highlightAngle: Double) {
        let storage = unique()
        (storage.kind, storage.start, storage.end) = (kind, start, end)
        (storage.highlightLength, storage.highlightAngle) = (highlightLength, highlightAngle)
    }

    @inline(__always)
    private static func split(count: Int, colorStopCount: Int, into colors: inout [ColorStop],
                              _ opacities: inout [OpacityStop], value: (Int) -> Double) {
        let colorCount = max(0, min(colorStopCount, count / 4))
        colors.removeAll(keepingCapacity: true)
        colors.reserveCapacity(colorCount)
        for stop in 0..<colorCount {
            let base = stop * 4
            colors.append(ColorStop(offset: value(base), color: RGBAColor(
                red: value(base + 1), green: value(base + 2), blue: value(base + 3))))
        }
        opacities.removeAll(keepingCapacity: true)
        var index = colorCount * 4
        if count - index > 1 { opacities.reserveCapacity((count - index) / 2) }
        while index + 1 < count {
            opacities.append(OpacityStop(offset: value(index), opacity: value(index + 1)))
            index += 2
        }
    }

    // MARK: Storage

    /// Where the colour stops are kept (nil when there are none): tells whether a frame wrote
    /// them in place.
    var colorStopStorage: UInt? {
        RecycledShapes.storage(of: storage.colorStops)
    }

    /// The values held by this gradient alone, copied first when another value shares them.
    private mutating func unique() -> Storage {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
        return storage
    }

    /// Changed only through `unique()`: once shared, never written.
    private final class Storage: @unchecked Sendable {
        var kind: Kind
        var start: Vector2
        var end: Vector2
        var highlightLength: Double
        var highlightAngle: Double
        var colorStops: [ColorStop]
        var opacityStops: [OpacityStop]

        init(kind: Kind, start: Vector2, end: Vector2, highlightLength: Double, highlightAngle: Double,
             colorStops: [ColorStop], opacityStops: [OpacityStop]) {
            self.kind = kind
            self.start = start
            self.end = end
            self.highlightLength = highlightLength
            self.highlightAngle = highlightAngle
            self.colorStops = colorStops
            self.opacityStops = opacityStops
        }

        func copy() -> Storage {
            Storage(kind: kind, start: start, end: end, highlightLength: highlightLength,
                    highlightAngle: highlightAngle, colorStops: colorStops, opacityStops: opacityStops)
        }

        func hasSameValues(as other: Storage) -> Bool {
            kind == other.kind && start == other.start && end == other.end && highlightLength == other.highlightLength
                && highlightAngle == other.highlightAngle && colorStops == other.colorStops
                && opacityStops == other.opacityStops
        }
    }
}

// MARK: - Description

extension GradientPaint: CustomReflectable {
    /// The values, as a struct holding them would show them (the storage is a detail).
    public var customMirror: Mirror {
        Mirror(self, children: [
            "kind": kind, "start": start, "end": end, "highlightLength": highlightLength,
            "highlightAngle": highlightAngle, "colorStops": colorStops, "opacityStops": opacityStops,
        ], displayStyle: .struct)
    }
}
