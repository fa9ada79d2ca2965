// The pipeline fuzz target: bytes -> `LottieDecoder` -> `Timeline` -> scenes at three moments
// -> `SceneRenderer` at 32 x 32 pixels.
//
// The moments are progress 0, 0.37 and 1 (the first frame, one between whole frames, the
// final pose). Embedded PNG images are decoded (`ImageStore`), external ones are not read.
// The default `LottieLimits` apply, as for any caller that does not choose others.
//
// Frames are made as a player makes them: one scene updated in place (`Timeline.update`).
//
// With LOTTIE_FUZZ_DIFFERENTIAL=1 it also checks the timeline's still memory (what frames keep
// for the frames after them in a stretch where nothing moves) and the scene updated in place: a
// frame near one already made, and the last scene updated to that frame, must both be the frame
// a new timeline makes, or the run stops.
//
// Built and run by Scripts/fuzz.sh (swiftc -sanitize=fuzzer,address; libFuzzer supplies main).

import Foundation
import LottieModel
import LottiePlay

private let renderer = SceneRenderer(width: 32, height: 32)
private let differential = ProcessInfo.processInfo.environment["LOTTIE_FUZZ_DIFFERENTIAL"] == "1"

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPipeline(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = start.map { Data(bytes: $0, count: count) } ?? Data()
    let limits = LottieLimits.default
    guard let animation = try? LottieDecoder(limits: limits).decode(data) else { return 0 }
    let timeline = Timeline(animation, limits: limits)
    let images = ImageStore(animation: animation)
    var scene = LottieScene(frame: 0, width: 0, height: 0, layers: [])
    for progress in [0, 0.37, 1.0] {
        timeline.update(&scene, toProgress: progress)
        _ = renderer.render(scene, images: images)
    }
    if differential {
        let kept = timeline.scene(atProgress: 0.375)
        // Printing a scene of thousands of layers (precomp bombs) takes seconds: such inputs are skipped.
        guard kept.flattenedLayers().count <= 2_000 else { return 0 }
        timeline.update(&scene, toProgress: 0.375)
        let fresh = Timeline(animation, limits: limits).scene(atProgress: 0.375)
        // The sign of a zero may differ (x + 0 * p is +0 or -0 with the sign of p): not a difference.
        func text(_ scene: LottieScene) -> String { String(describing: scene.layers).replacingOccurrences(of: "-0.0", with: "0.0") }
        if text(kept) != text(fresh) { fatalError("a frame made with the still memory differs from one made afresh") }
        if text(scene) != text(fresh) { fatalError("a scene updated in place differs from one made afresh") }
    }
    return 0
}
