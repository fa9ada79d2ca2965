import Foundation
import LottieModel

// MARK: - BrokenFixtures

/// Small Lottie files written in the tests: a valid one, and copies with one fault each.
enum BrokenFixtures {
    /// A valid shape layer: a rectangle and a fill, with an animated position (`ind` given).
    static func shapeLayer(
        name: String = "Box", index: Int = 1, extra: String = "", position: String = animatedPosition,
        shapes: String = boxShapes, transformExtra: String = ""
    ) -> String {
        """
        {"ty": 4, "nm": "\(name)", "ind": \(index), "ip": 0, "op": 30, "st": 0, \(extra)
         "ks": {"a": {"a": 0, "k": [0, 0]}, "p": \(position), "s": {"a": 0, "k": [100, 100]},
                "r": {"a": 0, "k": 0}, "o": {"a": 0, "k": 100}\(transformExtra)},
         "shapes": \(shapes)}
        """
    }

    static let animatedPosition = """
        {"a": 1, "k": [{"t": 0, "s": [10, 10], "o": {"x": [0.4], "y": [0]}, "i": {"x": [0.6], "y": [1]}}, {"t": 20, "s": [90, 10]}]}
        """

    static let boxShapes = """
        [{"ty": "rc", "nm": "Rect", "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [20, 20]}, "r": {"a": 0, "k": 0}},
         {"ty": "fl", "nm": "Paint", "c": {"a": 0, "k": [1, 0, 0, 1]}, "o": {"a": 0, "k": 100}}]
        """

    /// A path item whose `v`, `i` and `o` are given.
    static func pathShapes(vertices: String, inTangents: String, outTangents: String) -> String {
        """
        [{"ty": "sh", "nm": "Outline", "ks": {"a": 0, "k": {"c": true, "v": \(vertices), "i": \(inTangents), "o": \(outTangents)}}},
         {"ty": "st", "nm": "Line", "c": {"a": 0, "k": [0, 0, 0, 1]}, "o": {"a": 0, "k": 100}, "w": {"a": 0, "k": 2}}]
        """
    }

    /// A whole animation around `layers` (and `assets`).
    static func animation(layers: [String], assets: String = "[]", extra: String = "") -> String {
        """
        {"v": "5.7.4", "fr": 30, "ip": 0, "op": 30, "w": 100, "h": 100, \(extra)
         "assets": \(assets),
         "layers": [\(layers.joined(separator: ",\n"))]}
        """
    }

    static let valid = animation(layers: [shapeLayer()])

    /// A precomposition asset `id` holding one precomp layer that shows `inner`.
    static func precompAsset(id: String, showing inner: String) -> String {
        """
        {"id": "\(id)", "layers": [{"ty": 0, "nm": "Inner", "refId": "\(inner)", "ip": 0, "op": 30, "st": 0,
          "ks": {}, "w": 100, "h": 100}]}
        """
    }
}
