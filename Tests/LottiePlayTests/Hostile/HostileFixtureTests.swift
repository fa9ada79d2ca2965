import XCTest
import LottieModel
import LottiePlay

/// Every file of `Tests/Hostile/` with its outcome: the exact decoding error, or the exact
/// warnings of the compiled `Timeline` (an empty list: the file is drawn without remark).
/// A new fixture fails `testEveryFixtureHasAnExpectedOutcome` until it is listed here.
final class HostileFixtureTests: XCTestCase {
    enum Expected {
        /// Decoding fails with this description.
        case error(String)
        /// Decoding fails with a description that starts and ends so (for very long paths).
        case errorAround(prefix: String, suffix: String)
        /// The file decodes and compiles with exactly these warnings.
        case warnings([String])
    }

    static let expected: [String: Expected] = [
        // Malformed documents: an error that names the place, never a crash.
        "empty.json": .error("(root) (line 1, column 1): invalid JSON: the file is empty"),
        "truncated.json": .error(
            "layers[0].st (line 1, column 98): invalid JSON: unexpected end of file after the key \"st\", expected ':'"),
        "deep-nesting.json": .errorAround(
            prefix: "meta[0][0][0]", suffix: "[0] (line 1, column 315): invalid JSON: nesting deeper than 256 levels, the limit maxJSONDepth"),
        "top-level-array.json": .error(
            "(root): not a Lottie animation: the top level is an array, expected an object with 'layers'"),
        "no-layers.json": .error("(root): not a Lottie animation: the top-level object has no 'layers'"),
        "invalid-utf8.json": .error(
            "nm (line 1, column 8): invalid JSON: invalid UTF-8 byte 0xFF inside a string (the file must be UTF-8 encoded)"),
        "nul-bytes.json": .error("(root) (line 1, column 10): invalid JSON: expected a string key after ',', found U+0000"),
        "wrong-type-layers.json": .error("layers (line 1, column 50): expected an array, found an object"),
        "wrong-type-layer-field.json": .error("layers[0].ind (line 1, column 77): expected a number, found a string"),
        "wrong-type-shape-field.json": .error(
            "layers[0].shapes[0].p.k (line 1, column 145): expected an array of numbers, found a string"),
        "wrong-type-keyframe.json": .error("layers[0].ks.o.k[0].t (line 1, column 128): expected a number, found a string"),
        // Found by the fuzzer (Scripts/fuzz.sh decoder): `JSONDecoder` reads the first of duplicate
        // keys, and the error's place was looked up at the last one, which has no 'k'.
        "fuzz-decoder-duplicate-key.json": .error(
            "layers[0].ks.p.k (line 1, column 92): expected an array of numbers, found a string"),
        // JSON cannot hold infinity; 1e999 is refused as rlottie and ThorVG (RapidJSON) refuse it.
        "number-out-of-range-top.json": .error("op (line 1, column 34): expected a number, found 1e999, which is out of range"),
        // Foundation's decoder gives no place for this one; ours reads the number itself.
        "number-out-of-range.json": .error(
            "layers[0].ks.p.k[0] (line 1, column 123): expected a number, found 1e999, which is out of range"),

        // References and cycles: cut, with the place of the reference.
        "precomp-self-cycle.json": .warnings([
            "assets[0].layers[0]: precomp 'a' contains itself (a precomp cycle); the reference is ignored",
        ]),
        "precomp-long-cycle.json": .warnings([
            "assets[2].layers[0]: precomp 'a' contains itself (a precomp cycle); the reference is ignored",
        ]),
        "parent-self.json": .warnings(["layers[0]: parent 1 is the layer itself; the parent is ignored"]),
        "parent-cycle.json": .warnings(["layers[1]: parenting cycle; the link to its parent is ignored"]),
        "parent-dangling.json": .warnings(["layers[0]: parent 42 does not exist; the parent is ignored"]),
        "refid-dangling.json": .warnings(["layers[0]: precomp asset 'missing' does not exist"]),
        "image-dangling.json": .warnings(["layers[0]: image asset 'nowhere' does not exist"]),
        "matte-dangling.json": .warnings(["layers[0]: matte layer 9 does not exist; drawn without matte"]),
        "matte-without-layer-above.json": .warnings([
            "layers[0]: track matte without a layer above it; drawn without matte",
        ]),
        "duplicate-index.json": .warnings([
            "layers[1].ind: index 1 is also the index of layers[0]; parents and mattes use layers[0]",
        ]),

        // Keyframes.
        "keyframes-out-of-order.json": .warnings([
            "layers[0].ks.o.k[1].t: keyframe at frame 0 comes before the one above it (frame 30); keyframes are used in time order",
        ]),
        "keyframes-equal-times.json": .warnings([
            "layers[0].ks.p.k[2].t: keyframe at frame 20 has the time of the one above it; the value jumps at frame 20",
        ]),
        "keyframes-empty.json": .warnings([
            "layers[0].ks.p.k: the keyframe list is empty; the property's default value is used",
            "layers[0].ks.o.k: the keyframe list is empty; the property's default value is used",
        ]),
        "keyframe-without-value.json": .warnings([
            "layers[0].ks.r.k[0]: keyframe has no value 's' (and none comes before it); it is ignored",
        ]),
        "keyframes-single.json": .warnings([]),
        "huge-keyframe-times.json": .warnings([]),

        // Numbers.
        "negative-zero.json": .warnings([]),
        "huge-coordinates.json": .warnings([
            "layers[0].ks.a.k: value holds -1e300, beyond ±1e9 and far outside any canvas; it is used as it is",
            "layers[0].ks.p.k: value holds 1e300, beyond ±1e9 and far outside any canvas; it is used as it is",
            "layers[0].ks.s.k: value holds 1e300, beyond ±1e9 and far outside any canvas; it is used as it is",
            "layers[0].ks.r.k: value holds 1e300, beyond ±1e9 and far outside any canvas; it is used as it is",
            "layers[0].shapes[0].p.k: value holds 1e300, beyond ±1e9 and far outside any canvas; it is used as it is",
            "layers[0].shapes[0].s.k: value holds 1e308, beyond ±1e9 and far outside any canvas; it is used as it is",
            "layers[0].shapes[0].r.k: value holds 1e300, beyond ±1e9 and far outside any canvas; it is used as it is",
            "layers[0].shapes[2].w.k: value holds 1e300, beyond ±1e9 and far outside any canvas; it is used as it is",
        ]),

        // Timing and canvas.
        "frame-rate-zero.json": .warnings(["fr: frame rate 0 is not a positive number; 30 fps is used"]),
        "frame-rate-negative.json": .warnings(["fr: frame rate -24 is not a positive number; 30 fps is used"]),
        "frame-rate-huge.json": .warnings([
            "fr: frame rate 1000000000 is more than the limit maxFrameRate (1000); 1000 fps is used",
        ]),
        "duration-huge.json": .warnings([
            "op: the animation runs 1e15 frames, more than the limit maxDurationFrames (1000000); it ends at frame 1000000",
        ]),
        "op-before-ip.json": .warnings([
            "op: out point 10 is not after the in point 40; the animation is one still frame (frame 40)",
        ]),
        "op-equals-ip.json": .warnings([
            "op: out point 0 is not after the in point 0; the animation is one still frame (frame 0)",
        ]),
        "canvas-zero.json": .warnings([
            "w: canvas width 0 is not a positive number; frames are drawn unscaled",
            "h: canvas height -100 is not a positive number; frames are drawn unscaled",
        ]),
        "time-stretch-zero.json": .warnings(["layers[0].sr: time stretch 0 is not usable; 1 is used"]),

        // Geometry: drawn as the players draw it.
        "zero-length-segments.json": .warnings([]),
        "zero-scale.json": .warnings([]),
        "deep-shape-groups.json": .warnings([]),
        "path-keyframes-vertex-counts.json": .warnings([]),
        "path-tangent-counts.json": .warnings([
            "layers[0].shapes[0].ks.k: path has 4 vertices ('v') but 3 in-tangents ('i') and 6 out-tangents ('o'); "
                + "missing tangents are zero, extra ones are ignored",
        ]),
        "gradient-stop-count.json": .warnings([
            "layers[0].shapes[1].g.k.k: 'p' says 3 colour stops, which need 12 numbers, but there are 8; 2 colour stops are drawn",
            "layers[1].shapes[1].g.k.k: the 3 numbers after the 2 colour stops are not whole opacity stops (2 numbers each); "
                + "the last one is ignored",
            "layers[2].shapes[1].g.p: colour stop count -1 is negative; no colour stops are drawn",
        ]),

        // Bombs: drawn up to the limits, each limit named.
        "repeater-bomb.json": .warnings([
            "layers[0].shapes[0].it[0].it[0].it[0].it[1].c: 1000000000 repeater copies, more than the limit "
                + "maxRepeaterCopies (1000); 1000 are drawn",
            "layers[0].shapes[0].it[0].it[0].it[1].c: 1000000000 repeater copies, more than the limit "
                + "maxRepeaterCopies (1000); 1000 are drawn",
            "layers[0].shapes[0].it[0].it[1].c: 1000000000 repeater copies, more than the limit maxRepeaterCopies (1000); "
                + "1000 are drawn",
            "layers[0].shapes[0].it[1].c: 1000000000 repeater copies, more than the limit maxRepeaterCopies (1000); "
                + "1000 are drawn",
            "layers[0].shapes[1].c: 1000000000 repeater copies, more than the limit maxRepeaterCopies (1000); 1000 are drawn",
            "layers[0].shapes: repeaters make up to 1e15 paths, more than the limit maxPaths (10000); "
                + "paths past the limit are not drawn",
        ]),
        "repeater-style-bomb.json": .warnings([]),
        "polystar-bomb.json": .warnings([
            "layers[0].shapes[0].pt: 1000000000 polystar points, more than the limit maxPolystarPoints (1000); 1000 are drawn",
        ]),
        "zigzag-bomb.json": .warnings([
            "layers[0].shapes[0].pt: 10000 polystar points, more than the limit maxPolystarPoints (1000); 1000 are drawn",
            "layers[0].shapes[1].r: 1000000000 zig-zag ridges per segment, more than the limit maxZigZagRidges (100); "
                + "100 are drawn",
            "layers[0].shapes[2].r: 1000000000 zig-zag ridges per segment, more than the limit maxZigZagRidges (100); "
                + "100 are drawn",
            "layers[0].shapes: the shapes make up to 20402000 vertices, more than the limit maxFrameVertices (500000) "
                + "for a whole frame; paths past the limit are not drawn",
        ]),
        "offset-bomb.json": .warnings([
            "layers[0].shapes[0].it[0].it[0].it[0].it[0].pt: 5000 polystar points, more than the limit "
                + "maxPolystarPoints (1000); 1000 are drawn",
        ]),
        "dash-bomb.json": .warnings([
            "layers[0].shapes[1].d: the dash pattern repeats every 2e-07 units, so a stroke longer than 0.002 units "
                + "would have more dashes than the limit maxDashes (10000); such strokes are drawn solid",
        ]),
        "text-bomb.json": .warnings([
            "layers[0].t.d: a text of 20000 characters makes up to 4020000 glyph vertices, more than the limit "
                + "maxFrameVertices (500000) for a whole frame; glyphs past the limit are not drawn",
        ]),
        "precomp-doubling-bomb.json": .warnings([
            "layers: a frame evaluates up to 1610612735 layers counting every precomp instance, more than the limit "
                + "maxLayers (10000); layers past the limit are not drawn",
        ]),
        // An image bomb: the budget of `LottieLimits.maxImagePixels` (see `testImageBombIsNotDecoded`).
        "png-bomb.json": .warnings([]),

        // Found by the fuzzer (Scripts/fuzz.sh pipeline), rewritten as small files of our own: a
        // number past Int's range reached a conversion to Int when the curve was cut into pieces.
        "fuzz-pipeline-huge-shape-coordinate.json": .warnings([
            "layers[0].shapes[0].it[0].ks.k: value holds 5.8e98, beyond ±1e9 and far outside any canvas; it is used as it is",
        ]),
        // A repeater scaling each copy up 7x: the copies' lengths overflow to infinity, and measuring
        // them split the segments 40 levels deep (2^40 quadratures) before the dash limit could say no.
        "fuzz-pipeline-growing-dashed-repeats.json": .warnings([
            "layers[0].shapes[1].d: the dash pattern repeats every 8e-07 units, so a stroke longer than 0.008 units "
                + "would have more dashes than the limit maxDashes (10000); such strokes are drawn solid",
        ]),
        "fuzz-pipeline-huge-mask-tangent.json": .warnings([
            "layers[0].masksProperties[0].pt.k: value holds -1.1e104, beyond ±1e9 and far outside any canvas; "
                + "it is used as it is",
        ]),
        "precomp-chain-100.json": .warnings([
            "assets[31].layers[0]: precomps nest 100 deep, more than the limit maxPrecompDepth (32); "
                + "the precomps from here down are not drawn",
        ]),
    ]

    /// Four PNGs of 8192 x 8192 one-bit pixels, a few kilobytes each, would decode to 4 GiB of
    /// premultiplied pixels: the first passes `maxImagePixels` on its own and none is decoded.
    func testImageBombIsNotDecoded() throws {
        let animation = try LottieDecoder().decode(try HostileFixtures.data("png-bomb.json"))
        let store = ImageStore(animation: animation)
        XCTAssertTrue(store.images.isEmpty)
        XCTAssertEqual(store.problems.count, 4)
        XCTAssertEqual(store.problems.first?.path, "assets[0]")
        XCTAssertEqual(store.problems.first?.message,
                       "image 'img0': a PNG of 8192 x 8192 pixels takes the images past the limit maxImagePixels (16777216); not drawn")
    }

    func testEveryFixtureHasAnExpectedOutcome() {
        let names = HostileFixtures.names()
        XCTAssertGreaterThan(names.count, 40)
        for name in names where Self.expected[name] == nil {
            XCTFail("Tests/Hostile/\(name) has no expected outcome in HostileFixtureTests.expected")
        }
        for name in Self.expected.keys where !names.contains(name) {
            XCTFail("HostileFixtureTests.expected lists \(name), which is not in Tests/Hostile/")
        }
    }

    func testEachFixtureHasItsOutcome() throws {
        for name in HostileFixtures.names() {
            guard let expected = Self.expected[name] else { continue }
            let outcome = HostileFixtures.run(try HostileFixtures.data(name))
            switch expected {
            case .error(let message):
                XCTAssertEqual(outcome.error, message, name)
            case .errorAround(let prefix, let suffix):
                let error = outcome.error ?? "(no error)"
                XCTAssertTrue(error.hasPrefix(prefix) && error.hasSuffix(suffix), "\(name): \(error)")
            case .warnings(let warnings):
                XCTAssertNil(outcome.error, name)
                XCTAssertEqual(outcome.warnings, warnings, name)
            }
        }
    }
}
