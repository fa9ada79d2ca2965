// MARK: - TrimPath

/// `tm`: keeps the part of the paths before it between `s` and `e` percent, shifted by `o` degrees.
public struct TrimPath: Equatable, Sendable, Codable {
    public var name: String?
    public var matchName: String?
    public var hidden: Bool?
    public var start: Animatable<Double>
    public var end: Animatable<Double>
    public var offset: Animatable<Double>?
    /// `m`: each path on its own (parallel) or all paths as one (sequential).
    public var mode: TrimMode?

    public init(start: Animatable<Double>, end: Animatable<Double>, offset: Animatable<Double>? = nil, mode: TrimMode? = nil) {
        self.start = start
        self.end = end
        self.offset = offset
        self.mode = mode
    }

    enum CodingKeys: String, CodingKey {
        case name = "nm", matchName = "mn", hidden = "hd", start = "s", end = "e", offset = "o", mode = "m"
    }
}

// MARK: - RoundedCorners

/// `rd`: rounds the corners of the paths before it with radius `r`.
public struct RoundedCorners: Equatable, Sendable, Codable {
    public var name: String?
    public var matchName: String?
    public var hidden: Bool?
    public var radius: Animatable<Double>

    public init(radius: Animatable<Double>) {
        self.radius = radius
    }

    enum CodingKeys: String, CodingKey {
        case name = "nm", matchName = "mn", hidden = "hd", radius = "r"
    }
}

// MARK: - Repeater

/// `rp`: draws `c` copies of what is before it, each transformed once more by `tr`.
public struct Repeater: Equatable, Sendable, Codable {
    public var name: String?
    public var matchName: String?
    public var hidden: Bool?
    /// `c`: number of copies.
    public var copies: Animatable<Double>
    /// `o`: offset (in copies) of the first copy's transform.
    public var offset: Animatable<Double>?
    /// `m`: composite, each copy above or below the one before.
    public var composite: RepeaterComposite?
    /// `tr`: the transform applied per copy, with `so`/`eo` opacities.
    public var transform: Transform

    public init(copies: Animatable<Double>, transform: Transform) {
        self.copies = copies
        self.transform = transform
    }

    enum CodingKeys: String, CodingKey {
        case name = "nm", matchName = "mn", hidden = "hd", copies = "c", offset = "o", composite = "m"
        case transform = "tr"
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decodeIfPresent(String.self, forKey: .name)
        matchName = try container.decodeIfPresent(String.self, forKey: .matchName)
        hidden = try container.decodeIfPresent(Bool.self, forKey: .hidden)
        copies = try container.decode(Animatable<Double>.self, forKey: .copies)
        offset = try container.decodeIfPresent(Animatable<Double>.self, forKey: .offset)
        composite = try container.decodeIfPresent(RepeaterComposite.self, forKey: .composite)
        transform = try container.decodeIfPresent(Transform.self, forKey: .transform) ?? Transform()
    }
}

// MARK: - MergePaths

/// `mm`: combines the paths before it (`mm` mode: merge, add, subtract, intersect, exclude intersections).
public struct MergePaths: Equatable, Sendable, Codable {
    public var name: String?
    public var matchName: String?
    public var hidden: Bool?
    /// `mm`: how the paths are combined.
    public var mode: MergeMode?

    public init(mode: MergeMode?) {
        self.mode = mode
    }

    enum CodingKeys: String, CodingKey {
        case name = "nm", matchName = "mn", hidden = "hd", mode = "mm"
    }
}

// MARK: - PuckerBloat

/// `pb`: pulls vertices toward the centre and pushes tangents out (or the opposite), `a` in percent.
public struct PuckerBloat: Equatable, Sendable, Codable {
    public var name: String?
    public var matchName: String?
    public var hidden: Bool?
    public var amount: Animatable<Double>

    public init(amount: Animatable<Double>) {
        self.amount = amount
    }

    enum CodingKeys: String, CodingKey {
        case name = "nm", matchName = "mn", hidden = "hd", amount = "a"
    }
}

// MARK: - ZigZag

/// `zz`: turns the paths into zig-zags of `r` ridges per segment and amplitude `s`; `pt` 1 corner, 2 smooth.
public struct ZigZag: Equatable, Sendable, Codable {
    public var name: String?
    public var matchName: String?
    public var hidden: Bool?
    public var ridges: Animatable<Double>?
    public var size: Animatable<Double>?
    public var pointType: Animatable<Double>?

    public init(ridges: Animatable<Double>?, size: Animatable<Double>?) {
        self.ridges = ridges
        self.size = size
    }

    enum CodingKeys: String, CodingKey {
        case name = "nm", matchName = "mn", hidden = "hd", ridges = "r", size = "s", pointType = "pt"
    }
}

// MARK: - OffsetPath

/// `op`: grows (or shrinks) the paths by `a`, with join `lj` and miter limit `ml`.
public struct OffsetPath: Equatable, Sendable, Codable {
    public var name: String?
    public var matchName: String?
    public var hidden: Bool?
    public var amount: Animatable<Double>?
    /// `lj`: how the corners of the grown paths are joined.
    public var lineJoin: LineJoin?
    public var miterLimit: Animatable<Double>?

    public init(amount: Animatable<Double>?) {
        self.amount = amount
    }

    enum CodingKeys: String, CodingKey {
        case name = "nm", matchName = "mn", hidden = "hd", amount = "a", lineJoin = "lj", miterLimit = "ml"
    }
}
