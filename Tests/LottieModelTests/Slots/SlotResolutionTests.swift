import XCTest
@testable import LottieModel

/// The specification's slots (`slots` and `sid`): a slotted property or image asset takes its
/// slot's value, overrides come first, a slot without a value leaves the object's own.
final class SlotResolutionTests: XCTestCase {
    /// One shape layer: a rectangle filled red, its colour in slot `col` and its opacity in slot
    /// `op`; `slots` as given; one image asset in slot `pic`; one text layer whose document is in
    /// slot `words` and whose more options' anchor grouping alignment (`t.m.a`) is in slot `anchor`.
    private func animation(slots: String) throws -> LottieAnimation {
        try LottieDecoder().decode("""
        {"v": "5.7.0", "fr": 30, "ip": 0, "op": 10, "w": 4, "h": 4, \(slots)
         "assets": [{"id": "image_0", "w": 10, "h": 10, "u": "images/", "p": "a.png", "e": 0, "sid": "pic"}],
         "layers": [
          {"ty": 4, "ind": 1, "ip": 0, "op": 10, "st": 0, "ks": {}, "shapes": [
            {"ty": "rc", "p": {"a": 0, "k": [2, 2]}, "s": {"a": 0, "k": [4, 4]}, "r": {"a": 0, "k": 0}},
            {"ty": "fl", "nm": "Fill 1", "c": {"a": 0, "k": [1, 0, 0], "sid": "col"},
             "o": {"a": 0, "k": 100, "sid": "op"}}]},
          {"ty": 5, "ind": 2, "ip": 0, "op": 10, "st": 0, "ks": {},
           "t": {"d": {"k": [{"s": {"t": "old", "s": 10, "f": "Sans", "j": 0}, "t": 0}], "sid": "words"},
                 "a": [], "m": {"a": {"a": 0, "k": [0, 0], "sid": "anchor"}}, "p": {}}}]}
        """)
    }

    private func fill(_ animation: LottieAnimation) throws -> Fill {
        guard case .shape(let items) = animation.layers[0].content, case .fill(let fill) = items[1] else {
            throw XCTSkip("unexpected model")
        }
        return fill
    }

    private func imageAsset(_ animation: LottieAnimation) throws -> ImageAsset {
        guard case .image(let asset) = animation.assets[0] else { throw XCTSkip("unexpected model") }
        return asset
    }

    func testSlottedColourTakesTheSlotsValue() throws {
        let resolution = try animation(slots: #""slots": {"col": {"p": {"a": 0, "k": [0, 0, 1]}}},"#).resolvingSlots()
        let fill = try fill(resolution.animation)
        XCTAssertEqual(fill.color.content, .fixed(LottieColor([0, 0, 1])))
        XCTAssertEqual(fill.color.slotID, "col")
        XCTAssertEqual(fill.opacity?.content, .fixed(100))
        XCTAssertEqual(resolution.referenced, ["anchor", "col", "op", "pic", "words"])
        XCTAssertEqual(resolution.missing, ["anchor", "op", "pic", "words"])
        XCTAssertEqual(resolution.unusedOverrides, [])
    }

    func testAnimatedSlotValueReplacesTheKeyframesToo() throws {
        let slots = #""slots": {"op": {"p": {"a": 1, "k": [{"t": 0, "s": [0]}, {"t": 10, "s": [50]}]}}},"#
        let fill = try fill(try animation(slots: slots).resolvingSlots().animation)
        guard case .keyframes(let keyframes) = fill.opacity?.content else { return XCTFail("expected keyframes") }
        XCTAssertEqual(keyframes.map(\.time), [0, 10])
        XCTAssertEqual(keyframes.last?.value, 50)
    }

    func testOverridesComeBeforeTheFilesSlotsAndBareValuesAreStatic() throws {
        let file = try animation(slots: #""slots": {"col": {"p": {"a": 0, "k": [0, 0, 1]}}},"#)
        let resolution = try file.resolvingSlots(["col": .array([.number(0), .number(1), .number(0)]),
                                                  "op": .number(40), "nothing": .number(1)])
        let fill = try fill(resolution.animation)
        XCTAssertEqual(fill.color.content, .fixed(LottieColor([0, 1, 0])))
        XCTAssertEqual(fill.opacity?.content, .fixed(40))
        XCTAssertEqual(resolution.unusedOverrides, ["nothing"])
        // The values used are the slots now: resolving again changes nothing.
        let again = try resolution.animation.resolvingSlots()
        XCTAssertEqual(again.animation, resolution.animation)
    }

    func testSlotWithoutAValueKeepsThePropertysOwn() throws {
        let file = try animation(slots: #""slots": {"unrelated": {"p": {"a": 0, "k": 5}}},"#)
        let resolution = try file.resolvingSlots()
        XCTAssertEqual(try fill(resolution.animation).color.content, .fixed(LottieColor([1, 0, 0])))
        XCTAssertEqual(resolution.missing, ["anchor", "col", "op", "pic", "words"])
    }

    func testAnimationWithoutSlotsIsReturnedAsItIs() throws {
        let file = try animation(slots: "")
        let resolution = try file.resolvingSlots()
        XCTAssertEqual(resolution.animation, file)
        XCTAssertEqual(resolution.referenced, [])
    }

    func testImageAssetTakesTheSlotsPictureAndKeepsItsID() throws {
        let slots = #""slots": {"pic": {"p": {"w": 20, "h": 30, "u": "", "p": "data:image/png;base64,AA==", "e": 1}}},"#
        let asset = try imageAsset(try animation(slots: slots).resolvingSlots().animation)
        XCTAssertEqual(asset.id, "image_0")
        XCTAssertEqual(asset.width, 20)
        XCTAssertEqual(asset.height, 30)
        XCTAssertEqual(asset.path, "data:image/png;base64,AA==")
    }

    func testTextDocumentTakesTheSlotsText() throws {
        let slots = #""slots": {"words": {"p": {"k": [{"s": {"t": "new", "s": 12, "f": "Sans", "j": 0}, "t": 0}]}}},"#
        let resolved = try animation(slots: slots).resolvingSlots().animation
        guard case .text(let text) = resolved.layers[1].content, case .keyframes(let keyframes) = text.document.content
        else { return XCTFail("expected a text layer with keyframes") }
        XCTAssertEqual(keyframes.first?.value?.text, "new")
    }

    /// A text layer's more options (`t.m`) are not slottable themselves, but their anchor point
    /// grouping alignment `a` is a property like any other.
    func testTextMoreOptionsAnchorTakesTheSlotsValue() throws {
        let resolved = try animation(slots: #""slots": {"anchor": {"p": [50, -25]}},"#).resolvingSlots().animation
        guard case .text(let text) = resolved.layers[1].content else { return XCTFail("expected a text layer") }
        XCTAssertEqual(text.moreOptions?.anchor?.content, .fixed(Vector([50, -25])))
        let own = try animation(slots: "").resolvingSlots().animation
        guard case .text(let ownText) = own.layers[1].content else { return XCTFail("expected a text layer") }
        XCTAssertEqual(ownText.moreOptions?.anchor?.content, .fixed(Vector([0, 0])))
    }

    func testValueOfTheWrongKindNamesTheSlotAndTheProperty() throws {
        let file = try animation(slots: "")
        XCTAssertThrowsError(try file.resolvingSlots(["col": .string("blue")])) { error in
            XCTAssertEqual(error as? SlotError,
                           SlotError(slotID: "col", reason: "at layers[0].shapes[1].c.k: expected an array of numbers, found a string"))
        }
    }

    // MARK: Values written as text

    func testValueTextReadsColoursNumbersAndJSON() {
        XCTAssertEqual(JSONValue(valueText: "#00ff00"), .array([.number(0), .number(1), .number(0)]))
        XCTAssertEqual(JSONValue(valueText: "#FF000033"), .array([.number(1), .number(0), .number(0), .number(0.2)]))
        XCTAssertEqual(JSONValue(valueText: "150, 100"), .array([.number(150), .number(100)]))
        XCTAssertEqual(JSONValue(valueText: "50"), .number(50))
        XCTAssertEqual(JSONValue(valueText: #"{"a": 0, "k": 1}"#), .object(["a": .number(0), "k": .number(1)]))
        XCTAssertNil(JSONValue(valueText: "#12"))
        XCTAssertNil(JSONValue(valueText: "#gg0000"))
        XCTAssertNil(JSONValue(valueText: "blue"))
    }

    func testSlotsCannotGrowTheAnimationWithoutBound() throws {
        // One slot of 5,001 values (an array of 5,000 numbers) named by 1,000 properties would
        // put in 5,001,000 values, over `maxPutInValues` (4,000,000): refused, naming the slot.
        let big = "[" + Array(repeating: "0", count: 5_000).joined(separator: ",") + "]"
        let layers = (0..<1_000).map { index in
            #"{"ty": 3, "ind": \#(index + 1), "ip": 0, "op": 10, "st": 0, "ks": {"o": {"a": 0, "k": 100, "sid": "huge"}}}"#
        }.joined(separator: ",")
        let animation = try LottieDecoder().decode("""
        {"v": "5.7.0", "fr": 30, "ip": 0, "op": 10, "w": 4, "h": 4, "slots": {"huge": {"p": \(big)}}, "layers": [\(layers)]}
        """)
        XCTAssertThrowsError(try animation.resolvingSlots()) { error in
            XCTAssertEqual((error as? SlotError)?.slotID, "huge")
            XCTAssertTrue("\(error)".contains("more than 4,000,000 JSON values"), "\(error)")
        }
    }
}
