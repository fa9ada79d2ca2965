import LottiePlay

// MARK: - AllocationCounter

/// The heap allocations of steady playback, read from the counter of
/// `Scripts/alloc-counter/alloc-counter.c` when it is preloaded (`LD_PRELOAD`); bench reports
/// them then, and leaves them out otherwise.
enum AllocationCounter {
    private typealias Count = @convention(c) () -> UInt64

    /// The counter's function, looked up at run time; nil when it is not preloaded.
    private static var count: Count? {
        RuntimeSymbol.function("lottie_alloc_count", as: Count.self)
    }

    /// Allocations a frame of playing `frames` in order into `scene` (`Timeline.update`), counted
    /// over two passes after two warm-up passes (which fill what playback keeps); nil without
    /// the counter.
    static func perFrame(_ frames: [Double], timeline: Timeline, scene: inout Scene) -> Double? {
        guard let count, !frames.isEmpty else { return nil }
        for _ in 0..<2 {
            for frame in frames { timeline.update(&scene, toFrame: frame) }
        }
        let before = count()
        for _ in 0..<2 {
            for frame in frames { timeline.update(&scene, toFrame: frame) }
        }
        return Double(count() - before) / Double(2 * frames.count)
    }
}
