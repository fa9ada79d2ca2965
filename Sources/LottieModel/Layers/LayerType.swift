// MARK: - LayerType

/// `ty` of a layer: what kind of content it has (`LayerContent` holds the content itself).
/// Unknown numbers are kept, and players skip such layers.
public enum LayerType: IntegerCode, CustomStringConvertible {
    /// 0: an instance of a precomposition asset.
    case precomp
    /// 1: a rectangle of solid colour.
    case solid
    /// 2: an image asset.
    case image
    /// 3: nothing drawn; a parent for other layers.
    case null
    /// 4: vector shapes.
    case shape
    /// 5: text.
    case text
    /// 6: a sound asset.
    case audio
    /// 7: a video placeholder.
    case videoPlaceholder
    /// 8: an image sequence.
    case imageSequence
    /// 9: a video.
    case video
    /// 10: an image placeholder.
    case imagePlaceholder
    /// 11: a guide layer, never rendered.
    case guide
    /// 12: an adjustment layer.
    case adjustment
    /// 13: a 3D camera.
    case camera
    /// 14: a light.
    case light
    /// 15: a data layer.
    case data
    /// Any other number.
    case unknown(Int)

    public init(rawValue: Int) {
        switch rawValue {
        case 0: self = .precomp
        case 1: self = .solid
        case 2: self = .image
        case 3: self = .null
        case 4: self = .shape
        case 5: self = .text
        case 6: self = .audio
        case 7: self = .videoPlaceholder
        case 8: self = .imageSequence
        case 9: self = .video
        case 10: self = .imagePlaceholder
        case 11: self = .guide
        case 12: self = .adjustment
        case 13: self = .camera
        case 14: self = .light
        case 15: self = .data
        default: self = .unknown(rawValue)
        }
    }

    public var rawValue: Int {
        switch self {
        case .precomp: 0
        case .solid: 1
        case .image: 2
        case .null: 3
        case .shape: 4
        case .text: 5
        case .audio: 6
        case .videoPlaceholder: 7
        case .imageSequence: 8
        case .video: 9
        case .imagePlaceholder: 10
        case .guide: 11
        case .adjustment: 12
        case .camera: 13
        case .light: 14
        case .data: 15
        case .unknown(let code): code
        }
    }

    /// A short name of the layer type for people ("shape", "precomp", "unknown type 42").
    public var description: String {
        switch self {
        case .precomp: "precomp"
        case .solid: "solid"
        case .image: "image"
        case .null: "null"
        case .shape: "shape"
        case .text: "text"
        case .audio: "audio"
        case .videoPlaceholder: "video placeholder"
        case .imageSequence: "image sequence"
        case .video: "video"
        case .imagePlaceholder: "image placeholder"
        case .guide: "guide"
        case .adjustment: "adjustment"
        case .camera: "camera"
        case .light: "light"
        case .data: "data"
        case .unknown(let code): "unknown type \(code)"
        }
    }
}
