import Foundation
import LottieModel
import LottiePlay

// MARK: - ParallelFrames

/// Frames rendered on several threads and handed over in order on the calling thread
/// (`OrderedWork`), so that what is written from them is the same whatever the number of
/// threads. The frames go out in blocks of consecutive frames (a thread updates one scene from
/// frame to frame within a block, and draws again only what changed); at most `aheadPerJob`
/// blocks per thread wait to be handed over, which bounds the memory the images take.
enum ParallelFrames {
    /// Consecutive frames a thread renders at a time: up to 8, fewer when that would leave
    /// fewer than four blocks per thread (with 24 frames on 2 threads, blocks of 8 would give one
    /// thread twice the frames of the other).
    static func blockSize(frames: Int, jobs: Int) -> Int {
        max(1, min(8, frames / (max(1, jobs) * 4)))
    }
    /// Blocks per thread rendered ahead of the one handed over next.
    static let aheadPerJob = 2

    /// Renders `frames` of `timeline` on `jobs` threads, where `prepare` also runs on each image
    /// (encoding it, say), and hands what it made to `body` (on this thread) with the frame's index
    /// and frame, in order; adds the issues met to `issues` (each once). A throw from `prepare` or
    /// `body` stops the threads and is rethrown once they are done.
    static func render<Prepared: Sendable>(
        _ frames: [Double], jobs: Int, timeline: Timeline, images: ImageStore, renderer: SceneRenderer,
        issues: inout [LottieDiagnostic], prepare: @escaping @Sendable (Int, Double, RGBAImage) throws -> Prepared,
        _ body: (Int, Double, Prepared) throws -> Void
    ) throws {
        let blockSize = blockSize(frames: frames.count, jobs: jobs)
        let blockCount = (frames.count + blockSize - 1) / blockSize
        try OrderedWork.run(count: blockCount, jobs: jobs, ahead: max(1, jobs) * aheadPerJob, makeWorker: {
            var scene = LottieScene(frame: 0, width: 0, height: 0, layers: [])
            var rendered = RenderedFrame()
            return { block in
                (block * blockSize..<min(frames.count, (block + 1) * blockSize)).map { index in
                    timeline.update(&scene, toFrame: frames[index])
                    renderer.render(scene, images: images, into: &rendered)
                    let image = rendered.image
                    return (Result { try prepare(index, frames[index], image) }, rendered.issues)
                }
            }
        }) { block, results in
            for (offset, (prepared, frameIssues)) in results.enumerated() {
                for issue in frameIssues where !issues.contains(issue) { issues.append(issue) }
                let index = block * blockSize + offset
                try body(index, frames[index], try prepared.get())
            }
        }
    }
}
