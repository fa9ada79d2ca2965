import Synchronization

// MARK: - IdlePool

/// Objects kept between uses: a user takes one (or makes one when all are taken, as when
/// several threads work with the same owner) and puts it back, so that steady work does not
/// allocate them again. The objects need not be Sendable: the pool hands each to one thread
/// at a time.
final class IdlePool<Object: AnyObject>: Sendable {
    private struct Idle: @unchecked Sendable {
        var objects: [Object] = []
    }

    private let idle = Mutex(Idle())
    /// The most objects kept.
    let capacity: Int

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// An idle object, or nil when there is none.
    func take() -> Object? {
        idle.withLock { $0.objects.popLast() }
    }

    /// Keeps `object` for the next `take()`, unless `capacity` are kept already.
    func put(_ object: Object) {
        idle.withLock { state in
            if state.objects.count < capacity { state.objects.append(object) }
        }
    }
}
