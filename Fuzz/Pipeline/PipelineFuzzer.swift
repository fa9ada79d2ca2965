// The pipeline fuzz target: bytes -> `LottieDecoder` -> `Timeline` -> scenes at three moments
// -> `SceneRenderer` at 32 x 32 pixels.
//
// The moments are progress 0, 0.37 and 1 (the first frame, one between whole frames, the
// final pose). Embedded PNG images are decoded (`ImageStore`), external ones are not read.
// The default `LottieLimits` apply, as for any caller that does not choose others.
//
// Built and run by Scripts/fuzz.sh (swiftc -sanitize=fuzzer,address; libFuzzer supplies main).

import Foundation
import LottieModel
import LottiePlay

private let renderer = SceneRenderer(width: 32, height: 32)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPipeline(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = start.map { Data(bytes: $0, count: count) } ?? Data()
    let limits = LottieLimits.default
    guard let animation = try? LottieDecoder(limits: limits).decode(data) else { return 0 }
    let timeline = Timeline(animation, limits: limits)
    let images = ImageStore(animation: animation)
    for progress in [0, 0.37, 1.0] {
        let scene = timeline.scene(atProgress: progress)
        _ = renderer.render(scene, images: images)
    }
    return 0
}
