import LottieModel

// MARK: - ModelDiffer: layers and shape items

extension ModelDiffer {
    /// The layers of one composition. `prefix` starts the printed keypaths of a precomposition
    /// (`comp_1/`); paths are JSON paths of the lists (`layers`, `assets[2].layers`).
    mutating func compareLayers(
        _ old: [Layer], _ new: [Layer], keypath: Keypath, oldPath: String, newPath: String, prefix: String
    ) {
        let oldNames = Keypath.unique(old.map(\.keypathName))
        let newNames = Keypath.unique(new.map(\.keypathName))
        let match = SiblingMatch(
            old: zip(oldNames, old.map { String($0.type.rawValue) }).map { ($0, $1) },
            new: zip(newNames, new.map { String($0.type.rawValue) }).map { ($0, $1) })
        func printed(_ name: String) -> String { prefix + keypath.appending([name]).description }
        for index in match.removed {
            add(.removed, keypath: printed(oldNames[index]), path: "\(oldPath)[\(index)]", "\(old[index].type) layer")
        }
        for pair in match.pairs {
            let (before, after) = (old[pair.old], new[pair.new])
            let path = "\(newPath)[\(pair.new)]"
            if pair.isRename {
                add(.renamed, keypath: printed(oldNames[pair.old]), path: path,
                    "\(after.type) layer renamed to '\(newNames[pair.new])'")
            }
            if match.reordered.contains(pair.new) {
                add(.reordered, keypath: printed(newNames[pair.new]), path: path,
                    "layer moved from \(oldPath)[\(pair.old)] to \(path)")
            }
            compareLayer(before, after, keypath: keypath.appending([newNames[pair.new]]), prefix: prefix, path: path)
        }
        for index in match.added {
            add(.added, keypath: printed(newNames[index]), path: "\(newPath)[\(index)]", "\(new[index].type) layer")
        }
    }

    private mutating func compareLayer(_ old: Layer, _ new: Layer, keypath: Keypath, prefix: String, path: String) {
        let printed = prefix + keypath.description
        if old.type != new.type {
            add(.changed, keypath: printed, path: path + ".ty",
                "layer type \(old.type) -> \(new.type)")
        }
        compareFields(old, new, skipping: ["nm", "ty", "ks", "shapes", "masksProperties", "ip", "op", "t", "tm", "pe"],
                      keypath: printed, path: path)
        compareProperties(PropertyWalk.properties(of: old), PropertyWalk.properties(of: new),
                          keypath: keypath, prefix: prefix, path: path)
        if case .shape(let before) = old.content, case .shape(let after) = new.content {
            compareItems(before, after, keypath: keypath, prefix: prefix, oldPath: path + ".shapes", newPath: path + ".shapes")
        }
    }

    /// The items of a shape list or group.
    private mutating func compareItems(
        _ old: [ShapeItem], _ new: [ShapeItem], keypath: Keypath, prefix: String, oldPath: String, newPath: String
    ) {
        let oldNames = Keypath.unique(old.map(\.keypathName))
        let newNames = Keypath.unique(new.map(\.keypathName))
        let match = SiblingMatch(
            old: zip(oldNames, old.map(\.typeCode)).map { ($0, $1) },
            new: zip(newNames, new.map(\.typeCode)).map { ($0, $1) })
        func printed(_ name: String) -> String { prefix + keypath.appending([name]).description }
        for index in match.removed {
            add(.removed, keypath: printed(oldNames[index]), path: "\(oldPath)[\(index)]", old[index].kind.singular)
        }
        for pair in match.pairs {
            let (before, after) = (old[pair.old], new[pair.new])
            let path = "\(newPath)[\(pair.new)]"
            if pair.isRename {
                add(.renamed, keypath: printed(oldNames[pair.old]), path: path,
                    "\(after.kind.singular) renamed to '\(newNames[pair.new])'")
            }
            if match.reordered.contains(pair.new) {
                add(.reordered, keypath: printed(newNames[pair.new]), path: path,
                    "\(after.kind.singular) moved from \(oldPath)[\(pair.old)] to \(path)")
            }
            compareItem(before, after, keypath: keypath.appending([newNames[pair.new]]), prefix: prefix, path: path)
        }
        for index in match.added {
            add(.added, keypath: printed(newNames[index]), path: "\(newPath)[\(index)]", new[index].kind.singular)
        }
    }

    private mutating func compareItem(_ old: ShapeItem, _ new: ShapeItem, keypath: Keypath, prefix: String, path: String) {
        let printed = prefix + keypath.description
        guard old.typeCode == new.typeCode else {
            add(.changed, keypath: printed, path: path + ".ty", "\(old.kind.singular) -> \(new.kind.singular)")
            return
        }
        let before = PropertyWalk.properties(of: old)
        let after = PropertyWalk.properties(of: new)
        var covered: Set<String> = ["nm", "ty", "it"]
        for property in before + after {
            if case .key(let key)? = property.jsonPath.first { covered.insert(key) }
        }
        if case .transform = new { covered.formUnion(["a", "p", "s", "r", "o", "sk", "sa", "rx", "ry", "rz", "or"]) }
        compareFields(old, new, skipping: covered, keypath: printed, path: path)
        compareProperties(before, after, keypath: keypath, prefix: prefix, path: path)
        let (oldChildren, newChildren) = (PropertyWalk.children(of: old), PropertyWalk.children(of: new))
        if !oldChildren.isEmpty || !newChildren.isEmpty {
            compareItems(oldChildren, newChildren, keypath: keypath, prefix: prefix, oldPath: path + ".it", newPath: path + ".it")
        }
    }
}

// MARK: - SiblingMatch

/// Pairs the old and new siblings of one list: by name, then by position and type.
struct SiblingMatch {
    struct Pair {
        var old: Int
        var new: Int
        var isRename: Bool
    }

    private(set) var pairs: [Pair] = []
    private(set) var removed: [Int] = []
    private(set) var added: [Int] = []
    /// New indices of name-matched siblings whose relative order changed.
    private(set) var reordered: Set<Int> = []

    /// `old` and `new` are (unique name, type) per sibling, in list order.
    init(old: [(name: String, type: String)], new: [(name: String, type: String)]) {
        var oldByName: [String: Int] = [:]
        for (index, sibling) in old.enumerated() { oldByName[sibling.name] = index }
        var matchedOld: Set<Int> = []
        var unmatchedNew: [Int] = []
        for (index, sibling) in new.enumerated() {
            if let oldIndex = oldByName[sibling.name] {
                pairs.append(Pair(old: oldIndex, new: index, isRename: false))
                matchedOld.insert(oldIndex)
            } else {
                unmatchedNew.append(index)
            }
        }
        reordered = Self.outOfOrder(pairs)
        var unmatchedOld = old.indices.filter { !matchedOld.contains($0) }
        // Renames: the same position and type, then the only unmatched pair of a type.
        for newIndex in unmatchedNew {
            if let position = unmatchedOld.firstIndex(where: { $0 == newIndex && old[$0].type == new[newIndex].type }) {
                pairs.append(Pair(old: unmatchedOld.remove(at: position), new: newIndex, isRename: true))
            }
        }
        unmatchedNew.removeAll { index in pairs.contains { $0.new == index } }
        for type in Set(unmatchedNew.map { new[$0].type }) {
            let olds = unmatchedOld.filter { old[$0].type == type }
            let news = unmatchedNew.filter { new[$0].type == type }
            guard olds.count == 1, news.count == 1 else { continue }
            pairs.append(Pair(old: olds[0], new: news[0], isRename: true))
            unmatchedOld.removeAll { $0 == olds[0] }
            unmatchedNew.removeAll { $0 == news[0] }
        }
        pairs.sort { $0.new < $1.new }
        removed = unmatchedOld
        added = unmatchedNew
    }

    /// The pairs (in new order) that are not in the longest run whose old order increases; of
    /// runs of equal length, the one that keeps most siblings at their index (so that in a swap
    /// the two that moved are reported, not a bystander).
    private static func outOfOrder(_ pairs: [Pair]) -> Set<Int> {
        guard pairs.count > 1 else { return [] }
        // Weighted longest increasing subsequence of old indices, O(n^2): sibling lists are short.
        let weights = pairs.map { $0.old == $0.new ? 1_000_001 : 1_000_000 }
        var score = weights
        var previous = Array(repeating: -1, count: pairs.count)
        for index in pairs.indices {
            for earlier in 0..<index where pairs[earlier].old < pairs[index].old && score[earlier] + weights[index] > score[index] {
                score[index] = score[earlier] + weights[index]
                previous[index] = earlier
            }
        }
        var keep: Set<Int> = []
        var current = score.indices.max { score[$0] < score[$1] } ?? -1
        while current >= 0 {
            keep.insert(current)
            current = previous[current]
        }
        return Set(pairs.indices.filter { !keep.contains($0) }.map { pairs[$0].new })
    }
}
