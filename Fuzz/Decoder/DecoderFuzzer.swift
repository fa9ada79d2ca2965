// The decoder fuzz target: bytes -> `LottieDecoder`, nothing else.
//
// Every input goes through the default decoder (the fast reader, which hands any fault to the
// `Codable` path for its error message). An input the fast reader accepts is decoded again by
// the `Codable` path alone, so both readers see every valid document. Errors are the expected
// outcome for most inputs; only a crash, a hang or runaway memory is a finding.
//
// With LOTTIE_FUZZ_DIFFERENTIAL=1 in the environment, a document that both readers accept but
// read into different models stops the run (`fatalError`), which makes the fuzzer a
// differential test of the fast reader; so does an error without a line and column (other
// than "not a Lottie animation" and the size limit, which are about the whole file).
//
// Built and run by Scripts/fuzz.sh (swiftc -sanitize=fuzzer,address; libFuzzer supplies main).

import Foundation
import LottieModel

private let differential = ProcessInfo.processInfo.environment["LOTTIE_FUZZ_DIFFERENTIAL"] == "1"

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDecoder(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = start.map { Data(bytes: $0, count: count) } ?? Data()
    let fast: LottieAnimation
    do {
        fast = try LottieDecoder().decode(data)
    } catch {
        if differential, error.location == nil, error.kind != .notLottie, error.kind != .tooLarge {
            fatalError("an error without a place: \(error)")
        }
        return 0
    }
    let codable = try? LottieDecoder(strategy: .codable).decode(data)
    if differential, let codable, codable != fast {
        fatalError("the fast reader and the Codable path read different models")
    }
    return 0
}
