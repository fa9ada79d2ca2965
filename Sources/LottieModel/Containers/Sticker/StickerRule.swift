// MARK: - StickerRule
//
// Telegram's published requirements for animated (.tgs) stickers and emoji, from "Telegram
// Stickers", section "Animated Stickers and Emoji" > "Animation Requirements"
// (https://core.telegram.org/stickers#animated-stickers-and-emoji, as mirrored by
// github.com/MarshalX/telegram-crawler, data/web/core.telegram.org/stickers.html):
//
//   - The canvas size must be 512x512 pixels.
//   - Objects must not leave the canvas.
//   - Animation length must not exceed 3 seconds.
//   - All animations must be looped.
//   - Final file size must not exceed 64 KB after rendering in Bodymovin.
//   - All animations must run at 60 Frames Per Second.
//   - You must not use the following Adobe After Effects functionality when animating your
//     artwork: Auto-bezier keys, Expressions, Masks, Layer Effects, Images, Solids, Texts,
//     3D Layers, Merge Paths, Star Shapes, Gradient Strokes, Repeaters, Time Stretching, Time
//     Remapping, Auto-Oriented Layers.
//
// The 2019-2020 version of the page (core.telegram.org/animated_stickers, Wayback Machine
// 2020-08-09) said "All stickers inside one pack must have the same FPS (either 30 or 60)", so a
// 30 fps file is reported as a warning, not a violation. Bodymovin-TG writes `"tgs": 1` first in
// every file; no published rule requires it, so its absence is a warning (`TelegramSticker.pack` adds it).
//
// Not checkable from the JSON alone: objects leaving the canvas (needs evaluating every frame:
// `lottie-cli sticker` does it with LottiePlay and reports `.objectsInsideCanvas` as warnings, since
// geometric bounds ignore stroke widths, masks and mattes), looping (an artistic judgement),
// auto-bezier keys (After Effects does not export the key type).

/// One of Telegram's animated sticker requirements, or a recommendation checked beside them.
public enum StickerRule: String, CaseIterable, Codable, Sendable, CustomStringConvertible {
    /// Not Telegram's, but first of all: the file is a Lottie animation that players can read
    /// (`AnimationValidator` finds no error in it). A broken file is never packed.
    case validFile
    case canvasSize
    case objectsInsideCanvas
    case frameRate
    case duration
    case fileSize
    case expressions
    case masks
    case layerEffects
    case images
    case solids
    case texts
    case threeDLayers
    case mergePaths
    case starShapes
    case gradientStrokes
    case repeaters
    case timeStretching
    case timeRemapping
    case autoOrientedLayers
    case tgsMarker

    /// The rule in the words of Telegram's page.
    public var description: String {
        switch self {
        case .validFile: "a valid Lottie file"
        case .canvasSize: "canvas 512x512"
        case .objectsInsideCanvas: "objects must not leave the canvas"
        case .frameRate: "60 fps"
        case .duration: "at most 3 seconds"
        case .fileSize: "at most 64 KB"
        case .expressions: "no expressions"
        case .masks: "no masks"
        case .layerEffects: "no layer effects"
        case .images: "no images"
        case .solids: "no solids"
        case .texts: "no texts"
        case .threeDLayers: "no 3D layers"
        case .mergePaths: "no merge paths"
        case .starShapes: "no star shapes"
        case .gradientStrokes: "no gradient strokes"
        case .repeaters: "no repeaters"
        case .timeStretching: "no time stretching"
        case .timeRemapping: "no time remapping"
        case .autoOrientedLayers: "no auto-oriented layers"
        case .tgsMarker: "\"tgs\": 1 marker"
        }
    }

    /// The published requirements that cannot be checked from the JSON alone (the first needs
    /// every frame evaluated, see `objectsInsideCanvas`).
    public static let unchecked = ["objects must not leave the canvas", "animations must be looped", "no auto-bezier keys"]
}

// MARK: - StickerReport

/// The result of checking a file against the sticker rules.
public struct StickerReport: Codable, Equatable, Sendable {
    /// Every finding, in file order (header fields first): a broken rule is an error (Telegram
    /// rejects or misrenders the sticker), a departure from common practice a warning. Each has
    /// the category `.sticker(rule)`.
    public var findings: [LottieDiagnostic]
    /// The size the 64 KB rule was checked against: the `.tgs` file, or the JSON once packed.
    public var stickerByteCount: Int
    /// Whether `stickerByteCount` is the size of JSON packed by `TelegramSticker.pack`.
    public var isPackedSize: Bool

    /// The broken rules (the errors).
    public var violations: [LottieDiagnostic] { findings.filter { $0.severity == .error } }
    public var warnings: [LottieDiagnostic] { findings.filter { $0.severity == .warning } }
    /// No violations (warnings allowed).
    public var isValid: Bool { violations.isEmpty }
}
