import Foundation
import TestSupport
import XCTest
@testable import LottieModel

/// Every decoding error names its place: real documents broken one spot at a time.
///
/// The documents are `Samples/`, the `Tests/Hostile/` files that decode and, when present, a
/// seeded sample of the corpus (`../shared/corpus`, files up to 64 KB). Each kind of mutation
/// makes `variantsPerKind` variants, each of one document broken at one random spot (seeded,
/// so a failure reproduces). A variant either decodes (the change was harmless) or fails with
/// an error that has a line and column and meets its kind's rule, where `m` is the offset of
/// the mutation:
///
/// - **number out of range**: a number becomes `1e999`, `-1e999`, `1e-999`, 400 digits, minus
///   400 digits or 400 zeros after the point and a 1. The error is at `m` exactly, names the
///   number's path and reads "expected a number, found 1e999, which is out of range".
/// - **value of another type**: a value other than the top level becomes `"x"`, `0`, `true`,
///   `null`, `[]` or `{}` (not of its own type). The error is at `m` and names the value's path
///   (or, for a field missing from `{}`, that path and the field). A value that steers how its
///   container is read may move the error to the container or to another of its members: a
///   type tag `ty` (`true` is layer type 1, a solid, which needs fields a shape layer lacks),
///   or the first element of a list (which says whether an animated property's `k` is a
///   keyframe list or a value, so that the next keyframe no longer fits). The error is then at
///   the start of that container or member and names it (or a field missing from it).
/// - **truncated**: the file ends at a random byte. The error is at the end of the input or at
///   the first byte of the unfinished token the input ends with (a number, a literal or a
///   UTF-8 sequence is reported where it starts): no whitespace, quote, bracket, brace, comma
///   or colon lies between the error and the end.
/// - **stray character**: one of `x # ' . - + 1 , : "`, a space or a newline is inserted
///   between or inside tokens, never inside a string (there it is text; an unterminated string
///   is the next kind). Brackets and braces are not inserted: they restructure the document,
///   which can stay valid for a long way, so no grammar can say where one was added. The
///   error is from the start of the token the character joins (a number or a word: `01`,
///   `trxue`) to the start of the next token after it; for a quote, which opens a string that
///   runs to the next quote, to the start of the next token after that quote.
/// - **unterminated string**: a string's or key's closing quote is removed, so the string runs
///   to the next quote. The error is from the removed quote to the start of the next token
///   after that quote (the end of the input when there is none).
///
/// For the first two kinds, where the model reads the value, the `Codable` path alone
/// (`LottieDecoder(strategy: .codable)`) must report the same error.
///
/// `DECODING_MUTATION_SEED=N` and `DECODING_MUTATION_VARIANTS=N` (per kind) search further.
///
/// Foundation's placeless "(root) (line 1, column 1): The given data was not valid JSON." fails
/// every rule: no rule's window holds offset 0 unless the mutation is at the very start.
final class DecodingErrorMutationTests: XCTestCase {
    static let environment = ProcessInfo.processInfo.environment
    static let variantsPerKind = environment["DECODING_MUTATION_VARIANTS"].flatMap { Int($0) } ?? 240
    static let seed = environment["DECODING_MUTATION_SEED"].flatMap { UInt64($0) } ?? 0x3939

    enum Kind: String, CaseIterable {
        case numberOutOfRange = "number out of range"
        case otherType = "value of another type"
        case truncated = "truncated"
        case strayCharacter = "stray character"
        case unterminatedString = "unterminated string"
    }

    struct Document {
        var name: String
        var bytes: [UInt8]
        var sites: MutationSites
    }

    /// One broken document and where its error must be.
    struct Variant {
        var bytes: [UInt8]
        /// The offset of the mutation.
        var offset: Int
        var expectation: Expectation
    }

    enum Expectation {
        /// At `offset` exactly, with this path and message.
        case exactly(path: JSONPath, message: String)
        /// At `offset` exactly, naming the value at `path` (or a field missing from it), or at
        /// one of the `steered` places (the container and the other members of a value that
        /// steers how they are read), naming it.
        case value(path: JSONPath, steered: [(start: Int, path: JSONPath)])
        /// Anywhere in `window`.
        case within(ClosedRange<Int>)
    }

    struct Tally {
        var decoded = 0
        var placed = 0
        var total = 0
    }

    func testEveryBrokenSpotIsNamedWithItsPlace() throws {
        let documents = try Self.documents()
        var generator = SeededGenerator(seed: Self.seed)
        var tallies: [Kind: Tally] = [:]
        var problems: [String] = []
        for kind in Kind.allCases {
            var tally = Tally()
            while tally.total < Self.variantsPerKind {
                guard let document = documents.randomElement(using: &generator),
                      let variant = Self.mutate(document, kind, using: &generator) else { continue }
                tally.total += 1
                let data = Data(variant.bytes)
                let place = "\(document.name), \(kind.rawValue) at byte \(variant.offset)"
                do {
                    _ = try LottieDecoder().decode(data)
                    tally.decoded += 1
                } catch {
                    if let problem = Self.problem(with: error, in: variant) {
                        problems.append("\(place): \(problem): \(error)")
                    } else {
                        tally.placed += 1
                    }
                    // Where the model reads the value, the `Codable` path alone names it alike.
                    if kind == .numberOutOfRange || kind == .otherType,
                       case .failure(let codable) = Result(catching: { () throws(LottieDecodingError) in
                           try LottieDecoder(strategy: .codable).decode(data)
                       }),
                       codable != error {
                        problems.append("\(place): the Codable path reports \(codable), not \(error)")
                    }
                }
            }
            tallies[kind] = tally
        }

        print("decoding errors of broken documents (\(documents.count) documents, seed \(Self.seed)):")
        print("kind                    decoded  failed with place  total")
        for kind in Kind.allCases {
            let tally = tallies[kind] ?? Tally()
            print(kind.rawValue.padding(toLength: 22, withPad: " ", startingAt: 0)
                  + String(tally.decoded).leftPadded(9) + String(tally.placed).leftPadded(19) + String(tally.total).leftPadded(7))
        }
        XCTAssertEqual(problems.prefix(10), [], "\(problems.count) variants whose error is not at the broken spot")
        for kind in Kind.allCases {
            let tally = tallies[kind] ?? Tally()
            XCTAssertGreaterThanOrEqual(tally.total, 200, kind.rawValue)
            // Most variants must fail, or the rules are hardly tested.
            XCTAssertGreaterThan(tally.placed, tally.total / 2, kind.rawValue)
        }
    }

    // MARK: The rules

    /// What is wrong with `error` as the error of `variant`, or nil when it is where it must be.
    static func problem(with error: LottieDecodingError, in variant: Variant) -> String? {
        guard let location = error.location else { return "no line and column" }
        let reported = location.offset
        switch variant.expectation {
        case .exactly(let path, let message):
            if reported != variant.offset { return "reported at byte \(reported)" }
            if error.path != path { return "the path is not \(path)" }
            if error.message != message { return "the message is not '\(message)'" }
        case .value(let path, let steered):
            let missingFrom = error.kind == .missingField ? JSONPath(error.path.components.dropLast()) : nil
            func names(_ place: JSONPath) -> Bool { error.path == place || missingFrom == place }
            if steered.contains(where: { $0.start == reported && names($0.path) }) { return nil }
            if reported != variant.offset { return "reported at byte \(reported)" }
            if !names(path) { return "the path is not \(path)" }
        case .within(let window):
            if !window.contains(reported) { return "reported at byte \(reported), outside \(window)" }
        }
        return nil
    }

    // MARK: Mutations

    static func mutate(_ document: Document, _ kind: Kind, using generator: inout SeededGenerator) -> Variant? {
        let bytes = document.bytes
        switch kind {
        case .numberOutOfRange:
            guard let number = document.sites.numbers.randomElement(using: &generator) else { return nil }
            let text = outOfRangeNumbers.randomElement(using: &generator) ?? "1e999"
            let shown = text.count > 40 ? String(text.prefix(40)) + "…" : text
            return Variant(
                bytes: replacing(number.range, in: bytes, with: text), offset: number.range.lowerBound,
                expectation: .exactly(path: number.path, message: "expected a number, found \(shown), which is out of range"))

        case .otherType:
            guard let value = document.sites.values.randomElement(using: &generator) else { return nil }
            let others = otherTypes.filter { $0.kind != value.kind }
            guard let other = others.randomElement(using: &generator) else { return nil }
            var steered: [(start: Int, path: JSONPath)] = []
            if value.path.components.last == .key("ty") || value.path.components.last == .index(0) {
                // The container, and its other members where they are after the replacement.
                let shift = other.text.utf8.count - value.range.count
                steered = [(value.parentStart, JSONPath(value.path.components.dropLast()))]
                for sibling in document.sites.values where sibling.parentStart == value.parentStart && sibling.range != value.range {
                    steered.append((sibling.range.lowerBound + (sibling.range.lowerBound > value.range.lowerBound ? shift : 0),
                                    sibling.path))
                }
            }
            return Variant(bytes: replacing(value.range, in: bytes, with: other.text), offset: value.range.lowerBound,
                           expectation: .value(path: value.path, steered: steered))

        case .truncated:
            let end = Int.random(in: 0..<bytes.count, using: &generator)
            let cut = Array(bytes[..<end])
            // The unfinished token the input ends with, if any, starts at `tokenStart`.
            var tokenStart = end
            while tokenStart > 0, !isTokenBoundary(cut[tokenStart - 1]) { tokenStart -= 1 }
            return Variant(bytes: cut, offset: end, expectation: .within(tokenStart...end))

        case .strayCharacter:
            let character = strayCharacters.randomElement(using: &generator) ?? UInt8(ascii: "x")
            var offset = Int.random(in: 0...bytes.count, using: &generator)
            while document.sites.isInsideString(offset) { offset = Int.random(in: 0...bytes.count, using: &generator) }
            var mutated = bytes
            mutated.insert(character, at: offset)
            // The token the character joins starts at `joined`: it continues a number or word.
            var joined = offset
            while joined > 0, !isTokenBoundary(mutated[joined - 1]) { joined -= 1 }
            var last = nextToken(in: mutated, from: offset + 1)
            if character == .quote {
                last = nextQuote(in: mutated, from: offset + 1).map { nextToken(in: mutated, from: $0 + 1) } ?? mutated.count
            }
            return Variant(bytes: mutated, offset: offset, expectation: .within(joined...last))

        case .unterminatedString:
            guard let quote = document.sites.closingQuotes.randomElement(using: &generator) else { return nil }
            var mutated = bytes
            mutated.remove(at: quote)
            let last = nextQuote(in: mutated, from: quote).map { nextToken(in: mutated, from: $0 + 1) } ?? mutated.count
            return Variant(bytes: mutated, offset: quote, expectation: .within(quote...last))
        }
    }

    static let outOfRangeNumbers = [
        "1e999", "-1e999", "1e-999", String(repeating: "9", count: 400), "-" + String(repeating: "7", count: 400),
        "0." + String(repeating: "0", count: 400) + "1",
    ]

    static let otherTypes: [(text: String, kind: JSONValueKind)] = [
        (#""x""#, .string), ("0", .number), ("true", .boolean), ("null", .null), ("[]", .array), ("{}", .object),
    ]

    static let strayCharacters = Array("x#'.-+1,:\" \n".utf8)

    static func replacing(_ range: Range<Int>, in bytes: [UInt8], with text: String) -> [UInt8] {
        var result = bytes
        result.replaceSubrange(range, with: Array(text.utf8))
        return result
    }

    /// Whitespace, a quote and the structural characters end a number, literal or UTF-8 sequence.
    static func isTokenBoundary(_ byte: UInt8) -> Bool {
        Array(" \t\r\n\"{}[],:".utf8).contains(byte)
    }

    /// The offset of the first byte at or after `offset` that is not whitespace (or the end).
    static func nextToken(in bytes: [UInt8], from offset: Int) -> Int {
        var index = offset
        while index < bytes.count, Array(" \t\r\n".utf8).contains(bytes[index]) { index += 1 }
        return index
    }

    /// The offset of the first quote at or after `offset`.
    static func nextQuote(in bytes: [UInt8], from offset: Int) -> Int? {
        bytes[offset...].firstIndex(of: .quote)
    }

    // MARK: Documents

    /// `Samples/`, the decodable `Tests/Hostile/` files and a seeded sample of the corpus.
    static func documents() throws -> [Document] {
        var found: [Document] = []
        func add(_ name: String, _ data: Data) {
            let bytes = [UInt8](data)
            guard (try? LottieDecoder().decode(data)) != nil, let sites = MutationSites(bytes) else { return }
            found.append(Document(name: name, bytes: bytes, sites: sites))
        }
        let manager = FileManager.default
        for folder in ["Samples", "Tests/Hostile"] {
            let url = Corpus.repositoryRoot.appendingPathComponent(folder)
            for name in try manager.contentsOfDirectory(atPath: url.path).sorted() where name.hasSuffix(".json") {
                add("\(folder)/\(name)", try Data(contentsOf: url.appendingPathComponent(name)))
            }
        }
        guard let root = Corpus.root else {
            print(Corpus.missingMessage)
            return found
        }
        var generator = SeededGenerator(seed: 0xC0A9)
        let small = Corpus.lottieJSONFiles().filter { relative in
            let size = (try? manager.attributesOfItem(atPath: root.appendingPathComponent(relative).path)[.size] as? Int) ?? nil
            return (size ?? .max) <= 64 << 10
        }
        for relative in small.shuffled(using: &generator).prefix(60) {
            add("corpus/\(relative)", try Corpus.data(relative))
        }
        return found
    }
}

private extension String {
    func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
