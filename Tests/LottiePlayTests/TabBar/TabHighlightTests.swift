import Foundation
import XCTest
import LottieModel
@testable import LottiePlay

/// The selection highlight of a tab bar: SwiftUI's timing curves and spring moving it between tabs,
/// retargeting mid-move, settling, and the controller driving it. Expected values are hand-computed
/// (python3); the derivations are in the comments.
final class TabHighlightTests: XCTestCase {
    /// A display frame at 30 fps.
    private let frame = 1.0 / 30

    /// Ticks `count` display frames; returns whether the highlight settled on the last one.
    @discardableResult
    private func tick(_ highlight: inout TabHighlight, frames count: Int) -> [Bool] {
        (0..<count).map { _ in highlight.tick(seconds: frame) }
    }

    // MARK: Spring

    func testSpringFromTabOneToTabTwo() {
        // spring(0.3, 0.7) from position 0 to 1, 30 fps (DampedSpringTests has the formula):
        // x(0.1) = 1 − e^(−1.466077)(cos 1.495697 + 0.980196 sin 1.495697) = 0.757061;
        // x(0.2) = 1 − e^(−2.932153)(cos 2.991395 + 0.980196 sin 2.991395) = 1.044867, past tab 2 (overshoot).
        var highlight = TabHighlight(at: 0, animation: .spring(response: 0.3, dampingFraction: 0.7))
        highlight.move(to: 1)
        XCTAssertTrue(highlight.isMoving)
        XCTAssertEqual(highlight.position, 0)
        tick(&highlight, frames: 3)
        XCTAssertEqual(highlight.position, 0.757061, accuracy: 1e-6)
        tick(&highlight, frames: 3)
        XCTAssertEqual(highlight.position, 1.044867, accuracy: 1e-6)
        XCTAssertTrue(highlight.isMoving)
    }

    func testSpringSettlesWithinAThousandthOfATab() {
        // From rest, 0 -> 1 with 1/30 s frames: displacement and velocity (per second) at
        //   frame 17: −5.3e-5, 5.9e-3 (too fast); frame 18: 7.2e-5, 1.9e-3 (too fast);
        //   frame 19 (0.633 s): 9.7e-5, −1.3e-4: both within 0.001, so it settles there, exactly on tab 1.
        var highlight = TabHighlight(at: 0, animation: .spring(response: 0.3, dampingFraction: 0.7))
        highlight.move(to: 1)
        let settled = tick(&highlight, frames: 20)
        XCTAssertEqual(settled.indices.filter { settled[$0] }, [18])
        XCTAssertFalse(highlight.isMoving)
        XCTAssertEqual(highlight.position, 1)
        XCTAssertEqual(highlight.velocity, 0)
    }

    func testRetargetMidSpringKeepsTheVelocity() throws {
        // 0 -> 2, then at 0.1 s back to tab 0. The spring keeps its velocity: the motion is that of
        // x'' = −k (x − g(t)) − c x' with the target g stepping from 2 to 0 at 0.1 s, integrated here
        // with RK4 (step 1e-5 s, error far below 1e-9).
        let response = 0.3, damping = 0.7
        var highlight = TabHighlight(at: 0, animation: .spring(response: response, dampingFraction: damping))
        highlight.move(to: 2)
        tick(&highlight, frames: 3)
        let velocity = try XCTUnwrap(highlight.velocity)
        // 2 · 6.750543 (twice the distance of the 0 -> 1 move).
        XCTAssertEqual(velocity, 13.501087, accuracy: 1e-6)
        highlight.move(to: 0)
        XCTAssertEqual(highlight.velocity, velocity, "a new target does not stop the spring")

        let k = pow(2 * Double.pi / response, 2), c = 4 * Double.pi * damping / response
        var x = 0.0, v = 0.0
        var time = 0.0
        func integrate(to end: Double, target: Double) {
            let steps = Int(((end - time) / 1e-5).rounded())
            let h = (end - time) / Double(steps)
            func acceleration(_ x: Double, _ v: Double) -> Double { -k * (x - target) - c * v }
            for _ in 0..<steps {
                let (k1x, k1v) = (v, acceleration(x, v))
                let (k2x, k2v) = (v + h / 2 * k1v, acceleration(x + h / 2 * k1x, v + h / 2 * k1v))
                let (k3x, k3v) = (v + h / 2 * k2v, acceleration(x + h / 2 * k2x, v + h / 2 * k2v))
                let (k4x, k4v) = (v + h * k3v, acceleration(x + h * k3x, v + h * k3v))
                x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
                v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
            }
            time = end
        }
        integrate(to: 3 * frame, target: 2)
        XCTAssertEqual(highlight.position, x, accuracy: 1e-9)
        for count in 1...12 {
            tick(&highlight, frames: 1)
            integrate(to: Double(3 + count) * frame, target: 0)
            XCTAssertEqual(highlight.position, x, accuracy: 1e-9, "frame \(count) after the retarget")
            XCTAssertEqual(try XCTUnwrap(highlight.velocity), v, accuracy: 1e-7, "frame \(count) after the retarget")
            if count == 1 {
                // Carrying the velocity matters: a frame after the retarget the highlight is still moving right,
                // at 1.515838 (twice 0.757919, the unit case), where a spring started at rest from 1.514122
                // would already be back at 1.251069 (twice 0.625534).
                XCTAssertEqual(highlight.position, 1.515838, accuracy: 1e-6)
                let spring = try XCTUnwrap(DampedSpring(response: response, dampingFraction: damping))
                XCTAssertEqual(spring.state(after: frame, displacement: 1.514122, velocity: 0).displacement, 1.251069,
                               accuracy: 1e-6)
            }
        }
    }

    // MARK: Timing curves

    func testEaseInOutIsHalfwayAtHalfItsDuration() {
        // cubic-bezier(0.42, 0, 0.58, 1) is symmetric about (0.5, 0.5): at 0.175 s of 0.35 s, halfway.
        // At a quarter of the time (x = 0.25) bezierX(u) = 0.25 at u = 0.225065, where bezierY = 0.129162.
        var highlight = TabHighlight(at: 0, animation: .easeInOut())
        highlight.move(to: 1)
        XCTAssertFalse(highlight.tick(seconds: 0.0875))
        XCTAssertEqual(highlight.position, 0.129162, accuracy: 1e-6)
        XCTAssertFalse(highlight.tick(seconds: 0.0875))
        XCTAssertEqual(highlight.position, 0.5, accuracy: 1e-12)
        XCTAssertNil(highlight.velocity)
        XCTAssertTrue(highlight.tick(seconds: 0.175), "settled after 0.35 s")
        XCTAssertEqual(highlight.position, 1)
        XCTAssertFalse(highlight.isMoving)
    }

    func testEaseInEaseOutAndLinear() {
        // Halfway through the time: ease-in (0.42, 0, 1, 1) solves bezierX(u) = 0.5 at u = 0.374253, where
        // bezierY = 0.315357; ease-out (0, 0, 0.58, 1) is its mirror: 1 − 0.315357 = 0.684643.
        // Linear over 0.5 s, 0.1 s in: a fifth of the way.
        let cases: [(HighlightAnimation, Double, Double)] = [
            (.easeIn(), 0.175, 0.315357), (.easeOut(), 0.175, 0.684643), (.linear(duration: 0.5), 0.1, 0.2),
        ]
        for (animation, time, expected) in cases {
            var highlight = TabHighlight(at: 0, animation: animation)
            highlight.move(to: 1)
            _ = highlight.tick(seconds: time)
            XCTAssertEqual(highlight.position, expected, accuracy: 1e-6, "\(animation)")
        }
    }

    func testTimingCurveStartsAgainFromWhereItIs() {
        // ease-in-out(0.35) 0 -> 1, at 0.175 s (position 0.5) the selection moves to tab 3: the curve runs
        // again, from 0.5 to 3 in a full 0.35 s, halfway (1.75) at 0.175 s and there at 0.35 s.
        var highlight = TabHighlight(at: 0, animation: .easeInOut(duration: 0.35))
        highlight.move(to: 1)
        _ = highlight.tick(seconds: 0.175)
        highlight.move(to: 3)
        XCTAssertEqual(highlight.position, 0.5, accuracy: 1e-12)
        _ = highlight.tick(seconds: 0.175)
        XCTAssertEqual(highlight.position, 1.75, accuracy: 1e-12)
        XCTAssertTrue(highlight.tick(seconds: 0.175))
        XCTAssertEqual(highlight.position, 3)
    }

    func testTimingCurveEndsOnTheFrameItsDurationLandsOn() {
        // 0.2 s is 6 frames at 30 fps; six ticks of 1/30 add up to 0.19999999999999998, which counts as 0.2.
        var highlight = TabHighlight(at: 0, animation: .linear(duration: 0.2))
        highlight.move(to: 1)
        XCTAssertEqual(tick(&highlight, frames: 6), [false, false, false, false, false, true])
        XCTAssertEqual(highlight.position, 1)
    }

    // MARK: None and bad parameters

    func testNoneJumps() {
        var highlight = TabHighlight(at: 0, animation: .none)
        highlight.move(to: 2)
        XCTAssertEqual(highlight.position, 2)
        XCTAssertFalse(highlight.isMoving)
        XCTAssertFalse(highlight.tick(seconds: frame), "a jump is not a move that settles")
    }

    func testParametersWithoutAMotionJump() {
        for animation in [HighlightAnimation.easeInOut(duration: 0), .linear(duration: .nan),
                          .spring(response: 0, dampingFraction: 0.7), .spring(response: 0.3, dampingFraction: -1)] {
            var highlight = TabHighlight(at: 1, animation: animation)
            highlight.move(to: 0)
            XCTAssertEqual(highlight.position, 0, "\(animation)")
            XCTAssertFalse(highlight.isMoving, "\(animation)")
        }
    }

    func testTicksThatMoveNothing() {
        var highlight = TabHighlight(at: 0, animation: .linear(duration: 1))
        highlight.move(to: 1)
        for seconds in [0, -1, Double.nan, .infinity] {
            XCTAssertFalse(highlight.tick(seconds: seconds))
        }
        XCTAssertEqual(highlight.position, 0)
        XCTAssertTrue(highlight.isMoving)
    }

    // MARK: In the bar

    /// Home, "+" (the action button), Profile, with empty one-second icons.
    private func bar(_ animation: HighlightAnimation) throws -> TabBarController {
        func icon() -> LottieAnimation { LottieAnimation(frameRate: 30, inPoint: 0, outPoint: 30, width: 10, height: 10, layers: []) }
        return try TabBarController(items: [
            TabItem(id: "home", title: "Home", animation: icon()),
            TabItem(id: "new", title: "+", animation: icon(), role: .action),
            TabItem(id: "profile", title: "Profile", animation: icon()),
        ], highlight: animation)
    }

    func testTheBarMovesTheHighlightToTheSelectedTab() throws {
        // Home (position 0) to Profile (position 2, past the action button at 1) on spring(0.3, 0.7):
        // twice the 0 -> 1 move, so 2 · 0.757061 = 1.514122 after 0.1 s.
        var bar = try bar(.spring(response: 0.3, dampingFraction: 0.7))
        XCTAssertEqual(bar.highlight.position, 0)
        _ = try bar.select(2)
        _ = bar.tick(seconds: 0.1)
        XCTAssertEqual(bar.highlight.position, 1.514122, accuracy: 1e-6)
        XCTAssertEqual(bar.highlight.target, 2)
    }

    func testTheActionButtonNeverTakesTheHighlight() throws {
        var bar = try bar(.easeInOut())
        XCTAssertEqual(try bar.tap(1), [.iconStarted(0), .actionFired(1), .iconStarted(1)])
        XCTAssertEqual(bar.highlight.target, 0)
        XCTAssertFalse(bar.highlight.isMoving)
        _ = bar.tick(seconds: 0.2)
        XCTAssertEqual(bar.highlight.position, 0)
    }

    func testTheBarReportsTheHighlightSettling() throws {
        // ease-in-out(0.35): settled on Profile 0.35 s after the tap, reported after the icons' events.
        var bar = try bar(.easeInOut())
        _ = bar.takeEvents()
        _ = try bar.select(2)
        XCTAssertEqual(bar.tick(seconds: 0.3), [])
        XCTAssertEqual(bar.tick(seconds: 0.05), [.highlightSettled(2)])
        XCTAssertEqual(bar.tick(seconds: 0.65), [.iconFinished(2)])
        XCTAssertEqual(bar.highlight.position, 2)
        // Tapping the selected tab leaves the highlight at rest.
        XCTAssertEqual(try bar.select(2), [.tapIgnored(2)])
        XCTAssertFalse(bar.highlight.isMoving)
    }

    func testWithoutAnAnimationTheHighlightJumps() throws {
        var bar = try bar(.none)
        _ = try bar.select(2)
        XCTAssertEqual(bar.highlight.position, 2)
        XCTAssertFalse(bar.tick(seconds: 1).contains(.highlightSettled(2)))
    }

    func testARestoredBarHasTheHighlightOnItsTab() throws {
        func icon() -> LottieAnimation { LottieAnimation(frameRate: 30, inPoint: 0, outPoint: 30, width: 10, height: 10, layers: []) }
        let bar = try TabBarController(items: [TabItem(id: "home", title: "Home", animation: icon()),
                                               TabItem(id: "profile", title: "Profile", animation: icon())],
                                       restoring: TabBarState(selectedID: "profile"), highlight: .easeInOut())
        XCTAssertEqual(bar.highlight.position, 1)
        XCTAssertFalse(bar.highlight.isMoving)
    }
}
