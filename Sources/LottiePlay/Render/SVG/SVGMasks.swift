import LottieModel

// MARK: - Masks and mattes in SVG
//
// Both become luminance `<mask>` elements in canvas space (the user space of the layer's outer
// groups), so mask paths carry the layer's transform. See `SVGWriter` for how their content
// reproduces the raster renderer's coverage.

extension SVGBuilder {
    /// The combined layer masks as one mask definition; nil when the layer has none that act.
    func layerMask(_ layer: SceneLayer) -> String? {
        var content: [String] = []
        var started = false
        let transform = SVGMarkup.transformAttribute(layer.transform)
        for (index, mask) in layer.masks.enumerated() {
            let path = "\(layer.jsonPath).masksProperties[\(index)]"
            let opacity = mask.opacity.isFinite ? Swift.min(Swift.max(mask.opacity, 0), 1) : 0
            let data = SVGMarkup.pathData([mask.expandedPath])
            func shape(_ color: String) -> String {
                let fill = mask.inverted
                    ? "<path d=\"\(Self.everywhere)\(data)\" fill-rule=\"evenodd\""
                    : "<path d=\(data.isEmpty ? "\"M0 0\"" : "\"\(data)\"")"
                return fill + " fill=\"\(color)\"" + (opacity < 1 ? " fill-opacity=\"\(SVGMarkup.number(opacity))\"" : "")
                    + "\(transform)/>"
            }
            switch mask.mode {
            case .none:
                continue
            case .add, .lighten, .difference:
                if mask.mode == .difference { note("difference mask in SVG (drawn as add)", at: path) }
                if mask.mode == .lighten { note("lighten mask in SVG (drawn as add)", at: path) }
                content.append(shape("#fff"))
            case .subtract:
                if !started { content = ["<path d=\"\(Self.everywhere)\" fill=\"#fff\"/>"] }
                content.append(shape("#000"))
            case .intersect, .darken:
                if mask.mode == .darken { note("darken mask in SVG (drawn as intersect)", at: path) }
                if started {
                    let previous = defineMask(content)
                    content = ["<g mask=\"url(#\(previous))\">" + shape("#fff") + "</g>"]
                } else {
                    content = [shape("#fff")]
                }
            default:
                note("\(mask.mode) (ignored)", at: path)
                continue
            }
            started = true
        }
        return started ? defineMask(content) : nil
    }

    /// A matte as a mask definition: the source layer drawn through a filter that turns it into
    /// the wanted luminance.
    func matteMask(_ matte: SceneMatte) -> String? {
        let source = layer(matte.source)
        var content: [String] = []
        switch matte.mode {
        case .alpha:
            content = ["<g filter=\"url(#\(filter("white")))\">"] + source + ["</g>"]
        case .alphaInverted:
            content = ["<path d=\"\(Self.everywhere)\" fill=\"#fff\"/>", "<g filter=\"url(#\(filter("black")))\">"]
                + source + ["</g>"]
        case .luma:
            content = source
        case .lumaInverted:
            content = ["<path d=\"\(Self.everywhere)\" fill=\"#fff\"/>", "<g filter=\"url(#\(filter("invert")))\">"]
                + source + ["</g>"]
        default:
            note("\(matte.mode) (drawn without the matte)", at: matte.source.jsonPath)
            return nil
        }
        return defineMask(content)
    }

    /// The id of a mask showing what `stroke` (elements) covers, by its alpha.
    func strokeMask(_ stroke: [String]) -> String {
        defineMask(["<g filter=\"url(#\(filter("white")))\">"] + stroke + ["</g>"])
    }

    private func defineMask(_ content: [String]) -> String {
        let id = newID("mask")
        define(#"<mask id="\#(id)" maskUnits="userSpaceOnUse" \#(region)>"# + "\n" + content.joined(separator: "\n")
               + "\n</mask>")
        return id
    }

    /// The id of a colour-matrix filter: "white" and "black" keep alpha and set the colour,
    /// "invert" inverts the colour. Defined on first use.
    private func filter(_ name: String) -> String {
        let id = "filter-\(name)"
        if filters.insert(name).inserted {
            let values = switch name {
            case "white": "0 0 0 0 1 0 0 0 0 1 0 0 0 0 1 0 0 0 1 0"
            case "black": "0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 1 0"
            default: "-1 0 0 0 1 0 -1 0 0 1 0 0 -1 0 1 0 0 0 1 0"
            }
            define(#"<filter id="\#(id)" filterUnits="userSpaceOnUse" \#(region) color-interpolation-filters="sRGB"><feColorMatrix type="matrix" values="\#(values)"/></filter>"#)
        }
        return id
    }
}
