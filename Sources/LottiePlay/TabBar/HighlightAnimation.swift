// MARK: - HighlightAnimation

/// How a tab bar's selection highlight moves to a newly selected tab: SwiftUI's animations, as an app
/// would write `withAnimation(.easeInOut) { selection = tab }` or `withAnimation(.spring(response: 0.3,
/// dampingFraction: 0.7))`.
///
/// Timing curves run from where the highlight is to the new tab in `duration` seconds, along a cubic-bezier
/// curve; a spring follows `DampedSpring` and takes as long as it takes. `none` jumps.
public struct HighlightAnimation: Equatable, Sendable {
    /// The motion itself.
    public enum Curve: Equatable, Sendable {
        /// The highlight jumps to the new tab.
        case none
        /// The time fraction eased by a cubic-bezier curve, over `duration` seconds.
        case timing(CubicBezierEasing, duration: Double)
        /// A damped spring (see `DampedSpring`).
        case spring(response: Double, dampingFraction: Double)
    }

    public let curve: Curve

    public init(_ curve: Curve) {
        self.curve = curve
    }

    /// SwiftUI's default duration of its timing curves, in seconds.
    public static let defaultDuration = 0.35

    /// No animation: the highlight jumps (SwiftUI without `withAnimation`).
    public static let none = HighlightAnimation(.none)

    /// Slow at both ends: cubic-bezier(0.42, 0, 0.58, 1).
    public static func easeInOut(duration: Double = defaultDuration) -> HighlightAnimation {
        HighlightAnimation(.timing(CubicBezierEasing(x1: 0.42, y1: 0, x2: 0.58, y2: 1), duration: duration))
    }

    /// Slow at the start: cubic-bezier(0.42, 0, 1, 1).
    public static func easeIn(duration: Double = defaultDuration) -> HighlightAnimation {
        HighlightAnimation(.timing(CubicBezierEasing(x1: 0.42, y1: 0, x2: 1, y2: 1), duration: duration))
    }

    /// Slow at the end: cubic-bezier(0, 0, 0.58, 1).
    public static func easeOut(duration: Double = defaultDuration) -> HighlightAnimation {
        HighlightAnimation(.timing(CubicBezierEasing(x1: 0, y1: 0, x2: 0.58, y2: 1), duration: duration))
    }

    /// At constant speed.
    public static func linear(duration: Double = defaultDuration) -> HighlightAnimation {
        HighlightAnimation(.timing(.linear, duration: duration))
    }

    /// A spring as SwiftUI's `spring(response:dampingFraction:)`: mass 1, stiffness (2π / response)², damping
    /// 4π · dampingFraction / response. A new move keeps the spring's velocity.
    public static func spring(response: Double, dampingFraction: Double) -> HighlightAnimation {
        HighlightAnimation(.spring(response: response, dampingFraction: dampingFraction))
    }
}
