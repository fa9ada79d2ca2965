// The decoder fuzz target: bytes -> `LottieDecoder`, nothing else.
//
// Every input goes through the default decoder (the fast reader, which hands any fault to the
// `Codable` path for its error message). An input the fast reader accepts is decoded again by
// the `Codable` path alone, so both readers see every valid document. Errors are the expected
// outcome for most inputs; only a crash, a hang or runaway memory is a finding.
//
// With LOTTIE_FUZZ_DIFFERENTIAL=1 in the environment, a document that both readers accept but
// read into different models stops the run (`fatalError`), which makes the fuzzer a
// differential test of the fast reader.
//
// Built and run by Scripts/fuzz.sh (swiftc -sanitize=fuzzer,address; libFuzzer supplies main).

import Foundation
import LottieModel

private let differential = ProcessInfo.processInfo.environment["LOTTIE_FUZZ_DIFFERENTIAL"] == "1"

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDecoder(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = start.map { Data(bytes: $0, count: count) } ?? Data()
    guard let fast = try? LottieDecoder().decode(data) else { return 0 }
    let codable = try? LottieDecoder(strategy: .codable).decode(data)
    if differential, let codable, codable != fast {
        fatalError("the fast reader and the Codable path read different models")
    }
    return 0
}
