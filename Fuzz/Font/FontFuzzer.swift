// The font fuzz target: bytes -> `FontFace.faces(in:)` -> every glyph's outline (at most 512 per
// input), character map lookups over a range of scalars, advances and kerning of a few pairs (in
// the first four faces).
//
// Errors are the expected outcome for most inputs; only a crash, a hang or runaway memory is a
// finding. The seeds (Fuzz/Font/seeds) are the test writer's TrueType, CFF and collection fonts,
// written by `WRITE_FONT_SEEDS=DIR swift test --filter testWriteFuzzSeeds`.
//
// Built and run by Scripts/fuzz.sh (swiftc -sanitize=fuzzer,address; libFuzzer supplies main).

import LottieModel

/// Glyph outlines decoded per input, so that one input with 65,535 glyphs stays fast.
private let maxGlyphsPerInput = 512

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFont(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = start.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
    guard let faces = try? FontFace.faces(in: bytes) else { return 0 }
    var visited = 0
    for (index, face) in faces.enumerated() {
        for glyph in 0..<face.glyphCount where visited < maxGlyphsPerInput {
            visited += 1
            if let paths = try? face.outline(ofGlyph: glyph) {
                // Every path is a Lottie path: as many tangents as vertices.
                for path in paths where path.inTangents.count != path.vertices.count
                    || path.outTangents.count != path.vertices.count {
                    fatalError("glyph \(glyph): a path with \(path.vertices.count) vertices and other tangent counts")
                }
            }
            _ = face.advance(ofGlyph: glyph)
        }
        var glyphs: [Int] = []
        for value in Array(0..<0x250) + [0xFFFD, 0xFFFF, 0x1F600, 0x10FFFF] {
            if let scalar = Unicode.Scalar(value), let glyph = face.glyphIndex(for: scalar) {
                if glyph <= 0 || glyph >= face.glyphCount { fatalError("U+\(value) maps to glyph \(glyph) of \(face.glyphCount)") }
                glyphs.append(glyph)
            }
        }
        // Kerning walks every subtable of the kern lookups: a few faces are enough.
        guard index < 4 else { continue }
        for left in glyphs.prefix(8) {
            for right in glyphs.prefix(8) { _ = face.kerning(left: left, right: right) }
        }
        _ = face.kerning(left: 1, right: 2)
        _ = face.kerning(left: -1, right: 70_000)
    }
    return 0
}
