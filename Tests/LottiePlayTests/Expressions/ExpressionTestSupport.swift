import LottieModel
import XCTest
@testable import LottiePlay

/// A property-like host object for the tests: `name`, a `double` method, callable (it counts its
/// arguments) and standing for the value [10, 20].
final class TestHostProperty: ExpressionHostObject {
    var typeName: String { "property 'Position'" }

    func member(_ name: String, in interpreter: ExpressionInterpreter) throws(ExpressionFault) -> ExpressionValue? {
        switch name {
        case "name": return .string("Position")
        case "double":
            return .function(ExpressionFunction("double") { (call) throws(ExpressionFault) in
                .number(try call.interpreter.number(call.argument(0)) * 2)
            })
        default: return nil
        }
    }

    func call(_ call: ExpressionCall) throws(ExpressionFault) -> ExpressionValue? {
        .number(Double(call.arguments.count))
    }

    func primitive(in interpreter: ExpressionInterpreter) throws(ExpressionFault) -> ExpressionValue? {
        try interpreter.makeArray([10.0, 20.0])
    }
}

/// Runs expressions for the tests with a few host names: `time` (2), `value` ([100, 50]) and
/// `thisProperty` (a `TestHostProperty`).
enum ExpressionTestRunner {
    static let defaultBudget = ExpressionBudget(maxSteps: 200_000, maxMemory: 1_000_000, maxDepth: 200)

    static func run(_ source: String, budget: ExpressionBudget = defaultBudget,
                    interpreter: ExpressionInterpreter? = nil) throws -> ExpressionValue {
        let program = try ExpressionParser.parse(source)
        let interpreter = interpreter ?? ExpressionInterpreter(budget: budget)
        let host = TestHostProperty()
        return try interpreter.run(program) { name in
            switch name {
            case "time": return .number(2)
            case "value": return .array(ExpressionArray([.number(100), .number(50)]))
            case "thisProperty": return .host(host)
            default: return nil
            }
        }
    }

    /// The fault a program ends with, or nil when it ends normally.
    static func fault(_ source: String, budget: ExpressionBudget = defaultBudget) throws -> ExpressionFault? {
        let program = try ExpressionParser.parse(source)
        do throws(ExpressionFault) {
            _ = try ExpressionInterpreter(budget: budget).run(program) { _ in nil }
            return nil
        } catch {
            return error
        }
    }
}

extension ExpressionValue {
    /// The number, or nil.
    var testNumber: Double? {
        if case .number(let number) = self { return number }
        return nil
    }

    /// The elements as numbers, or nil.
    var testNumbers: [Double]? {
        guard case .array(let array) = self else { return nil }
        return array.elements.map { $0.testNumber ?? .nan }
    }

    var testString: String? {
        if case .string(let string) = self { return string }
        return nil
    }

    var testBool: Bool? {
        if case .bool(let bool) = self { return bool }
        return nil
    }
}

/// Asserts that two lists of numbers match within `accuracy`.
func assertNumbers(_ actual: [Double]?, _ expected: [Double], accuracy: Double = 1e-9,
                   file: StaticString = #filePath, line: UInt = #line) {
    guard let actual, actual.count == expected.count else {
        XCTFail("expected \(expected), got \(String(describing: actual))", file: file, line: line)
        return
    }
    for (a, e) in zip(actual, expected) {
        XCTAssertEqual(a, e, accuracy: accuracy, "expected \(expected), got \(actual)", file: file, line: line)
    }
}
