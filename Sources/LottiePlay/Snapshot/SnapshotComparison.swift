// MARK: - SnapshotComparison

/// What differs between a stored snapshot (`expected`) and a new one of the same animation
/// (`actual`): header fields, keypaths added or removed, and values that changed at a frame
/// by more than the tolerance. Numbers compare numerically, text exactly (`ValueTokens`).
///
/// A `@static` line stands for its value at every frame, so a property that became animated
/// but kept its values is not a change.
public struct SnapshotComparison: Equatable, Sendable {
    /// One difference.
    public enum Difference: Equatable, Sendable {
        /// A header field that matters for playback changed (frame rate, range, canvas).
        case header(field: String, expected: String, actual: String)
        /// A keypath the snapshot has and the animation no longer has.
        case removed(keypath: String, lines: [SnapshotLine])
        /// A keypath the animation has and the snapshot does not.
        case added(keypath: String, lines: [SnapshotLine])
        /// A value that changed; `frame` nil when both sides are `@static`.
        case changed(keypath: String, frame: Double?, expected: String, actual: String)
        /// A frame one side lists for a keypath and the other does not (`--keyframes`).
        case frameRemoved(keypath: String, frame: Double, value: String)
        case frameAdded(keypath: String, frame: Double, value: String)
    }

    public var expectedHeader: SnapshotHeader
    public var actualHeader: SnapshotHeader
    public var tolerance: Double
    public var differences: [Difference]
    /// The keypaths both snapshots have.
    public var sharedKeypaths: Set<String>

    /// True when nothing differs beyond the tolerance.
    public var isMatch: Bool { differences.isEmpty }

    /// True when the model's content hash changed (possibly without any visible difference).
    public var contentChanged: Bool { expectedHeader.contentHash != actualHeader.contentHash }

    /// Compares `actual` with `expected`.
    public init(expected: AnimationSnapshot, actual: AnimationSnapshot, tolerance: Double) {
        expectedHeader = expected.header
        actualHeader = actual.header
        self.tolerance = tolerance
        differences = Self.headerDifferences(expected.header, actual.header)
            + Self.lineDifferences(expected.lines, actual.lines, tolerance: tolerance)
        sharedKeypaths = Set(expected.lines.map(\.keypath)).intersection(actual.lines.map(\.keypath))
    }

    // MARK: Header

    private static func headerDifferences(_ old: SnapshotHeader, _ new: SnapshotHeader) -> [Difference] {
        let number = SnapshotNumber(precision: 6)
        var list: [Difference] = []
        func compare(_ field: String, _ lhs: String, _ rhs: String) {
            if lhs != rhs { list.append(.header(field: field, expected: lhs, actual: rhs)) }
        }
        compare("frame rate", number(old.frameRate), number(new.frameRate))
        compare("range", "\(number(old.inPoint))..\(number(old.outPoint))", "\(number(new.inPoint))..\(number(new.outPoint))")
        compare("canvas", "\(number(old.width)) x \(number(old.height))", "\(number(new.width)) x \(number(new.height))")
        return list
    }

    // MARK: Lines

    private static func lineDifferences(_ old: [SnapshotLine], _ new: [SnapshotLine], tolerance: Double) -> [Difference] {
        let oldByKeypath = Dictionary(grouping: old, by: \.keypath)
        let newByKeypath = Dictionary(grouping: new, by: \.keypath)
        let keypaths = Set(oldByKeypath.keys).union(newByKeypath.keys).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        var list: [Difference] = []
        for keypath in keypaths {
            guard let before = oldByKeypath[keypath] else {
                list.append(.added(keypath: keypath, lines: newByKeypath[keypath]!))
                continue
            }
            guard let after = newByKeypath[keypath] else {
                list.append(.removed(keypath: keypath, lines: before))
                continue
            }
            list += compare(keypath, before, after, tolerance: tolerance)
        }
        return list
    }

    /// One keypath's lines: static against static, or frame by frame (a static value counts
    /// at every frame of the other side).
    private static func compare(_ keypath: String, _ old: [SnapshotLine], _ new: [SnapshotLine], tolerance: Double) -> [Difference] {
        let oldStatic = old.first { $0.frame == nil }
        let newStatic = new.first { $0.frame == nil }
        func matches(_ lhs: String, _ rhs: String) -> Bool {
            lhs == rhs || ValueTokens(lhs).matches(ValueTokens(rhs), tolerance: tolerance)
        }
        if let oldStatic, let newStatic {
            return matches(oldStatic.value, newStatic.value)
                ? [] : [.changed(keypath: keypath, frame: nil, expected: oldStatic.value, actual: newStatic.value)]
        }
        var oldValues: [Double: String] = [:]
        for line in old { if let frame = line.frame { oldValues[frame] = line.value } }
        var newValues: [Double: String] = [:]
        for line in new { if let frame = line.frame { newValues[frame] = line.value } }
        var list: [Difference] = []
        for frame in Set(oldValues.keys).union(newValues.keys).sorted() {
            switch (oldValues[frame] ?? oldStatic?.value, newValues[frame] ?? newStatic?.value) {
            case (let before?, let after?):
                if !matches(before, after) {
                    list.append(.changed(keypath: keypath, frame: frame, expected: before, actual: after))
                }
            case (let before?, nil):
                list.append(.frameRemoved(keypath: keypath, frame: frame, value: before))
            case (nil, let after?):
                list.append(.frameAdded(keypath: keypath, frame: frame, value: after))
            case (nil, nil):
                break
            }
        }
        return list
    }
}

extension SnapshotComparison.Difference {
    /// The keypath the difference is about (nil for header fields).
    public var keypath: String? {
        switch self {
        case .header: nil
        case .removed(let keypath, _), .added(let keypath, _), .changed(let keypath, _, _, _),
             .frameRemoved(let keypath, _, _), .frameAdded(let keypath, _, _):
            keypath
        }
    }
}
