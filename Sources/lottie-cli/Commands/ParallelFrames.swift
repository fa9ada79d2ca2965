import Foundation
import LottiePlay

// MARK: - ParallelFrames

/// Frames rendered on several threads and handed over in order on the calling thread, so that
/// what is written from them is the same whatever the number of threads. The frames go out in
/// blocks of consecutive frames (a thread updates one scene from frame to frame within a block,
/// and draws again only what changed); at most `aheadPerJob` blocks per thread wait to be handed
/// over, which bounds the memory the images take.
enum ParallelFrames {
    /// Consecutive frames a thread renders at a time.
    static let blockSize = 8
    /// Blocks per thread rendered ahead of the one handed over next.
    static let aheadPerJob = 2

    /// Renders `frames` of `timeline` on `jobs` threads, where `prepare` also runs on each image
    /// (encoding it, say), and hands what it made to `body` (on this thread) with the frame's index
    /// and frame, in order; adds the issues met to `issues` (each once). A throw from `prepare` or
    /// `body` stops the threads and is rethrown once they are done.
    static func render<Prepared: Sendable>(
        _ frames: [Double], jobs: Int, timeline: Timeline, images: ImageStore, renderer: SceneRenderer,
        issues: inout [RenderIssue], prepare: @escaping @Sendable (Int, Double, RGBAImage) throws -> Prepared,
        _ body: (Int, Double, Prepared) throws -> Void
    ) throws {
        let blockCount = (frames.count + blockSize - 1) / blockSize
        let queue = BlockQueue<Prepared>(count: blockCount, ahead: max(1, jobs) * aheadPerJob)
        let group = DispatchGroup()
        for _ in 0..<max(1, min(jobs, blockCount)) {
            DispatchQueue.global().async(group: group) {
                var scene = Scene(frame: 0, width: 0, height: 0, layers: [])
                var rendered = RenderedFrame()
                while let block = queue.take() {
                    var results: [(Result<Prepared, any Error>, [RenderIssue])] = []
                    for index in block * blockSize..<min(frames.count, (block + 1) * blockSize) {
                        timeline.update(&scene, toFrame: frames[index])
                        renderer.render(scene, images: images, into: &rendered)
                        let image = rendered.image
                        results.append((Result { try prepare(index, frames[index], image) }, rendered.issues))
                    }
                    queue.put(results, at: block)
                }
            }
        }
        defer { group.wait() }
        do {
            for block in 0..<blockCount {
                for (offset, (prepared, frameIssues)) in queue.next(block).enumerated() {
                    for issue in frameIssues where !issues.contains(issue) { issues.append(issue) }
                    let index = block * blockSize + offset
                    try body(index, frames[index], try prepared.get())
                }
            }
        } catch {
            queue.cancel()
            throw error
        }
    }
}

/// The blocks of a parallel render: which is next to render, and the rendered ones waiting to be
/// handed over. Every member is read and written under the condition's lock, which is what makes
/// the class safe to share between threads.
private final class BlockQueue<Prepared: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    private let count: Int
    private let ahead: Int
    private var nextToRender = 0
    private var handedOver = 0
    private var cancelled = false
    private var done: [Int: [(Result<Prepared, any Error>, [RenderIssue])]] = [:]

    init(count: Int, ahead: Int) {
        self.count = count
        self.ahead = ahead
    }

    /// The next block to render, once it is at most `ahead` blocks past the one handed over
    /// next; nil when every block is taken or the render was cancelled.
    func take() -> Int? {
        condition.lock()
        defer { condition.unlock() }
        while !cancelled, nextToRender < count, nextToRender >= handedOver + ahead { condition.wait() }
        guard !cancelled, nextToRender < count else { return nil }
        nextToRender += 1
        return nextToRender - 1
    }

    func put(_ results: [(Result<Prepared, any Error>, [RenderIssue])], at block: Int) {
        condition.lock()
        done[block] = results
        condition.broadcast()
        condition.unlock()
    }

    /// Block `block`'s results, waiting until they are rendered.
    func next(_ block: Int) -> [(Result<Prepared, any Error>, [RenderIssue])] {
        condition.lock()
        defer { condition.unlock() }
        while done[block] == nil { condition.wait() }
        handedOver = block + 1
        condition.broadcast()
        return done.removeValue(forKey: block) ?? []
    }

    func cancel() {
        condition.lock()
        cancelled = true
        condition.broadcast()
        condition.unlock()
    }
}
