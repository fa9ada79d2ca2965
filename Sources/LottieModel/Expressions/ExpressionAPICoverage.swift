// MARK: - ExpressionAPICoverage

/// The names of After Effects' expression API that this toolkit's interpreter does not implement
/// (FORMAT.md "Expressions"): an expression that reaches one stops there and its property keeps
/// its keyframed value. `inspect` and `validate` name them.
public enum ExpressionAPICoverage {
    /// 3D and camera or light properties, image sampling, masks, footage, audio, time codes,
    /// text styles, projects.
    public static let notImplemented: Set<String> = [
        "sampleImage", "mask", "audioLevels", "hasVideo", "hasAudio", "lightOption", "cameraOption",
        "materialOption", "sourceTime", "orientation", "xRotation", "yRotation", "zRotation", "pointOfInterest",
        "zoom", "depthOfField", "focusDistance", "aperture", "blurLevel", "lookAt", "footage", "timeToTimecode",
        "timeToFeetAndFrames", "timeToNTSCTimecode", "timeToCurrentFormat", "thisProject", "temporalWiggle", "style",
    ]

    /// The names of `notImplemented` that `program` uses, sorted: as a member (`.lookAt(...)`)
    /// or as a name it does not declare itself.
    public static func unimplementedNames(in program: ExpressionProgram) -> [String] {
        var names = ExpressionNameUse()
        names.visit(program.body)
        let used = names.members.union(names.identifiers.subtracting(names.declared))
        return used.intersection(notImplemented).sorted()
    }
}
