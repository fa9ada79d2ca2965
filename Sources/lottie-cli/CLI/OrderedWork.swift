import Foundation

// MARK: - OrderedWork

/// Items `0..<count` worked on by `jobs` threads and handed to `body` on the calling thread in
/// order, each as soon as it and every item before it are done: what is written from them is the
/// same whatever the number of threads, and a long run shows its progress. Each thread gets its
/// own worker from `makeWorker`, so that it can keep state from item to item. At most `ahead`
/// items past the one handed over next are started, which bounds what waits in memory. A throw
/// from `body` stops the threads and is rethrown once they are done.
enum OrderedWork {
    static func run<Output: Sendable>(
        count: Int, jobs: Int, ahead: Int, makeWorker: @escaping @Sendable () -> (Int) -> Output,
        _ body: (Int, Output) throws -> Void
    ) rethrows {
        let queue = OrderedQueue<Output>(count: count, ahead: max(1, ahead))
        let group = DispatchGroup()
        for _ in 0..<max(1, min(jobs, count)) {
            DispatchQueue.global().async(group: group) {
                let work = makeWorker()
                while let index = queue.take() { queue.put(work(index), at: index) }
            }
        }
        defer { group.wait() }
        do {
            for index in 0..<count { try body(index, queue.next(index)) }
        } catch {
            queue.cancel()
            throw error
        }
    }
}

/// The items of an `OrderedWork`: which is next to start, and the finished ones waiting to be
/// handed over. Every member is read and written under the condition's lock, which is what makes
/// the class safe to share between threads.
private final class OrderedQueue<Output: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    private let count: Int
    private let ahead: Int
    private var nextToStart = 0
    private var handedOver = 0
    private var cancelled = false
    private var done: [Int: Output] = [:]

    init(count: Int, ahead: Int) {
        self.count = count
        self.ahead = ahead
    }

    /// The next item to work on, once it is at most `ahead` items past the one handed over next;
    /// nil when every item is taken or the work was cancelled.
    func take() -> Int? {
        condition.lock()
        defer { condition.unlock() }
        while !cancelled, nextToStart < count, nextToStart >= handedOver + ahead { condition.wait() }
        guard !cancelled, nextToStart < count else { return nil }
        nextToStart += 1
        return nextToStart - 1
    }

    func put(_ output: Output, at index: Int) {
        condition.lock()
        done[index] = output
        condition.broadcast()
        condition.unlock()
    }

    /// Item `index`'s output, waiting until it is done.
    func next(_ index: Int) -> Output {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let output = done.removeValue(forKey: index) {
                handedOver = index + 1
                condition.broadcast()
                return output
            }
            condition.wait()
        }
    }

    func cancel() {
        condition.lock()
        cancelled = true
        condition.broadcast()
        condition.unlock()
    }
}
