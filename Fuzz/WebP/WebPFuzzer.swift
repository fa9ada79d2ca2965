// The webp fuzz target: bytes -> `WebPDecoder(limits: 4 Mpx).decode`.
//
// Every input must end in an image or a `WebPError`: no crash, hang or huge allocation, for
// lossless (VP8L) and lossy (VP8, with or without an ALPH chunk) files alike.
//
// Built and run by Scripts/fuzz.sh (swiftc -sanitize=fuzzer,address; libFuzzer supplies main).

import LottieModel
import LottiePlay

private let decoder = WebPDecoder(limits: .init(maxPixelCount: 1 << 22))

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWebP(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = start.map { [UInt8](UnsafeBufferPointer(start: $0, count: count)) } ?? []
    _ = try? decoder.size(of: bytes)
    if let image = try? decoder.decode(bytes) {
        // The image must be what RGBAImage promises.
        precondition(image.pixels.count == image.width * image.height * 4, "inconsistent image")
    }
    return 0
}
