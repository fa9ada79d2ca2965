import Dispatch
import Synchronization

// MARK: - FrameJobs
//
// The per-frame work of the animated image encoders, spread over threads. Threads take the next
// frame index from a shared counter and store what they make at that index, so the results come
// back in frame order whatever the number of threads or the order in which they finish: the file
// written from them is the same, byte for byte. Each thread keeps one worker (a reusable buffer, a
// running tally) for all the frames it takes; a caller that reads the workers afterwards must merge
// them in a way that does not depend on which thread took which frame.

/// Items `0..<count` worked on by up to `jobs` threads (1: on the calling thread), their results
/// in item order.
enum FrameJobs {
    /// `transform` of each item, in item order.
    static func map<Output: Sendable>(count: Int, jobs: Int, _ transform: @Sendable (Int) -> Output) -> [Output] {
        run(count: count, jobs: jobs, makeWorker: {}) { _, index in transform(index) }.outputs
    }

    /// `work` of each item, in item order, and the workers used: one from `makeWorker` per thread
    /// (in no particular order), handed to `work` with every item that thread takes.
    static func run<Worker: Sendable, Output: Sendable>(
        count: Int, jobs: Int, makeWorker: @Sendable () -> Worker,
        _ work: @Sendable (inout Worker, Int) -> Output
    ) -> (outputs: [Output], workers: [Worker]) {
        let threads = min(max(jobs, 1), count)
        guard threads > 1 else {
            var worker = makeWorker()
            let outputs = (0..<count).map { work(&worker, $0) }
            return (outputs, [worker])
        }
        let outputs = Mutex([Output?](repeating: nil, count: count))
        let workers = Mutex([Worker]())
        let next = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: threads) { _ in
            var worker = makeWorker()
            while true {
                let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
                guard index < count else { break }
                let output = work(&worker, index)
                outputs.withLock { $0[index] = output }
            }
            let finished = worker
            workers.withLock { $0.append(finished) }
        }
        let results = outputs.withLock { outputs in
            outputs.map { output in
                // Every index below `count` was taken by exactly one thread.
                guard let output else { preconditionFailure("FrameJobs: an item was not worked on") }
                return output
            }
        }
        return (results, workers.withLock { $0 })
    }
}
