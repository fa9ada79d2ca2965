import Foundation

// MARK: - ImageDifference

/// How far apart two images of the same size are, measured the way the reference renders are
/// compared (`shared/tools/peers/compare.py`): both are composited over opaque white first (so
/// transparent equals white and alpha differences show as colour differences), then
///
/// - `psnr` is the peak signal-to-noise ratio of the composited RGB in dB (`.infinity` when equal),
/// - `percentOver16` is the share of pixels, in %, where any composited channel differs by more than 16.
public struct ImageDifference: Sendable, Equatable {
    public var psnr: Double
    public var percentOver16: Double

    /// Compares two images; nil when their sizes differ.
    public init?(_ a: RGBAImage, _ b: RGBAImage) {
        guard a.width == b.width, a.height == b.height else { return nil }
        let count = a.width * a.height
        guard count > 0 else {
            psnr = .infinity
            percentOver16 = 0
            return
        }
        var squared = 0.0
        var over = 0
        a.pixels.withUnsafeBufferPointer { p in
            b.pixels.withUnsafeBufferPointer { q in
                for index in 0..<count {
                    let base = index * 4
                    let alphaA = Double(p[base + 3]) / 255
                    let alphaB = Double(q[base + 3]) / 255
                    var worst = 0.0
                    for channel in 0..<3 {
                        let x = Double(p[base + channel]) * alphaA + 255 * (1 - alphaA)
                        let y = Double(q[base + channel]) * alphaB + 255 * (1 - alphaB)
                        let difference = abs(x - y)
                        squared += difference * difference
                        worst = max(worst, difference)
                    }
                    if worst > 16 { over += 1 }
                }
            }
        }
        let meanSquared = squared / Double(count * 3)
        psnr = meanSquared > 0 ? 10 * log10(255 * 255 / meanSquared) : .infinity
        percentOver16 = Double(over) * 100 / Double(count)
    }
}
