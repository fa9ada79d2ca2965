import LottieModel

// MARK: - Overrides of a timeline
//
// A timeline keeps the animation it was made from (`source`) and the overrides compiled in, so
// an app can set and remove overrides as its state changes (dark mode, a selected tab) and get
// the file's own values back. Each change compiles the animation again with the overrides put
// in (`LottieAnimation.overriding(_:)`): properties no override matches cost nothing when a
// frame is evaluated.

extension Timeline {
    /// This timeline's animation compiled again with `overrides` in place of those it has: each
    /// override's value in every property its keypath matches (later overrides win), the other
    /// properties with the file's values. `overriding([])` gives every value of the file back.
    ///
    /// - Throws: `OverrideError` when a value does not fit a property it matched.
    public func overriding(_ overrides: [PropertyOverride]) throws(OverrideError) -> Timeline {
        let animation = overrides.isEmpty ? source : try source.overriding(overrides).animation
        return Timeline(compiling: animation, source: source, overrides: overrides, limits: limits, fonts: fonts)
    }

    /// This timeline with `override` too; an override of the same keypath is replaced.
    ///
    /// - Throws: `OverrideError` when its value does not fit a property it matches.
    public func setting(_ override: PropertyOverride) throws(OverrideError) -> Timeline {
        try overriding(overrides.filter { $0.keypath != override.keypath } + [override])
    }

    /// This timeline without the override of `keypath`: the properties it matched show the
    /// file's values again (or those of another override that matches them).
    public func removingOverride(for keypath: AnimationKeypath) -> Timeline {
        let kept = overrides.filter { $0.keypath != keypath }
        // The overrides kept were put in once already, so they fit; the file's values otherwise.
        return (try? overriding(kept)) ?? Timeline(compiling: source, source: source, overrides: [], limits: limits, fonts: fonts)
    }
}
