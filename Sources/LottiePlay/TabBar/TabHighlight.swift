// MARK: - TabHighlight

/// The selection highlight of a tab bar: the capsule or rounded rectangle the selected tab sits on, which
/// slides to a newly selected tab (SwiftUI's `matchedGeometryEffect` moving one background between tabs).
/// Driven by an explicit clock, like `AnimationPlayer`; `TabBarController` drives one.
///
/// ## Positions
/// The highlight's centre is a position along the bar: 0 is the centre of the first button, 1 of the second,
/// fractional while it moves. Every button counts, the action button included (it never takes the highlight,
/// but the highlight slides past it), so a position maps linearly to a point on a bar of equal-width buttons.
/// A spring may overshoot: the position then leaves the range of the tabs for a moment.
///
/// ## Moves
/// `move(to:)` sends the highlight towards a tab with its `animation`:
/// - a timing curve goes from where the highlight is to the tab in its duration; a new move while one runs
///   starts again from the current position, with the full duration;
/// - a spring keeps its velocity when it gets a new target, as SwiftUI's springs do, and settles once it is
///   within `settledDistance` of its target and slower than `settledSpeed`; it then rests exactly on the tab;
/// - `none` (and a timing curve without a positive finite duration, or a spring whose response is not positive
///   and finite or whose damping is negative or not finite) jumps at once.
public struct TabHighlight: Equatable, Sendable {
    /// How the highlight moves.
    public let animation: HighlightAnimation
    /// The index of the tab the highlight moves to, or rests on.
    public private(set) var target: Int
    /// The centre, in button positions (see "Positions").
    public private(set) var position: Double
    /// Whether the highlight is on its way to `target`.
    public private(set) var isMoving = false

    /// A spring has settled once it is at most this far from its target, in button positions...
    public static let settledDistance = 0.001
    /// ...and at most this fast, in button positions a second.
    public static let settledSpeed = 0.001

    private let motion: Motion
    /// The position where the current move began (timing curves).
    private var start: Double
    /// The spring's velocity now, in positions a second.
    private var springVelocity = 0.0
    /// The spring's velocity when the current move began.
    private var startVelocity = 0.0
    /// Seconds since the current move began.
    private var elapsed = 0.0

    /// `animation` with its parameters checked.
    private enum Motion: Equatable, Sendable {
        case jump
        case timing(CubicBezierEasing, duration: Double)
        case spring(DampedSpring)
    }

    /// A highlight at rest on the button at `index`.
    public init(at index: Int, animation: HighlightAnimation) {
        self.animation = animation
        self.target = index
        self.position = Double(index)
        self.start = Double(index)
        switch animation.curve {
        case .none:
            motion = .jump
        case .timing(let easing, let duration):
            motion = duration > 0 && duration.isFinite ? .timing(easing, duration: duration) : .jump
        case .spring(let response, let dampingFraction):
            motion = DampedSpring(response: response, dampingFraction: dampingFraction).map(Motion.spring) ?? .jump
        }
    }

    /// The velocity in button positions a second when the highlight moves on a spring (0 at rest); nil for
    /// the other animations, whose velocity a new move does not carry over.
    public var velocity: Double? {
        if case .spring = motion { return springVelocity }
        return nil
    }

    /// Sends the highlight towards the button at `index` from where it is (see "Moves").
    public mutating func move(to index: Int) {
        guard index != target || isMoving else { return }
        target = index
        elapsed = 0
        start = position
        switch motion {
        case .jump:
            settle()
        case .timing:
            isMoving = position != Double(index)
        case .spring:
            startVelocity = springVelocity
            isMoving = position != Double(index) || springVelocity != 0
        }
    }

    /// Lets `seconds` pass (zero, negative and non-finite ticks move nothing). Returns whether the highlight
    /// arrived at its target during this tick.
    public mutating func tick(seconds: Double) -> Bool {
        guard isMoving, seconds > 0, seconds.isFinite else { return false }
        elapsed += seconds
        let goal = Double(target)
        switch motion {
        case .jump:
            settle()
        case .timing(let easing, let duration):
            // Within a nanosecond counts as the end, so that ticks summing to the duration land on it.
            guard elapsed < duration - 1e-9 else {
                settle()
                return true
            }
            position = start + (goal - start) * easing.progress(at: elapsed / duration)
        case .spring(let spring):
            let (displacement, velocity) = spring.state(after: elapsed, displacement: start - goal,
                                                        velocity: startVelocity)
            position = goal + displacement
            springVelocity = velocity
            let settled = abs(displacement) <= Self.settledDistance && abs(velocity) <= Self.settledSpeed
            // Extreme parameters could overflow; the highlight then goes straight to its tab.
            if settled || !position.isFinite || !velocity.isFinite { settle() }
        }
        return !isMoving
    }

    private mutating func settle() {
        position = Double(target)
        springVelocity = 0
        isMoving = false
    }
}
