import LottieModel

// MARK: - TimingFaults

/// The frame rate and frame range a `Timeline` uses, and a warning for each value of the file
/// that a player cannot use as written. The animation always loads:
///
/// - `fr` that is not a positive number (0, negative, NaN, infinite): 30 fps is used where
///   seconds meet frames (time remapping, playback). Frames themselves are unaffected.
/// - `ip` that is not finite: 0.
/// - `op` that is not finite, or not after `ip`: the animation is one still frame, frame `ip`
///   (every progress shows it; lottie-web and the reference players show a frozen first frame).
/// - `op` within `AnimationFrames.tolerance` of a whole number of frames after `ip` (24.00000097754,
///   as 29.97 fps exports write it): that whole number, silently, so that every tool counts and
///   samples the same frames.
/// - `w` or `h` that is not a positive number: frames are drawn unscaled (the renderer cannot
///   fit the canvas to the output).
struct TimingFaults {
    /// The frame rate used when the file's is unusable.
    static let fallbackFrameRate = 30.0

    private(set) var frameRate: Double
    private(set) var inPoint: Double
    private(set) var outPoint: Double
    private(set) var warnings: [LottieDiagnostic] = []

    init(_ animation: LottieAnimation, limits: LottieLimits) {
        frameRate = animation.frameRate
        inPoint = animation.inPoint
        outPoint = animation.outPoint
        if !(frameRate > 0) || !frameRate.isFinite {
            warnings.append(LottieDiagnostic(.warning, .range, path: "fr",
                message: "frame rate \(FaultScan.number(frameRate)) is not a positive number; "
                    + "\(FaultScan.number(Self.fallbackFrameRate)) fps is used"))
            frameRate = Self.fallbackFrameRate
        } else if frameRate > Double(limits.maxFrameRate) {
            warnings.append(LottieDiagnostic(.warning, .limit, path: "fr",
                message: "frame rate \(FaultScan.number(frameRate)) is more than the limit maxFrameRate "
                    + "(\(limits.maxFrameRate)); \(limits.maxFrameRate) fps is used"))
            frameRate = Double(limits.maxFrameRate)
        }
        if !inPoint.isFinite {
            warnings.append(LottieDiagnostic(.warning, .range, path: "ip",
                message: "in point \(FaultScan.number(inPoint)) is not a finite number; 0 is used"))
            inPoint = 0
        }
        if !outPoint.isFinite {
            warnings.append(LottieDiagnostic(.warning, .range, path: "op",
                message: "out point \(FaultScan.number(outPoint)) is not a finite number; "
                    + "the animation is one still frame (frame \(FaultScan.number(inPoint)))"))
            outPoint = inPoint
        } else if outPoint <= inPoint {
            warnings.append(LottieDiagnostic(.warning, .range, path: "op",
                message: "out point \(FaultScan.number(outPoint)) is not after the in point "
                    + "\(FaultScan.number(inPoint)); the animation is one still frame (frame \(FaultScan.number(inPoint)))"))
            outPoint = inPoint
        } else if outPoint - inPoint > Double(limits.maxDurationFrames) {
            let end = inPoint + Double(limits.maxDurationFrames)
            warnings.append(LottieDiagnostic(.warning, .limit, path: "op",
                message: "the animation runs \(FaultScan.number(outPoint - inPoint)) frames, more than the limit "
                    + "maxDurationFrames (\(limits.maxDurationFrames)); it ends at frame \(FaultScan.number(end))"))
            outPoint = end
        } else {
            outPoint = AnimationFrames.outPoint(inPoint: inPoint, outPoint: outPoint)
        }
        for (key, name, value) in [("w", "width", animation.width), ("h", "height", animation.height)]
        where !(value > 0) || !value.isFinite {
            warnings.append(LottieDiagnostic(.warning, .range, path: key,
                message: "canvas \(name) \(FaultScan.number(value)) is not a positive number; "
                    + "frames are drawn unscaled"))
        }
    }
}
