import CRuntime
import LottiePlay

// MARK: - AllocationCounter

/// The heap allocations of steady playback, read from the counter of
/// `Scripts/alloc-counter/alloc-counter.c` when it is preloaded (`LD_PRELOAD`); bench reports
/// them then, and leaves them out otherwise.
enum AllocationCounter {
    /// The allocations counted so far; nil when the counter is not preloaded.
    private static func count() -> UInt64? {
        var count: UInt64 = 0
        return lottie_runtime_allocation_count(&count) ? count : nil
    }

    /// Allocations a frame of playing `frames` in order into `scene` (`Timeline.update`), counted
    /// over two passes after two warm-up passes (which fill what playback keeps); nil without
    /// the counter.
    static func perFrame(_ frames: [Double], timeline: Timeline, scene: inout LottieScene) -> Double? {
        guard count() != nil, !frames.isEmpty else { return nil }
        for _ in 0..<2 {
            for frame in frames { timeline.update(&scene, toFrame: frame) }
        }
        guard let before = count() else { return nil }
        for _ in 0..<2 {
            for frame in frames { timeline.update(&scene, toFrame: frame) }
        }
        guard let after = count() else { return nil }
        return Double(after - before) / Double(2 * frames.count)
    }
}
