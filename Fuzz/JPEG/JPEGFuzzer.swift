// The jpeg fuzz target: bytes -> `JPEGDecoder(limits: 4 Mpx).decode` (and `size(of:)`).
//
// Any input must give an image or a `JPEGError`: no crash, hang or huge allocation. A decoded image
// must have the size `size(of:)` reports and width × height × 4 bytes.
//
// Built and run by Scripts/fuzz.sh (swiftc -sanitize=fuzzer,address; libFuzzer supplies main).

import LottiePlay

private let decoder = JPEGDecoder(limits: .init(maxPixelCount: 1 << 22))

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJPEG(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = start.map { [UInt8](UnsafeBufferPointer(start: $0, count: count)) } ?? []
    let size = try? decoder.size(of: bytes)
    if let image = try? decoder.decode(bytes) {
        precondition(image.pixels.count == image.width * image.height * 4, "pixel buffer of the wrong size")
        precondition(size.map { $0.width == image.width && $0.height == image.height } ?? false,
                     "size(of:) disagrees with the decoded image")
    }
    return 0
}
