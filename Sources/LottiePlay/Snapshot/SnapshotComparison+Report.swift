// MARK: - SnapshotComparison: report

extension SnapshotComparison {
    /// The comparison for people: header changes, then each changed keypath with a table of
    /// its frames (snapshot value, current value), keypaths added and removed, and a summary.
    ///
    ///     home-easing.json does not match home.snap (tolerance 0.001)
    ///
    ///     changed  House Root.Transform.Position: 10 of 61 frames
    ///       frame  snapshot      now
    ///       @1     [50, 50.054]  [50, 50.079]
    ///       ...
    ///       ... and 2 more
    ///
    ///     added    Outline Trace.Top   (8 keypaths)
    ///     removed  Outline Trace.Roof  (8 keypaths)
    ///
    ///     10 values changed in 1 keypath; 8 keypaths added; 8 keypaths removed
    ///
    /// - Parameters:
    ///   - animation: how to name the animation (its path as the user gave it).
    ///   - snapshot: how to name the snapshot file.
    ///   - maxFramesPerKeypath: rows shown per changed keypath before "... and N more".
    public func report(animation: String, snapshot: String, maxFramesPerKeypath: Int = 8) -> String {
        let tolerance = "tolerance \(SnapshotNumber(precision: 6)(self.tolerance))"
        let note = contentChanged ? " (the model changed, but no evaluated value did)" : ""
        return report(
            title: "\(animation) does not match \(snapshot) (\(tolerance))", expectedLabel: "snapshot", actualLabel: "now",
            sameText: "\(animation) matches \(snapshot) (\(tolerance))\(note)", maxFramesPerKeypath: maxFramesPerKeypath)
    }

    /// The report with other words: `title` above the differences, `expectedLabel` and
    /// `actualLabel` over the value columns, `sameText` alone when nothing differs.
    public func report(
        title: String, expectedLabel: String, actualLabel: String, sameText: String, maxFramesPerKeypath: Int = 8
    ) -> String {
        guard !isMatch else { return sameText + "\n" }
        var sections: [String] = []
        var headerRows: [[String]] = []
        var changedFrames: [String: [Difference]] = [:]
        var changedOrder: [String] = []
        var added: [(String, [SnapshotLine])] = []
        var removed: [(String, [SnapshotLine])] = []
        for difference in differences {
            switch difference {
            case .header(let field, let expected, let actual):
                headerRows.append(["  \(field):", "\(expected) -> \(actual)"])
            case .added(let keypath, let lines):
                added.append((keypath, lines))
            case .removed(let keypath, let lines):
                removed.append((keypath, lines))
            case .changed(let keypath, _, _, _), .frameAdded(let keypath, _, _), .frameRemoved(let keypath, _, _):
                if changedFrames[keypath] == nil { changedOrder.append(keypath) }
                changedFrames[keypath, default: []].append(difference)
            }
        }
        if !headerRows.isEmpty { sections.append("header\n" + String(Self.aligned(headerRows).dropLast())) }
        for keypath in changedOrder {
            sections.append(changedSection(
                keypath, changedFrames[keypath]!, labels: (expectedLabel, actualLabel), max: maxFramesPerKeypath))
        }
        if !added.isEmpty || !removed.isEmpty {
            let rows = Self.grouped(added, others: expectedKeypaths).map { ["added"] + $0 }
                + Self.grouped(removed, others: actualKeypaths).map { ["removed"] + $0 }
            sections.append(String(Self.aligned(rows).dropLast()))
        }
        let valueCount = changedFrames.values.reduce(0) { $0 + $1.count }
        var summary: [String] = []
        if valueCount > 0 {
            summary.append("\(Self.plural(valueCount, "value")) changed in \(Self.plural(changedOrder.count, "keypath"))")
        }
        if !added.isEmpty { summary.append("\(Self.plural(added.count, "keypath")) added") }
        if !removed.isEmpty { summary.append("\(Self.plural(removed.count, "keypath")) removed") }
        if !headerRows.isEmpty { summary.append("\(Self.plural(headerRows.count, "header change"))") }
        return ([title] + sections + [summary.joined(separator: "; ")]).joined(separator: "\n\n") + "\n"
    }

    private func changedSection(
        _ keypath: String, _ differences: [Difference], labels: (String, String), max: Int
    ) -> String {
        let number = SnapshotNumber(precision: 6)
        var rows = [["  frame", labels.0, labels.1]]
        for difference in differences.prefix(max) {
            switch difference {
            case .changed(_, let frame, let expected, let actual):
                rows.append(["  " + (frame.map { "@" + number($0) } ?? "@static"), expected, actual])
            case .frameRemoved(_, let frame, let value):
                rows.append(["  @" + number(frame), value, "(no keyframe)"])
            case .frameAdded(_, let frame, let value):
                rows.append(["  @" + number(frame), "(no keyframe)", value])
            default:
                break
            }
        }
        var text = "changed  \(keypath): "
        if differences.count == 1, case .changed(_, nil, _, _) = differences[0] {
            text += "static value"
        } else {
            text += sampledFrameCount.map { "\(differences.count) of \(Self.plural($0, "frame"))" } ?? Self.plural(differences.count, "frame")
        }
        text += "\n" + Self.aligned(rows)
        if differences.count > max { text += "  ... and \(differences.count - max) more\n" }
        return String(text.dropLast())
    }

    /// How many frames the current snapshot evaluates animated keypaths at (nil with keyframe sampling).
    private var sampledFrameCount: Int? {
        actualHeader.frames?.count
    }

    /// Keypaths added (or removed) listed one per row, except that all the keypaths below a
    /// name that is new (or gone) as a whole are one row: `Door (19 keypaths)`. A name is new
    /// as a whole when `others` (the keypaths of the other side) has nothing below it.
    private static func grouped(_ keypaths: [(String, [SnapshotLine])], others: Set<String>) -> [[String]] {
        let othersByPrefix = Set(others.flatMap { prefixes(of: $0) })
        var groups: [String: [(String, [SnapshotLine])]] = [:]
        var rows: [[String]] = []
        for entry in keypaths {
            if let group = prefixes(of: entry.0).first(where: { !othersByPrefix.contains($0) }) {
                groups[group, default: []].append(entry)
            } else {
                rows.append([entry.0, describe(entry.1)])
            }
        }
        for (group, members) in groups {
            rows.append(members.count == 1 ? [members[0].0, describe(members[0].1)] : [group, "(\(members.count) keypaths)"])
        }
        return rows.sorted { $0[0].utf8.lexicographicallyPrecedes($1[0].utf8) }
    }

    /// `A.B.C` -> `A`, `A.B` (the names a keypath is below).
    private static func prefixes(of keypath: String) -> [String] {
        var result: [String] = []
        var index = keypath.startIndex
        while let dot = keypath[index...].firstIndex(of: ".") {
            result.append(String(keypath[..<dot]))
            index = keypath.index(after: dot)
        }
        return result
    }

    private var expectedKeypaths: Set<String> { keypathSet(expected: true) }
    private var actualKeypaths: Set<String> { keypathSet(expected: false) }

    /// The keypaths of one side, from the differences and the ones both sides share.
    private func keypathSet(expected: Bool) -> Set<String> {
        var set = sharedKeypaths
        for difference in differences {
            switch difference {
            case .removed(let keypath, _) where expected: set.insert(keypath)
            case .added(let keypath, _) where !expected: set.insert(keypath)
            default: break
            }
        }
        return set
    }

    /// `@static 4` or `61 lines: @0 0 ... @60 100`.
    private static func describe(_ lines: [SnapshotLine]) -> String {
        guard let first = lines.first else { return "" }
        guard lines.count > 1, let last = lines.last else { return "\(first.frameText) \(first.value)" }
        return "\(lines.count) lines: \(first.frameText) \(first.value) ... \(last.frameText) \(last.value)"
    }

    static func plural(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }

    /// Rows in columns two spaces apart, no trailing spaces, each ending in a newline.
    static func aligned(_ rows: [[String]]) -> String {
        var widths: [Int] = []
        for row in rows {
            for (column, cell) in row.enumerated() {
                if column == widths.count { widths.append(0) }
                widths[column] = Swift.max(widths[column], cell.count)
            }
        }
        return rows.map { row in
            var line = ""
            for (column, cell) in row.enumerated() {
                line += column == row.count - 1 ? cell : cell + String(repeating: " ", count: widths[column] - cell.count + 2)
            }
            while line.hasSuffix(" ") { line.removeLast() }
            return line + "\n"
        }.joined()
    }
}
