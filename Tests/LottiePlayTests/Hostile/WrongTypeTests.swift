import XCTest
import LottieModel
import LottiePlay
import TestSupport

/// Wrong types at every level, generated: every value of a sample is replaced in turn by a
/// value of another JSON type (an object by an array, an array by a string, a string by a
/// number, a number by a string, a boolean by a string, null by an object). Each variant either
/// decodes, and then runs through the whole pipeline, or fails with an error placed on the
/// replaced value or on a value that holds it (never somewhere unrelated).
final class WrongTypeTests: XCTestCase {
    /// The replacement of another type for a value.
    private static func wrongType(for value: JSONValue) -> JSONValue {
        switch value {
        case .object: .array([])
        case .array: .string("x")
        case .string: .number(7)
        case .number: .string("7")
        case .bool: .string("true")
        case .null: .object([:])
        }
    }

    /// Every path in `value`, parents before children.
    private static func paths(in value: JSONValue, at path: JSONPath = JSONPath()) -> [JSONPath] {
        var found = [path]
        switch value {
        case .object(let members):
            for key in members.keys.sorted() { found += paths(in: members[key]!, at: path.appending(.key(key))) }
        case .array(let elements):
            for (index, element) in elements.enumerated() { found += paths(in: element, at: path.appending(.index(index))) }
        default:
            break
        }
        return found
    }

    private static func replacing(_ path: ArraySlice<JSONPathComponent>, in value: JSONValue) -> JSONValue {
        guard let first = path.first else { return wrongType(for: value) }
        switch (first, value) {
        case (.key(let key), .object(var members)):
            members[key] = replacing(path.dropFirst(), in: members[key] ?? .null)
            return .object(members)
        case (.index(let index), .array(var elements)):
            elements[index] = replacing(path.dropFirst(), in: elements[index])
            return .array(elements)
        default:
            return value
        }
    }

    /// True when one path is the other or holds it.
    private static func related(_ lhs: JSONPath, _ rhs: JSONPath) -> Bool {
        let count = min(lhs.components.count, rhs.components.count)
        return Array(lhs.components.prefix(count)) == Array(rhs.components.prefix(count))
    }

    func testEveryValueOfTheUserSampleWithAWrongType() throws {
        let data = try Data(contentsOf: Corpus.samples.appendingPathComponent("user.json"))
        let document = try JSONDecoder().decode(JSONValue.self, from: data)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let renderer = SceneRenderer(width: 16, height: 16)
        var counts = (decoded: 0, failed: 0)
        let paths = Self.paths(in: document)
        XCTAssertGreaterThan(paths.count, 300)
        for path in paths {
            let variant = try encoder.encode(Self.replacing(path.components[...], in: document))
            do {
                let animation = try LottieDecoder().decode(variant)
                counts.decoded += 1
                let timeline = Timeline(animation)
                for progress in [0, 0.5, 1.0] { _ = renderer.render(timeline.scene(atProgress: progress)) }
            } catch {
                counts.failed += 1
                XCTAssertTrue(Self.related(error.path, path), "\(path): the error is elsewhere: \(error)")
            }
        }
        print("wrong types in user.json: \(paths.count) variants, \(counts.decoded) decode, \(counts.failed) fail")
    }
}
