import Foundation
import XCTest
@testable import LottiePlay

/// `DampedSpring`: SwiftUI's `spring(response:dampingFraction:)` in closed form, its three damping
/// regimes checked against hand-computed values (derivations in the comments, computed with python3).
final class DampedSpringTests: XCTestCase {
    /// Position of a spring released at rest one unit before its rest point (SwiftUI's x(t), 0 -> 1).
    private func position(_ spring: DampedSpring, at t: Double) -> Double {
        1 + spring.state(after: t, displacement: -1, velocity: 0).displacement
    }

    func testSwiftUIParameters() throws {
        // response 0.3: stiffness (2π / 0.3)² = 438.65, damping 4π · 0.7 / 0.3 = 29.32 = 2ζω₀.
        let spring = try XCTUnwrap(DampedSpring(response: 0.3, dampingFraction: 0.7))
        XCTAssertEqual(spring.angularFrequency, 20.943951, accuracy: 1e-6)
        XCTAssertEqual(spring.stiffness, 438.649084, accuracy: 1e-6)
        XCTAssertEqual(spring.damping, 29.321531, accuracy: 1e-6)
        XCTAssertEqual(spring.damping, 2 * spring.dampingFraction * spring.angularFrequency, accuracy: 1e-12)
    }

    func testUnderDampedOvershoots() throws {
        // ζ = 0.7, ω₀ = 20.943951, ζω₀ = 14.660766, ω_d = ω₀ √(1 − 0.49) = 14.956973, ζω₀ / ω_d = 0.980196.
        // t = 0.1: e^(−1.466077) = 0.230829, cos 1.495697 = 0.075028, sin = 0.997181:
        //   x = 1 − 0.230829 (0.075028 + 0.980196 · 0.997181) = 1 − 0.242939 = 0.757061.
        // t = 0.2: e^(−2.932153) = 0.053282, cos 2.991395 = −0.988741, sin = 0.149634:
        //   x = 1 − 0.053282 (−0.988741 + 0.146671) = 1.044867.
        // The peak is at t = π / ω_d = 0.210042: 1 + e^(−ζπ / √(1 − ζ²)) = 1.045988.
        let spring = try XCTUnwrap(DampedSpring(response: 0.3, dampingFraction: 0.7))
        XCTAssertEqual(position(spring, at: 0.1), 0.757061, accuracy: 1e-6)
        XCTAssertEqual(position(spring, at: 0.2), 1.044867, accuracy: 1e-6)
        XCTAssertEqual(position(spring, at: 0.210042), 1.045988, accuracy: 1e-6)
        // At the peak the velocity is 0; at 0.1 s it is ẋ = e^(−ζω₀t) (ω₀² / ω_d) sin ω_d t = 6.750543.
        XCTAssertEqual(spring.state(after: Double.pi / (spring.angularFrequency * 0.51.squareRoot()),
                                    displacement: -1, velocity: 0).velocity, 0, accuracy: 1e-9)
        XCTAssertEqual(spring.state(after: 0.1, displacement: -1, velocity: 0).velocity, 6.750543, accuracy: 1e-6)
    }

    func testCriticallyDamped() throws {
        // ζ = 1, response 0.5: ω₀ = 4π = 12.566371; x = 1 − e^(−ω₀t)(1 + ω₀t).
        // t = 0.1: 1 − e^(−1.256637) · 2.256637 = 1 − 0.284609 · 2.256637 = 0.357740.
        // t = 0.2: 1 − e^(−2.513274) · 3.513274 = 0.715416.
        let spring = try XCTUnwrap(DampedSpring(response: 0.5, dampingFraction: 1))
        XCTAssertEqual(position(spring, at: 0.1), 0.357740, accuracy: 1e-6)
        XCTAssertEqual(position(spring, at: 0.2), 0.715416, accuracy: 1e-6)
    }

    func testOverDamped() throws {
        // ζ = 2, response 0.5, ω₀ = 4π: r₁ = −ω₀ (2 − √3) = −3.367149, r₂ = −ω₀ (2 + √3) = −46.898334;
        // from y₀ = −1 at rest, A = (0 − r₂ y₀) / (r₁ − r₂) = −1.077350 and B = y₀ − A = 0.077350.
        // t = 0.1: x = 1 − 1.077350 e^(−0.336715) + 0.077350 e^(−4.689833) = 0.231362.
        // t = 0.2: x = 0.450605.
        let spring = try XCTUnwrap(DampedSpring(response: 0.5, dampingFraction: 2))
        XCTAssertEqual(position(spring, at: 0.1), 0.231362, accuracy: 1e-6)
        XCTAssertEqual(position(spring, at: 0.2), 0.450605, accuracy: 1e-6)
        // Never past the rest point.
        for step in 1...100 { XCTAssertLessThan(position(spring, at: Double(step) * 0.05), 1) }
    }

    func testStartsWhereItIsWithItsVelocity() throws {
        for zeta in [0.0, 0.5, 1, 3] {
            let spring = try XCTUnwrap(DampedSpring(response: 0.4, dampingFraction: zeta))
            let start = spring.state(after: 0, displacement: 0.25, velocity: -2)
            XCTAssertEqual(start.displacement, 0.25, accuracy: 1e-12, "ζ \(zeta)")
            XCTAssertEqual(start.velocity, -2, accuracy: 1e-12, "ζ \(zeta)")
        }
    }

    func testParametersOutOfRangeMakeNoSpring() {
        XCTAssertNil(DampedSpring(response: 0, dampingFraction: 0.7))
        XCTAssertNil(DampedSpring(response: -1, dampingFraction: 0.7))
        XCTAssertNil(DampedSpring(response: .infinity, dampingFraction: 0.7))
        XCTAssertNil(DampedSpring(response: 0.3, dampingFraction: -0.1))
        XCTAssertNil(DampedSpring(response: 0.3, dampingFraction: .nan))
        XCTAssertNotNil(DampedSpring(response: 0.3, dampingFraction: 0))
    }
}
