import Foundation
@testable import LottieModel

// MARK: - MutationSites

/// The places of a valid JSON document where one spot can be broken: every value but the
/// top-level one (with its byte range, JSON type and path), the closing quote of every string
/// and key, and the insertion offsets that land inside a string.
///
/// The paths are built here from the tokens, not asked of the decoder, so that a test can check
/// the path an error names against them.
struct MutationSites {
    struct Value {
        var range: Range<Int>
        var kind: JSONValueKind
        var path: JSONPath
        /// Where the array or object holding the value starts.
        var parentStart: Int
    }

    private(set) var values: [Value] = []
    private(set) var numbers: [Value] = []
    /// The offset of the closing quote of every string and key.
    private(set) var closingQuotes: [Int] = []
    /// For each string and key, the offsets where an inserted byte lands inside it: after the
    /// opening quote, up to and including the closing quote's offset.
    private(set) var insideStrings: [ClosedRange<Int>] = []

    /// The sites of `bytes`, or nil when they are not valid JSON.
    init?(_ bytes: [UInt8]) {
        var sites = MutationSites()
        let isValid = bytes.withUnsafeBufferPointer { buffer in
            var reader = JSONScanner.Reader(bytes: buffer, maxDepth: .max)
            var open: [(start: Int, kind: JSONValueKind, path: JSONPath, parentStart: Int, count: Int)] = []
            var key = ""
            // The path of a value that begins now, counted as its parent's next element, and
            // where its parent starts.
            func newValue() -> (path: JSONPath, parentStart: Int)? {
                guard let parent = open.last else { return nil }  // the top-level value
                open[open.count - 1].count += 1
                return (parent.path.appending(parent.kind == .object ? .key(key) : .index(parent.count)), parent.start)
            }
            func addString(_ token: JSONScanner.StringToken) {
                sites.closingQuotes.append(token.end)
                sites.insideStrings.append(token.start...token.end)
            }
            do {
                while let token = try reader.next() {
                    let start = reader.tokenStart
                    switch token {
                    case .key(let string):
                        addString(string)
                        key = reader.decodeString(string)
                    case .beginObject, .beginArray:
                        let place = newValue()
                        open.append((start, token == .beginObject ? .object : .array, place?.path ?? JSONPath(),
                                     place?.parentStart ?? -1, 0))
                    case .endObject, .endArray:
                        let container = open.removeLast()
                        if !open.isEmpty {
                            sites.values.append(Value(range: container.start..<(start + 1), kind: container.kind,
                                                      path: container.path, parentStart: container.parentStart))
                        }
                    case .string(let string):
                        addString(string)
                        if let (path, parentStart) = newValue() {
                            sites.values.append(Value(range: start..<(string.end + 1), kind: .string, path: path,
                                                      parentStart: parentStart))
                        }
                    case .number(let range):
                        if let (path, parentStart) = newValue() {
                            let value = Value(range: range, kind: .number, path: path, parentStart: parentStart)
                            sites.values.append(value)
                            sites.numbers.append(value)
                        }
                    case .bool, .null:
                        if let (path, parentStart) = newValue() {
                            sites.values.append(Value(range: start..<reader.offset, kind: token == .null ? .null : .boolean,
                                                      path: path, parentStart: parentStart))
                        }
                    }
                }
                return true
            } catch {
                return false
            }
        }
        guard isValid else { return nil }
        self = sites
    }

    private init() {}

    /// Whether a byte inserted at `offset` lands inside a string.
    func isInsideString(_ offset: Int) -> Bool {
        // `insideStrings` is in document order and the ranges do not overlap.
        var low = 0
        var high = insideStrings.count
        while low < high {
            let middle = (low + high) / 2
            if insideStrings[middle].upperBound < offset { low = middle + 1 } else { high = middle }
        }
        return low < insideStrings.count && insideStrings[low].contains(offset)
    }
}
