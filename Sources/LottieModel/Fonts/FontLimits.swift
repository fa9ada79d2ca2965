// MARK: - FontLimits

/// Bounds on the work and memory a font file may cost. A file past a bound is refused with a
/// `FontError` of kind `.limit` instead of being read at any price: fonts may come from anywhere.
public struct FontLimits: Sendable, Equatable {
    /// The largest file read at all.
    public var maxFileBytes: Int
    /// The most faces read from a collection (`ttcf`).
    public var maxFaces: Int
    /// The most glyphs a face may declare (65,536 is the format's own bound).
    public var maxGlyphs: Int
    /// How deep composite TrueType glyphs may nest (a composite of a composite is depth 2).
    public var maxCompositeDepth: Int
    /// The most components one composite glyph may visit, all levels together.
    public var maxComponents: Int
    /// The most points (TrueType) or path segments (CFF) one glyph's outline may have.
    public var maxPointsPerGlyph: Int
    /// The most operators and operands one CFF charstring may execute, subroutines included.
    public var maxCharstringOperations: Int
    /// How deep CFF subroutine calls may nest (the Type 2 specification's limit is 10).
    public var maxSubrDepth: Int

    /// Bounds of your own; every argument defaults to the value of `FontLimits.default`.
    public init(maxFileBytes: Int = 64 << 20, maxFaces: Int = 256, maxGlyphs: Int = 65_536,
                maxCompositeDepth: Int = 8, maxComponents: Int = 1_024, maxPointsPerGlyph: Int = 65_536,
                maxCharstringOperations: Int = 200_000, maxSubrDepth: Int = 10) {
        self.maxFileBytes = maxFileBytes
        self.maxFaces = maxFaces
        self.maxGlyphs = maxGlyphs
        self.maxCompositeDepth = maxCompositeDepth
        self.maxComponents = maxComponents
        self.maxPointsPerGlyph = maxPointsPerGlyph
        self.maxCharstringOperations = maxCharstringOperations
        self.maxSubrDepth = maxSubrDepth
    }

    /// 64 MB files, 256 faces, 65,536 glyphs, composites 8 deep with 1,024 components,
    /// 65,536 points per glyph, 200,000 charstring operations, subroutines 10 deep.
    public static let `default` = FontLimits()
}
