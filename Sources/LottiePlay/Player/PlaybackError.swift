// MARK: - PlaybackError

/// Why a play could not start.
public enum PlaybackError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No marker has this name; `available` lists the animation's marker names in file order.
    case unknownMarker(String, available: [String])

    public var description: String {
        switch self {
        case .unknownMarker(let name, let available):
            if available.isEmpty { return "no marker named '\(name)': the animation has no markers" }
            let names = available.map { "'\($0)'" }.joined(separator: ", ")
            return "no marker named '\(name)'; available markers: \(names)"
        }
    }
}
