import Foundation

// MARK: - BatchRunner

/// Runs one job per file on up to `jobs` threads and hands the results over in the files' order,
/// each as soon as it and every file before it are done: the output is the same whatever the
/// number of jobs, and a long run shows its progress. Returns every result, in the files' order.
enum BatchRunner {
    static func run(_ files: [BatchInputs.File], jobs: Int,
                    work: @escaping @Sendable (BatchInputs.File) -> FileOutcome,
                    deliver: @escaping @Sendable (FileResult) -> Void) -> [FileResult] {
        let results = OrderedResults(count: files.count, deliver: deliver)
        let workers = max(1, min(jobs, files.count))
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while let index = results.nextIndex() {
                let start = DispatchTime.now().uptimeNanoseconds
                let outcome = work(files[index])
                let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
                results.store(FileResult(file: files[index], outcome: outcome, seconds: seconds), at: index)
            }
        }
        return results.all
    }
}

/// The results of a batch as they come in: which file is next to start, and the results not yet
/// delivered because a file before them is still running. Every member is read and written under
/// the lock, which is what makes the class safe to share between threads.
private final class OrderedResults: @unchecked Sendable {
    private let lock = NSLock()
    private var pending: [FileResult?]
    private var done: [FileResult] = []
    private var next = 0
    private var delivered = 0
    private let deliver: @Sendable (FileResult) -> Void

    init(count: Int, deliver: @escaping @Sendable (FileResult) -> Void) {
        pending = Array(repeating: nil, count: count)
        self.deliver = deliver
    }

    /// The next file to work on, nil when every file has been taken.
    func nextIndex() -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard next < pending.count else { return nil }
        next += 1
        return next - 1
    }

    /// The results delivered, in order.
    var all: [FileResult] {
        lock.lock()
        defer { lock.unlock() }
        return done
    }

    /// Keeps a result and delivers every result now in order (under the lock, so in order).
    func store(_ result: FileResult, at index: Int) {
        lock.lock()
        defer { lock.unlock() }
        pending[index] = result
        while delivered < pending.count, let ready = pending[delivered] {
            pending[delivered] = nil
            delivered += 1
            done.append(ready)
            deliver(ready)
        }
    }
}
