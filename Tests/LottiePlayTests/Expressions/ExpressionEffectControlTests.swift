import XCTest
@testable import LottiePlay

/// Expression controls read through `effect(...)(...)`: sliders by name, match name and index,
/// colour controls, checkboxes, animated sliders, and another layer's effects.
final class ExpressionEffectControlTests: XCTestCase {
    /// A slider (42), a colour control ([0.2, 0.4, 0.6, 1]) and a checkbox (on).
    private static let controls = """
        {"ty":5,"nm":"Slider Control","mn":"ADBE Slider Control","ix":1,"en":1,"ef":[
          {"ty":0,"nm":"Slider","mn":"ADBE Slider Control-0001","ix":1,"v":{"a":0,"k":42}}]},
        {"ty":5,"nm":"Tint","mn":"ADBE Color Control","ix":2,"en":1,"ef":[
          {"ty":2,"nm":"Color","mn":"ADBE Color Control-0001","ix":1,"v":{"a":0,"k":[0.2,0.4,0.6,1]}}]},
        {"ty":5,"nm":"Switch","mn":"ADBE Checkbox Control","ix":3,"en":1,"ef":[
          {"ty":4,"nm":"Checkbox","mn":"ADBE Checkbox Control-0001","ix":1,"v":{"a":0,"k":1}}]}
        """

    private func point(_ expression: String, atFrame frame: Double = 0, effects: String = controls,
                       file: StaticString = #filePath, line: UInt = #line) throws -> [Double] {
        try ExpressionScene.position(expression, atFrame: frame, effects: effects, file: file, line: line)
    }

    func testSliderByNameMatchNameAndIndex() throws {
        // All read the slider's 42.
        assertNumbers(try point("$bm_rt = [effect('Slider Control')('Slider'), 1];"), [42, 1])
        assertNumbers(try point("$bm_rt = [effect('Slider Control')('ADBE Slider Control-0001'), 2];"), [42, 2])
        assertNumbers(try point("$bm_rt = [effect(1)(1), 3];"), [42, 3])
        assertNumbers(try point("$bm_rt = [effect('ADBE Slider Control')(1).value, 4];"), [42, 4])
        // Arithmetic on the property itself (not `.value`) uses its value: 42 * 2.
        assertNumbers(try point("$bm_rt = [mul(effect('Slider Control')('Slider'), 2), 5];"), [84, 5])
        assertNumbers(try point("$bm_rt = [effect('Slider Control')('Slider') * 2, 6];"), [84, 6])
    }

    func testColorControl() throws {
        // Colours read as [r, g, b, a] from 0 to 1: [0.2 * 100, 0.6 * 100].
        assertNumbers(try point("var c = effect('Tint')('Color'); $bm_rt = [c[0] * 100, c[2] * 100];"), [20, 60],
                      accuracy: 1e-9)
        // Four components, alpha 1.
        assertNumbers(try point("var c = effect('Tint')(1).value; $bm_rt = [c.length, c[3]];"), [4, 1])
    }

    func testCheckbox() throws {
        // The checkbox is on: 1, truthy.
        assertNumbers(try point("$bm_rt = [effect('Switch')('Checkbox') == 1 ? 10 : 20, 0];"), [10, 0])
        assertNumbers(try point("$bm_rt = [effect('Switch')('Checkbox').value ? 30 : 40, 0];"), [30, 0])
    }

    func testAnimatedSlider() throws {
        // The slider goes 0 -> 60 over frames 0-30: 30 at frame 15, 15 at 0.25 s.
        let slider = ExpressionScene.slider(value: ExpressionScene.keyed([(0, "[0]"), (30, "[60]")]))
        let source = "var s = effect('Slider Control')('Slider'); $bm_rt = [s.value, s.valueAtTime(0.25)];"
        assertNumbers(try point(source, atFrame: 15, effects: slider), [30, 15], accuracy: 1e-6)
    }

    func testSliderWithItsOwnExpression() throws {
        // The slider's expression (time * 10) is what others read: at frame 60 (2 s) 20.
        let slider = ExpressionScene.slider(value: ExpressionScene.fixed("5", expression: "$bm_rt = time * 10;"))
        assertNumbers(try point("$bm_rt = [effect('Slider Control')('Slider'), 0];", atFrame: 60, effects: slider),
                      [20, 0], accuracy: 1e-9)
    }

    func testAnotherLayersSlider() throws {
        // Layer B reads layer A's slider (42) through thisComp.layer('A').effect(...).
        let a = ExpressionScene.layer("A", index: 1, effects: Self.controls)
        let b = ExpressionScene.layer("B", index: 2, position: ExpressionScene.fixed(
            "[0,0]", expression: "$bm_rt = [thisComp.layer('A').effect('Slider Control')('Slider') + 1, 0];"))
        let timeline = try ExpressionScene.timeline([a, b])
        assertNumbers(try ExpressionScene.origin("B", of: timeline, atFrame: 0), [43, 0])
    }

    func testMissingEffectFallsBack() throws {
        // No effect called 'Nope': the expression throws, the position keeps [0, 0].
        assertNumbers(try point("$bm_rt = [effect('Nope')('Slider'), 9];"), [0, 0])
    }

    func testPointAndAngleControls() throws {
        // A point control at [12, 34] and an angle control at 45 degrees.
        let effects = """
            {"ty":5,"nm":"Point Control","mn":"ADBE Point Control","ix":1,"en":1,"ef":[
              {"ty":3,"nm":"Point","mn":"ADBE Point Control-0001","ix":1,"v":{"a":0,"k":[12,34]}}]},
            {"ty":5,"nm":"Angle Control","mn":"ADBE Angle Control","ix":2,"en":1,"ef":[
              {"ty":1,"nm":"Angle","mn":"ADBE Angle Control-0001","ix":1,"v":{"a":0,"k":45}}]}
            """
        assertNumbers(try point("$bm_rt = effect('Point Control')('Point');", effects: effects), [12, 34])
        assertNumbers(try point("$bm_rt = [effect('Angle Control')('Angle') * 2, effect(2)(1) + 1];", effects: effects),
                      [90, 46])
    }

    func testParametersReadingEachOther() throws {
        // A rig's chain inside one effect (as RubberHose's): Base 10; Double = Base * 2 = 20;
        // Plus = Double + 1 = 21; Sum = Plus + Double = 41. Each parameter is decoded anew for each
        // use, so the chain must not take one parameter for another being evaluated.
        let effects = """
            {"ty":5,"nm":"Rig","mn":"Pseudo/Rig","ix":1,"en":1,"ef":[
              {"ty":0,"nm":"Base","mn":"Pseudo/Rig-0001","ix":1,"v":{"a":0,"k":10}},
              {"ty":0,"nm":"Double","mn":"Pseudo/Rig-0002","ix":2,"v":{"a":0,"k":0,"x":"var $bm_rt; $bm_rt = mul(effect('Rig')('Base'), 2);"}},
              {"ty":0,"nm":"Plus","mn":"Pseudo/Rig-0003","ix":3,"v":{"a":0,"k":0,"x":"var $bm_rt; $bm_rt = sum(effect('Rig')('Double'), 1);"}},
              {"ty":0,"nm":"Sum","mn":"Pseudo/Rig-0004","ix":4,"v":{"a":0,"k":0,"x":"var $bm_rt; $bm_rt = sum(effect('Rig')('Plus'), effect('Rig')('Double'));"}}]}
            """
        assertNumbers(try point("var e = effect('Rig'); $bm_rt = [e('Sum'), e('Plus')];", effects: effects), [41, 21])
    }

    func testLayerControlReadsTheLayer() throws {
        // A Layer control (type 10) holding ind 2 reads layer B: its name's length (1) and its
        // position [30, 40].
        let effects = """
            {"ty":5,"nm":"Target","mn":"ADBE Layer Control","ix":1,"en":1,"ef":[
              {"ty":10,"nm":"Layer","mn":"ADBE Layer Control-0001","ix":1,"v":{"a":0,"k":2}}]}
            """
        let timeline = try ExpressionScene.timeline([
            ExpressionScene.layer("A", index: 1, position: ExpressionScene.fixed("[0,0]", expression:
                "var l = effect('Target')('ADBE Layer Control-0001'); $bm_rt = [l.name.length, l.transform.position[1]];"),
                effects: effects),
            ExpressionScene.layer("B", index: 2, position: ExpressionScene.fixed("[30,40]")),
        ])
        assertNumbers(try ExpressionScene.origin("A", of: timeline, atFrame: 0), [1, 40])
        XCTAssertEqual(timeline.expressionFaults, [])
    }
}
