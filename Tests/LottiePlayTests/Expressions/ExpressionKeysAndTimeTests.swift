import XCTest
@testable import LottiePlay

/// `time`, `value`, `valueAtTime`, `velocityAtTime`, `speedAtTime`, `numKeys`, `key(n)`,
/// `nearestKey`, `linear`/`ease` over time, `posterizeTime`, `framesToTime`, and the inertial
/// bounce bodymovin exports. 30 fps throughout.
final class ExpressionKeysAndTimeTests: XCTestCase {
    /// x 0 -> 300 over frames 0-30 (300 px a second), y 0.
    private let ramp: [(Double, String)] = [(0, "[0,0]"), (30, "[300,0]")]
    /// x 0 -> 300 over 0-30, then -> 0 over 30-90.
    private let threeKeys: [(Double, String)] = [(0, "[0,0]"), (30, "[300,0]"), (90, "[0,60]")]

    private func point(_ expression: String, keys: [(Double, String)]? = nil, atFrame frame: Double,
                       effects: String? = nil, file: StaticString = #filePath, line: UInt = #line) throws -> [Double] {
        try ExpressionScene.position(expression, keys: keys, atFrame: frame, effects: effects, file: file, line: line)
    }

    func testTimeAndValue() throws {
        // Frame 45 at 30 fps is 1.5 s.
        assertNumbers(try point("$bm_rt = [time * 100, 7];", atFrame: 45), [150, 7], accuracy: 1e-9)
        // `value` is the keyed value at the frame: halfway along the ramp at frame 15.
        assertNumbers(try point("$bm_rt = [value[0] + 1, value[1] + 2];", keys: ramp, atFrame: 15), [151, 2], accuracy: 1e-6)
        // thisProperty.value and thisProperty itself read the same.
        assertNumbers(try point("$bm_rt = add(thisProperty.value, thisProperty);", keys: ramp, atFrame: 10), [200, 0],
                      accuracy: 1e-6)
    }

    func testValueAtTime() throws {
        // 0.5 s is frame 15: x 150, whatever frame is drawn.
        assertNumbers(try point("$bm_rt = valueAtTime(0.5);", keys: ramp, atFrame: 60), [150, 0], accuracy: 1e-6)
        // A time before the first key holds the first value; after the last, the last.
        assertNumbers(try point("$bm_rt = valueAtTime(-1);", keys: threeKeys, atFrame: 10), [0, 0], accuracy: 1e-6)
        assertNumbers(try point("$bm_rt = valueAtTime(10);", keys: threeKeys, atFrame: 10), [0, 60], accuracy: 1e-6)
        // Delayed by a second: at frame 45 the value at frame 15.
        assertNumbers(try point("$bm_rt = valueAtTime(time - 1);", keys: ramp, atFrame: 45), [150, 0], accuracy: 1e-6)
    }

    func testVelocityAndSpeed() throws {
        // Along the ramp x grows 300 per second.
        assertNumbers(try point("$bm_rt = velocityAtTime(0.5);", keys: ramp, atFrame: 0), [300, 0], accuracy: 1e-3)
        // The second segment moves (-300, 60) in 2 s: speed sqrt(150^2 + 30^2).
        let speed = try point("$bm_rt = [speedAtTime(2), 0];", keys: threeKeys, atFrame: 0)[0]
        XCTAssertEqual(speed, (150.0 * 150 + 30 * 30).squareRoot(), accuracy: 1e-3)
        // `velocity` at the frame drawn (frame 60, in the second segment): (-150, 30).
        assertNumbers(try point("$bm_rt = velocity;", keys: threeKeys, atFrame: 60), [-150, 30], accuracy: 1e-3)
        // After the last key nothing moves.
        assertNumbers(try point("$bm_rt = velocityAtTime(5);", keys: threeKeys, atFrame: 0), [0, 0], accuracy: 1e-9)
    }

    func testKeys() throws {
        // Three keys; key(2) is at 1 s with value [300, 0]; key(3) at 3 s.
        assertNumbers(try point("$bm_rt = [numKeys, key(2).time];", keys: threeKeys, atFrame: 0), [3, 1], accuracy: 1e-9)
        assertNumbers(try point("$bm_rt = key(2).value;", keys: threeKeys, atFrame: 0), [300, 0], accuracy: 1e-9)
        assertNumbers(try point("$bm_rt = [key(3).index, key(3).time];", keys: threeKeys, atFrame: 0), [3, 3], accuracy: 1e-9)
        // At 1.9 s the nearest key is key 2 (0.9 away; key 3 is 1.1 away); at 2.1 s key 3.
        assertNumbers(try point("$bm_rt = [nearestKey(1.9).index, nearestKey(2.1).index];", keys: threeKeys, atFrame: 0),
                      [2, 3], accuracy: 1e-9)
        // nearestKey(time).time at frame 80 (2.67 s): key 3's, 3 s.
        assertNumbers(try point("$bm_rt = [nearestKey(time).time, 0];", keys: threeKeys, atFrame: 80), [3, 0], accuracy: 1e-9)
        // A property without keys has none.
        assertNumbers(try point("$bm_rt = [numKeys, 5];", atFrame: 0), [0, 5], accuracy: 1e-9)
    }

    func testKeyOutOfRangeFallsBack() throws {
        // key(4) of three throws: the keyed value (frame 15: x 150) is kept.
        assertNumbers(try point("$bm_rt = key(4).value;", keys: threeKeys, atFrame: 15), [150, 0], accuracy: 1e-6)
    }

    func testLinearAndEaseOverTime() throws {
        // linear(time, 0, 1, 0, 100) at 0.5 s: 50; past 1 s it clamps at 100; before 0 at 0.
        assertNumbers(try point("$bm_rt = [linear(time, 0, 1, 0, 100), 0];", atFrame: 15), [50, 0], accuracy: 1e-9)
        assertNumbers(try point("$bm_rt = [linear(time, 0, 1, 0, 100), 0];", atFrame: 45), [100, 0], accuracy: 1e-9)
        // linear(time, 1, 2, [0, 10], [100, 30]) at 1.25 s: a quarter of the way on both.
        assertNumbers(try point("$bm_rt = linear(time, 1, 2, [0, 10], [100, 30]);", atFrame: 37.5), [25, 15],
                      accuracy: 1e-9)
        // ease is lottie-web's curve (0.33, 0) (0.667, 1): the ends are exact; halfway in time,
        // solving x(s) = 0.5 for the curve's parameter s gives y(s) = 0.5016829 (not quite symmetric).
        assertNumbers(try point("$bm_rt = [ease(time, 0, 1, 0, 100), ease(time, 0, 2, 0, 100)];", atFrame: 30),
                      [100, 50.168286], accuracy: 1e-4)
        // A quarter of the way in time: x(s) = 0.25 gives y(s) = 0.1577844.
        assertNumbers(try point("$bm_rt = [ease(time, 0, 1, 0, 100), 0];", atFrame: 7.5), [15.778444, 0], accuracy: 1e-4)
    }

    func testUserFunctionsAndLoops() throws {
        // f(4) = 1 + 2 + 3 + 4 = 10; frame 12 -> time * 30 = 12.
        let source = """
            function f(n) { var s = 0; for (var i = 1; i <= n; i++) { s += i; } return s; }
            var frames = 0; while (frames < time * 30) { frames++; }
            $bm_rt = [f(4), frames];
            """
        assertNumbers(try point(source, atFrame: 12), [10, 12], accuracy: 1e-9)
    }

    func testPosterizeTime() throws {
        // At 2 fps, frame 20 (0.667 s) is held at 0.5 s: time 0.5.
        assertNumbers(try point("posterizeTime(2); $bm_rt = [time * 30, 0];", atFrame: 20), [15, 0], accuracy: 1e-9)
        // `value` follows the posterized time: the ramp at 0.5 s (frame 15) is 150.
        assertNumbers(try point("posterizeTime(2); $bm_rt = value;", keys: ramp, atFrame: 20), [150, 0], accuracy: 1e-6)
        // At 1 fps frame 59 (1.97 s) holds 1 s.
        assertNumbers(try point("posterizeTime(1); $bm_rt = [time, 0];", atFrame: 59), [1, 0], accuracy: 1e-9)
    }

    func testFramesAndTime() throws {
        // framesToTime(45) at 30 fps is 1.5; timeToFrames(2) is 60; thisComp.frameDuration 1/30.
        assertNumbers(try point("$bm_rt = [framesToTime(45), timeToFrames(2)];", atFrame: 0), [1.5, 60], accuracy: 1e-9)
        assertNumbers(try point("$bm_rt = [thisComp.frameDuration * 30, thisComp.duration];", atFrame: 0), [1, 10],
                      accuracy: 1e-9)
    }

    /// The inertial bounce as bodymovin exports it, sliders Overshoot 20, Bounce 40, Friction 40:
    /// amp 8, freq 2, decay 2.
    private static let bounce = """
        var $bm_rt; var amp, freq, decay, n, t, v; try { amp = div(effect('Position - Overshoot')('ADBE Slider Control-0001'), 2.5), freq = div(effect('Position - Bounce')('ADBE Slider Control-0001'), 20), decay = div(effect('Position - Friction')('ADBE Slider Control-0001'), 20), n = 0, 0 < numKeys && (n = nearestKey(time).index, key(n).time > time && n--), t = 0 === n ? 0 : time - key(n).time, $bm_rt = 0 < n ? (v = velocityAtTime(sub(key(n).time, div(thisComp.frameDuration, 10))), sum(value, div(mul(mul(div(v, 100), amp), Math.sin(mul(mul(freq, t), mul(Math.PI, 2)))), Math.exp(mul(decay, t))))) : value; } catch (e$$4) { $bm_rt = value = value; }
        """

    private static let bounceSliders = [
        ExpressionScene.slider("Position - Overshoot", value: ExpressionScene.fixed("20"), index: 1),
        ExpressionScene.slider("Position - Bounce", value: ExpressionScene.fixed("40"), index: 2),
        ExpressionScene.slider("Position - Friction", value: ExpressionScene.fixed("40"), index: 3),
    ].joined(separator: ",")

    func testInertialBounce() throws {
        // Frame 40: 1/3 s after key 2 (nearest), whose incoming velocity is (300, 0) px/s:
        // x = 300 + (300 / 100) * 8 * sin(2 * (1/3) * 2pi) / exp(2 * 1/3) = 300 - 24 * 0.8660254 / 1.9477340.
        let at40 = try point(Self.bounce, keys: ramp, atFrame: 40, effects: Self.bounceSliders)
        assertNumbers(at40, [289.328826, 0], accuracy: 1e-3)
        // Frame 50 (2/3 s after): 300 + 24 * sin(8pi/3) / exp(4/3).
        let at50 = try point(Self.bounce, keys: ramp, atFrame: 50, effects: Self.bounceSliders)
        assertNumbers(at50, [305.478764, 0], accuracy: 1e-3)
        // Frame 15, between the keys: n = 1 and the velocity before key 1 is 0: the keyed value.
        let at15 = try point(Self.bounce, keys: ramp, atFrame: 15, effects: Self.bounceSliders)
        assertNumbers(at15, [150, 0], accuracy: 1e-6)
        // Frame 60: 1 s after, sin(4pi) = 0: back on the key's value.
        let at60 = try point(Self.bounce, keys: ramp, atFrame: 60, effects: Self.bounceSliders)
        assertNumbers(at60, [300, 0], accuracy: 1e-6)
    }

    func testInertialBounceWithoutItsSlidersKeepsTheValue() throws {
        // No effects: effect(...) throws, the catch sets value: frame 40 holds the last key.
        assertNumbers(try point(Self.bounce, keys: ramp, atFrame: 40), [300, 0], accuracy: 1e-9)
    }

    func testSmooth() throws {
        // On a straight ramp the mean of 5 samples over 0.2 s is the value: frame 15 -> 150.
        assertNumbers(try point("$bm_rt = smooth(0.2, 5);", keys: ramp, atFrame: 15), [150, 0], accuracy: 1e-6)
        // At the key (1 s): samples at 0.9, 0.95, 1, 1.05, 1.1 s are 270, 285, 300, 300, 300: mean 291.
        assertNumbers(try point("$bm_rt = smooth(0.2, 5);", keys: ramp, atFrame: 30), [291, 0], accuracy: 1e-6)
    }

    func testOneKeyframe() throws {
        // A property with a single keyframe has one key (After Effects and lottie-web count it).
        let single: [(Double, String)] = [(10, "[70,80]")]
        assertNumbers(try point("$bm_rt = [numKeys, key(1).time * 30];", keys: single, atFrame: 0), [1, 10],
                      accuracy: 1e-9)
    }

    func testAnExpressionWithoutBmRtGivesItsLastValue() throws {
        // Written for After Effects, not exported: the value of the last statement. At frame 15
        // (0.5 s): [0.5 * 100, 7]; with a declaration and an `if` before it, the same.
        assertNumbers(try ExpressionScene.position("[time * 100, 7]", atFrame: 15), [50, 7])
        assertNumbers(try ExpressionScene.position("var t = time; if (t > 1) { t = 1; } [t * 100, 8]", atFrame: 15), [50, 8])
        // $bm_rt, when set, wins over a later statement's value.
        assertNumbers(try ExpressionScene.position("var $bm_rt = [1, 2]; [3, 4];", atFrame: 15), [1, 2])
    }
}
