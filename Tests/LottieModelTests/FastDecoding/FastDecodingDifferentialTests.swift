import Foundation
import XCTest
@testable import LottieModel

/// Thousands of mutated Lottie documents, each decoded by the `Codable` path and by the fast
/// path alone: whenever one succeeds the other must, with an equal model.
///
/// The mutations are the faults and oddities real files have: a value of another kind
/// (number, string, list, object, null, a number out of range, an unpaired surrogate), a
/// member removed, repeated or renamed, members reordered (`ty` last, `s` after `x`), a value
/// wrapped in a list or unwrapped.
final class FastDecodingDifferentialTests: XCTestCase {
    func testMutatedDocumentsDecodeAlikeOnBothPaths() throws {
        let seed = ProcessInfo.processInfo.environment["FAST_DECODING_SEED"].flatMap { UInt64($0) } ?? 0xD1FF
        var generator = SeededGenerator(seed: seed)
        let seeds = Self.seeds.map { Node.parse($0)! }
        var disagreements: [String] = []
        var decoded = 0
        var fallbacks = 0
        var errorMismatches = 0
        // FAST_DECODING_MUTANTS=100000 for a longer search.
        let count = ProcessInfo.processInfo.environment["FAST_DECODING_MUTANTS"].flatMap { Int($0) } ?? 3_000
        for round in 0..<count {
            var document = seeds[round % seeds.count]
            for _ in 0..<Int.random(in: 1...3, using: &generator) { document.mutate(&generator) }
            let json = document.text
            let data = Data(json.utf8)
            let codable = Result { () throws(LottieDecodingError) in try LottieDecoder(strategy: .codable).decode(data) }
            let fast = Result { () throws(LottieDecodingError) in try LottieDecoder().decodeFastOnly(data) }
            switch (codable, fast) {
            case (.success(let reference), .success(let model)):
                decoded += 1
                if model != reference {
                    disagreements.append("models differ at \(ModelDifference.first(model, reference) ?? "?"): \(json)")
                }
            case (.failure(let error), .success):
                disagreements.append("only the fast path decodes (\(error)): \(json)")
            case (.success, .failure(let error)):
                // Allowed only where `JSONDecoder` must say what it makes of the input.
                fallbacks += 1
                disagreements.append("only the Codable path decodes (\(error)): \(json)")
            case (.failure(let expected), .failure(let found)):
                // With several faults the paths may name different ones (the Codable path goes
                // in declaration order, the fast path in document order): `LottieDecoder`
                // reports the Codable path's, checked below.
                if expected != found { errorMismatches += 1 }
            }
            // Whatever the paths do alone, `LottieDecoder` answers like the Codable path.
            let answer = Result { () throws(LottieDecodingError) in try LottieDecoder().decode(data) }
            switch (codable, answer) {
            case (.success(let reference), .success(let model)) where model == reference: break
            case (.failure(let expected), .failure(let found)) where expected == found: break
            default: disagreements.append("LottieDecoder differs from the Codable path: \(json)")
            }
        }
        XCTAssertGreaterThan(decoded, count / 6, "too few mutants decode to compare models")
        XCTAssertEqual(disagreements.prefix(10), [], """
            \(disagreements.count) disagreements, \(fallbacks) fallbacks; \(decoded) mutants decoded, \
            \(errorMismatches) errors named differently by the fast path alone
            """)
    }

    // MARK: Seeds

    static let seeds: [String] = [
        """
        {"v": "5.7.4", "fr": 30, "ip": 0, "op": 60, "w": 100, "h": 100, "nm": "doc", "ddd": 0,
         "assets": [
           {"id": "comp", "nm": "Comp", "fr": 25, "layers": [{"ty": 3, "ind": 1, "ks": {}}]},
           {"id": "img", "w": 10, "h": 10, "u": "images/", "p": "a.png", "e": 0},
           {"id": "snd", "p": "a.mp3", "u": ""},
           {"id": "data", "t": 3, "x": [1, {"y": true}]},
           {"id": "other", "q": null},
           {"id": "slot", "sid": "s1", "t": "seq"}
         ],
         "layers": [
           {"ddd": 0, "ind": 1, "ty": 4, "nm": "shape", "sr": 1, "parent": 2, "ao": 0, "bm": 0, "tt": 1, "td": 0,
            "ks": {"o": {"a": 0, "k": 100, "ix": 11}, "r": {"a": 1, "k": [{"i": {"x": [0.833], "y": [0.833]},
              "o": {"x": [0.167], "y": [0.167]}, "t": 0, "s": [0]}, {"t": 30, "s": [90], "h": 1}], "ix": 10},
              "p": {"a": 1, "k": [{"i": {"x": 0.833, "y": 0.833}, "o": {"x": 0.167, "y": 0.167}, "t": 0, "s": [50, 50, 0],
              "to": [1, 0, 0], "ti": [-1, 0, 0]}, {"t": 20, "s": [60, 50, 0]}], "ix": 2},
              "a": {"a": 0, "k": [0, 0, 0]}, "s": {"a": 0, "k": [100, 100, 100]}, "sk": {"k": 0}, "sa": {"k": 0}},
            "shapes": [
              {"ty": "gr", "nm": "group", "np": 3, "it": [
                {"ty": "rc", "d": 1, "s": {"a": 0, "k": [20, 30]}, "p": {"a": 0, "k": [0, 0]}, "r": {"a": 0, "k": 2}},
                {"ty": "el", "s": {"k": [10, 10]}, "p": {"k": [1, 2]}},
                {"ty": "sr", "sy": 1, "pt": {"k": 5}, "or": {"k": 10}, "ir": {"k": 5}, "os": {"k": 0}, "is": {"k": 0}, "r": {"k": 0}},
                {"ty": "sh", "ks": {"a": 0, "k": {"i": [[0, 0], [1, 1]], "o": [[0, 0], [-1, -1]], "v": [[0, 0], [10, 10]], "c": true}}},
                {"ty": "sh", "ks": {"a": 1, "k": [{"t": 0, "s": [{"i": [[0, 0]], "o": [[0, 0]], "v": [[1, 2]], "c": false}]},
                  {"t": 10, "s": [{"i": [[0, 0]], "o": [[0, 0]], "v": [[3, 4]], "closed": true}]}]}},
                {"ty": "fl", "c": {"a": 0, "k": [1, 0, 0, 1]}, "o": {"a": 0, "k": 100}, "r": 1, "bm": 0},
                {"ty": "st", "c": {"k": [0, 0, 1]}, "o": {"k": 100}, "w": {"k": 2}, "lc": 2, "lj": 1, "ml": 4,
                 "d": [{"n": "d", "nm": "dash", "v": {"k": 3}}, {"n": "g", "v": {"k": 1}}]},
                {"ty": "gf", "t": 1, "s": {"k": [0, 0]}, "e": {"k": [10, 0]}, "g": {"p": 2, "k": {"k": [0, 1, 0, 0, 1, 0, 0, 1]}},
                 "o": {"k": 100}, "r": 2},
                {"ty": "gs", "t": 2, "s": {"k": [0, 0]}, "e": {"k": [10, 0]}, "h": {"k": 0}, "a": {"k": 0},
                 "g": {"p": 2, "k": {"k": [0, 1, 0, 0, 1, 0, 0, 1]}}, "w": {"k": 1}, "lc": 1, "lj": 1},
                {"ty": "tm", "s": {"k": 0}, "e": {"k": 100}, "o": {"k": 0}, "m": 1},
                {"ty": "rd", "r": {"k": 4}},
                {"ty": "rp", "c": {"k": 3}, "o": {"k": 0}, "m": 1, "tr": {"p": {"k": [10, 0]}, "so": {"k": 100}, "eo": {"k": 50}}},
                {"ty": "mm", "mm": 1},
                {"ty": "pb", "a": {"k": 10}},
                {"ty": "zz", "r": {"k": 3}, "s": {"k": 5}, "pt": {"k": 1}},
                {"ty": "op", "a": {"k": 2}, "lj": 1, "ml": {"k": 4}},
                {"ty": "xx", "nm": "unknown", "data": [1, "two", {"three": 3}]},
                {"ty": "tr", "p": {"k": [0, 0]}, "a": {"k": [0, 0]}, "s": {"k": [100, 100]}, "r": {"k": 0}, "o": {"k": 100}}
              ]}
            ],
            "masksProperties": [{"inv": false, "mode": "a", "pt": {"a": 0, "k": {"i": [[0, 0]], "o": [[0, 0]], "v": [[0, 0]], "c": true}},
              "o": {"k": 100}, "x": {"k": 0}, "nm": "Mask 1"}],
            "hasMask": true,
            "ef": [{"ty": 5, "nm": "Slider", "mn": "ADBE Slider Control", "ix": 1, "en": 1,
                    "ef": [{"ty": 0, "nm": "Slider", "v": {"a": 0, "k": 10}}]}],
            "ip": 0, "op": 60, "st": 0},
           {"ty": 3, "ind": 2, "nm": "null", "ks": {"p": {"s": true, "x": {"a": 0, "k": 10}, "y": {"a": 0, "k": 20}}}, "ip": 0, "op": 60},
           {"ty": 0, "ind": 3, "refId": "comp", "w": 100, "h": 100, "tm": {"a": 0, "k": 1}, "ks": {}, "ip": 0, "op": 60},
           {"ty": 1, "ind": 4, "sc": "#ff0000", "sw": 10, "sh": 10, "ks": {}, "ip": 0, "op": 60},
           {"ty": 2, "ind": 5, "refId": "img", "ks": {}, "ip": 0, "op": 60},
           {"ty": 5, "ind": 6, "ks": {}, "ip": 0, "op": 60, "t": {
             "d": {"k": [{"s": {"s": 12, "f": "Arial", "t": "Hello", "j": 0, "tr": 0, "lh": 14, "ls": 0,
                    "fc": [1, 1, 1], "sc": [0, 0, 0], "sw": 1, "of": true, "sz": [100, 20], "ps": [0, 0], "ca": 0}, "t": 0}]},
             "p": {}, "m": {"g": 1, "a": {"k": [0, 0]}},
             "a": [{"nm": "Animator", "s": {"t": 0, "r": 1, "b": 1}, "a": {"p": {"k": [0, 10]}, "o": {"k": 50}, "fc": {"k": [1, 0, 0]}}}]}},
           {"ty": 13, "ind": 7, "pe": {"k": 500}, "ks": {}, "ip": 0, "op": 60},
           {"ty": 6, "ind": 8, "refId": "snd", "ip": 0, "op": 60},
           {"ty": 15, "ind": 9, "refId": "data", "ip": 0, "op": 60},
           {"ty": 42, "ind": 10, "ip": 0, "op": 60}
         ],
         "markers": [{"cm": "intro", "tm": 0, "dr": 10}, {"cm": 5, "tm": 10}],
         "fonts": {"list": [{"fName": "Arial", "fFamily": "Arial", "fStyle": "Regular", "ascent": 70, "origin": 0}]},
         "chars": [{"ch": "A", "fFamily": "Arial", "style": "Regular", "size": 12, "w": 50,
                    "data": {"shapes": [{"ty": "sh", "ks": {"k": {"i": [], "o": [], "v": [], "c": true}}}]}}],
         "slots": {"s1": {"p": {"a": 0, "k": [1, 0, 0]}}}, "meta": {"g": "generator", "k": ["a", "b"]}, "mb": {"sa": 0}}
        """,
        """
        {"fr": 24, "ip": 0, "op": 10, "w": 10, "h": 10, "layers": [
          {"ty": 4, "ks": {"p": {"k": [{"t": 0, "s": [1, 2], "e": [3, 4]}, {"t": 5}], "x": "wiggle(1, 2)"},
           "o": {"k": [{"t": 0, "s": 0}, 239, {"t": 5, "s": 100}]}, "s": [100, 100], "r": 45},
           "shapes": [{"ty": "sh", "ks": {"k": [{"c": true, "v": [[0, 0]], "i": [[0, 0]], "o": [[0, 0]]}]}},
                      {"ty": "fl", "c": {"k": [255, 0, 0]}, "o": {"k": [100]}}]}
        ]}
        """,
    ]
}

// MARK: - Node

/// A JSON document kept as written (member order, duplicates, number and string text), to be
/// mutated and written back.
private indirect enum Node {
    case scalar(String)
    case array([Node])
    case object([(key: String, value: Node)])

    static func parse(_ text: String) -> Node? {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBufferPointer { buffer -> Node? in
            var reader = JSONScanner.Reader(bytes: buffer)
            var stack: [(node: Node, key: String?)] = []
            var pendingKey: String?
            var result: Node?
            func add(_ node: Node) {
                guard var top = stack.popLast() else { result = node; return }
                switch top.node {
                case .array(var elements):
                    elements.append(node)
                    top.node = .array(elements)
                case .object(var members):
                    members.append((pendingKey ?? "", node))
                    top.node = .object(members)
                case .scalar:
                    break
                }
                stack.append(top)
            }
            do {
                while let token = try reader.next() {
                    switch token {
                    case .beginObject:
                        stack.append((.object([]), pendingKey))
                    case .beginArray:
                        stack.append((.array([]), pendingKey))
                    case .endObject, .endArray:
                        let (node, key) = stack.removeLast()
                        pendingKey = key
                        add(node)
                    case .key(let key):
                        pendingKey = String(decoding: buffer[(key.start - 1)...key.end], as: UTF8.self)
                    case .string(let string):
                        add(.scalar(String(decoding: buffer[(string.start - 1)...string.end], as: UTF8.self)))
                    case .number(let range):
                        add(.scalar(String(decoding: buffer[range], as: UTF8.self)))
                    case .bool(let value):
                        add(.scalar(value ? "true" : "false"))
                    case .null:
                        add(.scalar("null"))
                    }
                }
            } catch {
                return nil
            }
            return result
        }
    }

    var text: String {
        switch self {
        case .scalar(let text): return text
        case .array(let elements): return "[" + elements.map(\.text).joined(separator: ",") + "]"
        case .object(let members): return "{" + members.map { "\($0.key):\($0.value.text)" }.joined(separator: ",") + "}"
        }
    }

    private static let values = [
        "0", "1", "3", "-1.5", "2.0", "1e400", "1e-400", "true", "false", "null", #""x""#, #""3""#, #""\uD800""#,
        "[]", "{}", "[1]", "[3]", "[1,2]", "[\"a\"]", #"{"k":1}"#, #"{"a":1,"k":[{"t":0,"s":[1]}]}"#,
        #"{"t":0}"#, #"[{"t":0,"s":[1]}]"#,
    ]
    private static let keys = [
        #""ty""#, #""k""#, #""s""#, #""t""#, #""x""#, #""y""#, #""p""#, #""layers""#, #""sid""#, #""c""#,
        #""closed""#, #""\u0074""#, #""ix""#, #""id""#, #""nm""#, #""zz""#, #""d""#, #""v""#,
    ]

    /// The number of nodes below and including this one.
    private var size: Int {
        switch self {
        case .scalar: return 1
        case .array(let elements): return 1 + elements.reduce(0) { $0 + $1.size }
        case .object(let members): return 1 + members.reduce(0) { $0 + $1.value.size }
        }
    }

    /// One random change somewhere in the tree.
    mutating func mutate(_ generator: inout SeededGenerator) {
        var target = Int.random(in: 0..<size, using: &generator)
        let choice = Int.random(in: 0..<7, using: &generator)
        visit(&target) { node in
            switch (choice, node) {
            case (1, .object(var members)) where !members.isEmpty:
                members.remove(at: Int.random(in: 0..<members.count, using: &generator))
                node = .object(members)
            case (2, .object(var members)) where !members.isEmpty:
                let index = Int.random(in: 0..<members.count, using: &generator)
                let copy = (members[index].key, Node.scalar(Node.values.randomElement(using: &generator)!))
                members.insert(copy, at: Bool.random(using: &generator) ? index : index + 1)
                node = .object(members)
            case (3, .object(var members)) where !members.isEmpty:
                members[Int.random(in: 0..<members.count, using: &generator)].key = Node.keys.randomElement(using: &generator)!
                node = .object(members)
            case (4, .object(var members)) where members.count > 1:
                members.swapAt(Int.random(in: 0..<members.count, using: &generator),
                               Int.random(in: 0..<members.count, using: &generator))
                if Bool.random(using: &generator) { members.reverse() }
                node = .object(members)
            case (5, _):
                node = .array([node])
            case (6, .array(let elements)) where elements.count == 1:
                node = elements[0]
            default:
                node = .scalar(Node.values.randomElement(using: &generator)!)
            }
        }
    }

    /// Calls `change` on the node numbered `target` (in preorder), counting down.
    private mutating func visit(_ target: inout Int, _ change: (inout Node) -> Void) {
        if target == 0 {
            target = -1
            change(&self)
            return
        }
        target -= 1
        switch self {
        case .scalar:
            return
        case .array(var elements):
            for index in elements.indices where target >= 0 { elements[index].visit(&target, change) }
            self = .array(elements)
        case .object(var members):
            for index in members.indices where target >= 0 { members[index].value.visit(&target, change) }
            self = .object(members)
        }
    }
}
