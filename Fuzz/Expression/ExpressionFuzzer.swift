// The expression fuzz target: bytes -> UTF-8 text (invalid sequences replaced) -> ExpressionParser,
// then, when the text parses, the same text run as the expression of several properties of a small
// animation -> `LottieDecoder` -> `Timeline` -> scenes at three frames -> `SceneRenderer` at 32 x 32.
//
// Stage 1 (parse): syntax errors are the expected outcome for most inputs; a syntax error must
// have a place inside the source (line and column at least 1).
//
// Stage 2 (run): the animation (made below, `animationJSON`) has a root with two shape layers and
// a precomp layer. Layer A ("A") carries slider, colour and checkbox expression controls
// (`ty: 5` effects named by their `mn`), a shape group "Group 1" with a rectangle, a path, a
// fill, a stroke and a trim; layer B ("B") is parented to A. The input is the expression of A's
// position, of the slider's value, of B's position, rotation and opacity, of B's fill colour and
// path, and of the precomp's inner layer position, so that A and B read each other through
// `thisComp.layer(...)` (cycles are possible). Every one of those properties is keyframed too
// (`loopOut` and `key()` need keys). Scenes are made at frames 0, 7.5 and 20 (past `op`) with
// one scene updated in place, and the last is rendered, as the pipeline target does.
//
// An expression that throws, returns a value of the wrong kind or spends its budget
// (`LottieLimits.maxExpressionSteps/Memory/Depth`) must leave the keyframed value: only a crash,
// a hang (libFuzzer's -timeout) or runaway memory is a finding.
//
// Built and run by Scripts/fuzz.sh (swiftc -sanitize=fuzzer,address; libFuzzer supplies main;
// the target links LottieModel and LottiePlay and sees only their public API).

import Foundation
import LottieModel
import LottiePlay

private let renderer = SceneRenderer(width: 32, height: 32)

/// The source text of an input: its bytes as UTF-8, invalid sequences replaced by U+FFFD.
private func sourceText(_ start: UnsafePointer<UInt8>?, _ count: Int) -> String {
    let data = start.map { Data(bytes: $0, count: count) } ?? Data()
    return String(decoding: data, as: UTF8.self)
}

/// Stage 1: the parser. Returns the program, or nil after a syntax error (which must have a place
/// inside the source: line and column at least 1).
private func parse(_ source: String) -> ExpressionProgram? {
    do {
        return try ExpressionParser.parse(source)
    } catch {
        if error.place.line < 1 || error.place.column < 1 {
            fatalError("a syntax error without a place: \(error)")
        }
        return nil
    }
}

/// `text` as a JSON string literal (quotes included), escaped by Foundation's encoder.
private func jsonString(_ text: String) -> String {
    guard let data = try? JSONEncoder().encode(text) else { return "\"\"" }
    return String(decoding: data, as: UTF8.self)
}

/// Two keyframes (frames 0 and 10) from `from` to `to`, with the expression `x`.
private func keyed(_ from: String, _ to: String, _ x: String) -> String {
    #"{"a": 1, "k": [{"t": 0, "s": \#(from), "o": {"x": [0.3], "y": [0]}, "i": {"x": [0.7], "y": [1]}}, {"t": 10, "s": \#(to)}], "x": \#(x)}"#
}

private func shape(_ size: Double) -> String {
    #"{"c": true, "v": [[0, 0], [\#(size), 0], [\#(size), \#(size)]], "i": [[0, 0], [0, 0], [0, 0]], "o": [[0, 0], [2, 2], [0, 0]]}"#
}

private func path(_ size: Double) -> String { "[\(shape(size))]" }

/// Stage 2's animation, with `source` (JSON-escaped) as the expression of several properties.
private func animationJSON(_ source: String) -> String {
    let x = jsonString(source)
    let controls = """
        [{"ty": 5, "nm": "Slider Control", "mn": "ADBE Slider Control", "ix": 1,
          "ef": [{"ty": 0, "nm": "Slider", "mn": "ADBE Slider Control-0001", "ix": 1, "v": \(keyed("[0]", "[100]", x))}]},
         {"ty": 5, "nm": "Color Control", "mn": "ADBE Color Control", "ix": 2,
          "ef": [{"ty": 2, "nm": "Color", "mn": "ADBE Color Control-0001", "ix": 1, "v": {"a": 0, "k": [1, 0, 0, 1]}}]},
         {"ty": 5, "nm": "Checkbox Control", "mn": "ADBE Checkbox Control", "ix": 3,
          "ef": [{"ty": 4, "nm": "Checkbox", "mn": "ADBE Checkbox Control-0001", "ix": 1, "v": {"a": 0, "k": 1}}]}]
        """
    let groupA = """
        {"ty": "gr", "nm": "Group 1", "it": [
          {"ty": "rc", "nm": "Rectangle Path 1", "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [10, 10]}, "r": {"a": 0, "k": 2}},
          {"ty": "sh", "nm": "Path 1", "ks": {"a": 0, "k": \(shape(6))}},
          {"ty": "fl", "nm": "Fill 1", "c": {"a": 0, "k": [0, 0, 1, 1]}, "o": {"a": 0, "k": 100}, "r": 1},
          {"ty": "st", "nm": "Stroke 1", "c": {"a": 0, "k": [0, 1, 0, 1]}, "o": {"a": 0, "k": 100}, "w": {"a": 0, "k": 2}, "lc": 2, "lj": 2},
          {"ty": "tm", "nm": "Trim Paths 1", "s": {"a": 0, "k": 10}, "e": {"a": 0, "k": 90}, "o": {"a": 0, "k": 0}, "m": 1},
          {"ty": "tr", "p": {"a": 0, "k": [0, 0]}, "a": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [100, 100]}, "r": {"a": 0, "k": 0}, "o": {"a": 0, "k": 100}}]}
        """
    let groupB = """
        {"ty": "gr", "nm": "Group 1", "it": [
          {"ty": "sh", "nm": "Path 1", "ks": \(keyed(path(4), path(12), x))},
          {"ty": "fl", "nm": "Fill 1", "c": \(keyed("[1, 0, 0, 1]", "[0, 1, 0, 1]", x)), "o": {"a": 0, "k": 100}, "r": 1},
          {"ty": "tr", "p": {"a": 0, "k": [0, 0]}, "a": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [100, 100]}, "r": {"a": 0, "k": 0}, "o": {"a": 0, "k": 100}}]}
        """
    return """
        {"v": "5.7.4", "nm": "Comp 1", "fr": 30, "ip": 0, "op": 15, "w": 32, "h": 32, "ddd": 0,
         "assets": [{"id": "comp_0", "nm": "Pre", "layers": [
           {"ty": 4, "ind": 1, "nm": "Inner", "ip": 0, "op": 15, "st": 0, "sr": 1,
            "ks": {"p": \(keyed("[8, 8]", "[16, 16]", x))},
            "shapes": [\(groupA)]}]}],
         "layers": [
           {"ty": 4, "ind": 1, "nm": "A", "ip": 0, "op": 15, "st": 0, "sr": 1,
            "ks": {"p": \(keyed("[8, 8]", "[24, 24]", x)), "a": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [100, 100]},
                   "r": {"a": 0, "k": 0}, "o": {"a": 0, "k": 100}},
            "ef": \(controls),
            "shapes": [\(groupA)]},
           {"ty": 4, "ind": 2, "nm": "B", "parent": 1, "ip": 0, "op": 15, "st": 0, "sr": 1,
            "ks": {"p": \(keyed("[2, 2]", "[6, 6]", x)), "r": \(keyed("[0]", "[90]", x)),
                   "o": \(keyed("[100]", "[20]", x)), "a": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [100, 100]}},
            "shapes": [\(groupB)]},
           {"ty": 0, "ind": 3, "nm": "P", "refId": "comp_0", "w": 32, "h": 32, "ip": 0, "op": 15, "st": 0, "sr": 1,
            "ks": {}}]}
        """
}

/// Stage 2: the expression run on the animation's properties, three scenes and one render.
private func run(_ source: String) {
    let limits = LottieLimits.default
    let data = Data(animationJSON(source).utf8)
    let animation: LottieAnimation
    do {
        animation = try LottieDecoder(limits: limits).decode(data)
    } catch {
        fatalError("the fuzzer's animation does not decode: \(error)")
    }
    let timeline = Timeline(animation, limits: limits)
    var scene = LottieScene(frame: 0, width: 0, height: 0, layers: [])
    for frame in [0, 7.5, 20] {
        timeline.update(&scene, toFrame: frame)
    }
    _ = renderer.render(scene)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzExpression(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let source = sourceText(start, count)
    guard parse(source) != nil else { return 0 }
    run(source)
    return 0
}
