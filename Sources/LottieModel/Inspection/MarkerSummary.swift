// MARK: - MarkerSummary

/// A marker as reports show it: its name, start frame (absolute) and duration in frames.
public struct MarkerSummary: Codable, Equatable, Sendable {
    public var name: String
    public var frame: Double
    public var durationFrames: Double

    public init(name: String, frame: Double, durationFrames: Double) {
        self.name = name
        self.frame = frame
        self.durationFrames = durationFrames
    }

    public init(_ marker: Marker) {
        self.init(name: marker.name, frame: marker.time, durationFrames: marker.duration)
    }
}
