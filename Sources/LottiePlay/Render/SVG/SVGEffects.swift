import Foundation
import LottieModel

// MARK: - Layer effects in SVG
//
// A layer's effects become one `<filter>` in canvas space (the user space of the layer's groups),
// its primitives chained in list order from the layer as masked (`SourceGraphic`), as the
// raster renderer draws them (FORMAT.md "Layer effects"); colours are filtered in sRGB:
// - Fill: the colour flooded in the layer's alpha (`feFlood`, `feComposite in`).
// - Tint: one `feColorMatrix`, exact (the tint is linear in the colour).
// - Tritone: the luminance (`feColorMatrix`), mapped through three-entry tables (`feComponentTransfer`,
//   piecewise linear through shadows, midtones and highlights), mixed with the original
//   (`feComposite arithmetic`).
// - Drop shadow: the alpha blurred (`feGaussianBlur`), moved (`feOffset`), coloured, under the
//   layer (`feMerge`) or alone.
// - Gaussian blur: `feGaussianBlur`, `edgeMode="duplicate"` for repeated edge pixels; Fast Box
//   Blur: the Gaussian of the same variance.
// - Transform: no filter; the writer puts the masked content in a group that moves it.
// - Stroke: no filter; the writer adds the masks' stroke over the content, instead of it, or as
//   its mask (`strokeEffects(_:over:)`).
// Lengths in layer units are taken to canvas units by the layer's transform.

extension SVGBuilder {
    /// The filter of the layer's effects; nil when it has none.
    func effectFilter(_ layer: SceneLayer) -> String? {
        guard !layer.effects.isEmpty else { return nil }
        let transform = layer.transform
        let scale = SceneEffect.lengthScale(of: transform)
        var primitives: [String] = []
        var input = "SourceGraphic"
        func add(_ elements: [String]) {
            let result = "fx\(primitives.count)"
            // The last element of each effect names its result for the next.
            var list = elements
            if let last = list.popLast() {
                list.append(last.replacingOccurrences(of: "RESULT", with: result))
            }
            primitives += list
            input = result
        }
        for effect in layer.effects {
            switch effect {
            case .fill(let color, let opacity):
                add([#"<feFlood flood-color="\#(SVGMarkup.color(color))" flood-opacity="\#(SVGMarkup.number(opacity * color.alpha))"/>"#,
                     #"<feComposite in2="\#(input)" operator="in" result="RESULT"/>"#])
            case .tint(let black, let white, let amount):
                add([#"<feColorMatrix in="\#(input)" type="matrix" values="\#(Self.tintMatrix(black, white, amount))" result="RESULT"/>"#])
            case .tritone(let highlights, let midtones, let shadows, let original):
                func table(_ channel: KeyPath<RGBAColor, Double>) -> String {
                    [shadows, midtones, highlights].map { SVGMarkup.number($0[keyPath: channel]) }.joined(separator: " ")
                }
                let toned = "fx\(primitives.count)toned"
                add([#"<feColorMatrix in="\#(input)" type="matrix" values="\#(Self.luminanceMatrix)"/>"#,
                     #"<feComponentTransfer result="\#(toned)"><feFuncR type="table" tableValues="\#(table(\.red))"/><feFuncG type="table" tableValues="\#(table(\.green))"/><feFuncB type="table" tableValues="\#(table(\.blue))"/></feComponentTransfer>"#,
                     #"<feComposite in="\#(toned)" in2="\#(input)" operator="arithmetic" k2="\#(SVGMarkup.number(1 - original))" k3="\#(SVGMarkup.number(original))" result="RESULT"/>"#])
            case .dropShadow(let color, let opacity, let direction, let distance, let softness, let shadowOnly):
                let offset = transform.applyLinear(to: SceneEffect.shadowOffset(direction: direction, distance: distance))
                let sigma = softness * SceneEffect.sigmaPerBlurriness * scale
                let shadow = "fx\(primitives.count)shadow"
                var elements = [
                    #"<feGaussianBlur in="\#(input)" stdDeviation="\#(SVGMarkup.number(sigma))"/>"#,
                    #"<feOffset dx="\#(SVGMarkup.number(offset.x))" dy="\#(SVGMarkup.number(offset.y))"/>"#,
                    #"<feComponentTransfer><feFuncR type="linear" slope="0" intercept="\#(SVGMarkup.number(color.red))"/><feFuncG type="linear" slope="0" intercept="\#(SVGMarkup.number(color.green))"/><feFuncB type="linear" slope="0" intercept="\#(SVGMarkup.number(color.blue))"/><feFuncA type="linear" slope="\#(SVGMarkup.number(opacity * color.alpha))"/></feComponentTransfer>"#,
                ]
                if shadowOnly {
                    elements[elements.count - 1] = elements[elements.count - 1]
                        .replacingOccurrences(of: "<feComponentTransfer>", with: #"<feComponentTransfer result="RESULT">"#)
                } else {
                    elements[elements.count - 1] = elements[elements.count - 1]
                        .replacingOccurrences(of: "<feComponentTransfer>", with: #"<feComponentTransfer result="\#(shadow)">"#)
                    elements.append(#"<feMerge result="RESULT"><feMergeNode in="\#(shadow)"/><feMergeNode in="\#(input)"/></feMerge>"#)
                }
                add(elements)
            case .levels(let composite, let red, let green, let blue, let alpha):
                // The raster renderer's tables, 256 steps a channel.
                let tables = ColorEffects.levelsTables(composite, red, green, blue, alpha)
                func function(_ name: String, _ lane: Int) -> String {
                    let values = tables.map { SVGMarkup.number(Double($0[lane])) }.joined(separator: " ")
                    return #"<feFunc\#(name) type="table" tableValues="\#(values)"/>"#
                }
                add([#"<feComponentTransfer in="\#(input)" result="RESULT">"# + function("R", 0) + function("G", 1)
                     + function("B", 2) + function("A", 3) + "</feComponentTransfer>"])
            case .gaussianBlur(let blurriness, let dimensions, let repeatEdges):
                add([Self.blur(input, sigma: blurriness * SceneEffect.sigmaPerBlurriness * scale,
                               dimensions: dimensions, repeatEdges: repeatEdges)])
            case .transform, .stroke:
                // Not filters: the writer moves the layer's masked content and strokes its masks
                // (`layer(_:)`).
                continue
            case .boxBlur(let radius, let iterations, let dimensions, let repeatEdges):
                // SVG has no box blur: the Gaussian of the same variance.
                let sigma = SceneEffect.boxBlurVariance(radius: radius * scale, iterations: iterations).squareRoot()
                add([Self.blur(input, sigma: sigma, dimensions: dimensions, repeatEdges: repeatEdges)])
            }
        }
        guard !primitives.isEmpty else { return nil }
        let id = newID("effects")
        define(#"<filter id="\#(id)" filterUnits="userSpaceOnUse" \#(region) color-interpolation-filters="sRGB">"#
               + primitives.joined() + "</filter>")
        return id
    }

    /// A Gaussian blur of `input` of `sigma` along the axes of `dimensions`.
    static func blur(_ input: String, sigma: Double, dimensions: SceneEffect.BlurDimensions,
                     repeatEdges: Bool) -> String {
        let (x, y) = (dimensions == .vertical ? 0 : sigma, dimensions == .horizontal ? 0 : sigma)
        return #"<feGaussianBlur in="\#(input)" stdDeviation="\#(SVGMarkup.number(x)) \#(SVGMarkup.number(y))" edgeMode="\#(repeatEdges ? "duplicate" : "none")" result="RESULT"/>"#
    }

    /// The colour matrix making every channel the Rec. 709 luminance, alpha kept.
    static let luminanceMatrix = Array(repeating: "0.2126 0.7152 0.0722 0 0", count: 3).joined(separator: " ")
        + " 0 0 0 1 0"

    /// The colour matrix of a tint: `c (1 - amount) + (black + (white - black) L) amount`.
    static func tintMatrix(_ black: RGBAColor, _ white: RGBAColor, _ amount: Double) -> String {
        let weights = [0.2126, 0.7152, 0.0722]
        let rows = [\RGBAColor.red, \.green, \.blue].enumerated().map { channel, path in
            let low = black[keyPath: path], high = white[keyPath: path]
            let columns = (0..<3).map { column in
                (column == channel ? 1 - amount : 0) + amount * (high - low) * weights[column]
            }
            return (columns + [0, amount * low]).map(SVGMarkup.number).joined(separator: " ")
        }
        return (rows + ["0 0 0 1 0"]).joined(separator: " ")
    }
}
