// The expression fuzz target: bytes -> UTF-8 text (invalid sequences replaced) -> ExpressionParser.
//
// Syntax errors are the expected outcome for most inputs; only a crash (a trap, an index out of
// range, a stack overflow from deep nesting), a hang or runaway memory is a finding.
//
// The work is split in stages so that later ones can be added beside `parse`: running the parsed
// program with the interpreter means one more function called from `fuzzExpression` with the
// program (and linking LottiePlay in Scripts/fuzz.sh).
//
// Built and run by Scripts/fuzz.sh (swiftc -sanitize=fuzzer,address; libFuzzer supplies main).

import Foundation
import LottieModel

/// The source text of an input: its bytes as UTF-8, invalid sequences replaced by U+FFFD.
private func sourceText(_ start: UnsafePointer<UInt8>?, _ count: Int) -> String {
    let data = start.map { Data(bytes: $0, count: count) } ?? Data()
    return String(decoding: data, as: UTF8.self)
}

/// Stage 1: the parser. Returns the program, or nil after a syntax error (which must have a place
/// inside the source: line and column at least 1).
private func parse(_ source: String) -> ExpressionProgram? {
    do {
        return try ExpressionParser.parse(source)
    } catch {
        if error.place.line < 1 || error.place.column < 1 {
            fatalError("a syntax error without a place: \(error)")
        }
        return nil
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzExpression(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let source = sourceText(start, count)
    guard let program = parse(source) else { return 0 }
    // Stage 2 (to come): run `program` with the interpreter.
    _ = program
    return 0
}
