// MARK: - ReferencePlayer

/// A player whose images the reference renders hold (`compare --against`): our renders are
/// measured against one of them, and the two are measured against each other to tell the frames
/// where the reference can be trusted.
enum ReferencePlayer: String, CaseIterable, Sendable {
    case rlottie, thorvg

    /// The player `compare` measures against when `--against` is not given.
    static let standard = ReferencePlayer.rlottie

    /// The player named by `--against NAME`; nil (the standard player) when absent.
    init(option name: String?) throws(UsageError) {
        guard let name else {
            self = Self.standard
            return
        }
        guard let player = ReferencePlayer(rawValue: name.lowercased()) else {
            let names = Self.allCases.map(\.rawValue)
            throw UsageError("--against must be \(names.joined(separator: " or ")), got '\(name)'"
                             + Suggestion.hint(for: name, among: names))
        }
        self = player
    }

    /// The name in reports: "rlottie", "ThorVG".
    var displayName: String {
        switch self {
        case .rlottie: "rlottie"
        case .thorvg: "ThorVG"
        }
    }

    /// The column of the reference manifest that holds the path of this player's image of each
    /// frame: `rlottie_png`, `thorvg_png`.
    var imageColumn: String { rawValue + "_png" }

    /// The ending of this player's image files in the reference renders and in `--save` folders:
    /// `.rlottie.png`, `.thorvg.png`.
    var imageSuffix: String { "." + rawValue + ".png" }
}
