// MARK: - Shapes that make paths

/// `sh`: a free-form bezier path.
public struct PathShape: Equatable, Sendable, Codable {
    public var name: String?
    public var matchName: String?
    public var hidden: Bool?
    /// `d`: direction.
    public var direction: ShapeDirection?
    /// `ks`: the path.
    public var path: Animatable<BezierPath>

    public init(name: String? = nil, path: Animatable<BezierPath>) {
        self.name = name
        self.path = path
    }

    enum CodingKeys: String, CodingKey {
        case name = "nm", matchName = "mn", hidden = "hd", direction = "d", path = "ks"
    }
}

/// `rc`: a rectangle, centred on `p`, of size `s`, with corner radius `r`.
public struct RectangleShape: Equatable, Sendable, Codable {
    public var name: String?
    public var matchName: String?
    public var hidden: Bool?
    public var direction: ShapeDirection?
    /// `p`: the centre (the origin when the file omits it).
    public var position: Animatable<Vector>?
    public var size: Animatable<Vector>
    public var roundness: Animatable<Double>?

    public init(position: Animatable<Vector>?, size: Animatable<Vector>, roundness: Animatable<Double>? = nil) {
        self.position = position
        self.size = size
        self.roundness = roundness
    }

    enum CodingKeys: String, CodingKey {
        case name = "nm", matchName = "mn", hidden = "hd", direction = "d"
        case position = "p", size = "s", roundness = "r"
    }
}

/// `el`: an ellipse, centred on `p`, of size `s`.
public struct EllipseShape: Equatable, Sendable, Codable {
    public var name: String?
    public var matchName: String?
    public var hidden: Bool?
    public var direction: ShapeDirection?
    /// `p`: the centre (the origin when the file omits it).
    public var position: Animatable<Vector>?
    public var size: Animatable<Vector>

    public init(position: Animatable<Vector>?, size: Animatable<Vector>) {
        self.position = position
        self.size = size
    }

    enum CodingKeys: String, CodingKey {
        case name = "nm", matchName = "mn", hidden = "hd", direction = "d", position = "p", size = "s"
    }
}

/// `sr`: a star or regular polygon (`sy`).
public struct PolystarShape: Equatable, Sendable, Codable {
    public var name: String?
    public var matchName: String?
    public var hidden: Bool?
    public var direction: ShapeDirection?
    /// `sy`: star or polygon.
    public var starType: StarType?
    /// `p`: the centre (the origin when the file omits it).
    public var position: Animatable<Vector>?
    /// `pt`: number of points.
    public var points: Animatable<Double>
    /// `r`: rotation in degrees.
    public var rotation: Animatable<Double>?
    /// `or`, `os`: outer radius and roundness (percent).
    public var outerRadius: Animatable<Double>
    public var outerRoundness: Animatable<Double>?
    /// `ir`, `is`: inner radius and roundness (stars only).
    public var innerRadius: Animatable<Double>?
    public var innerRoundness: Animatable<Double>?

    public init(starType: StarType, position: Animatable<Vector>?, points: Animatable<Double>, outerRadius: Animatable<Double>) {
        self.starType = starType
        self.position = position
        self.points = points
        self.outerRadius = outerRadius
    }

    enum CodingKeys: String, CodingKey {
        case name = "nm", matchName = "mn", hidden = "hd", direction = "d", starType = "sy"
        case position = "p", points = "pt", rotation = "r", outerRadius = "or", outerRoundness = "os"
        case innerRadius = "ir", innerRoundness = "is"
    }
}
