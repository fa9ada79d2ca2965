// MARK: - Difference picture

extension ImageDifference {
    /// A picture of where two images of the same size differ, for people: `expected` faded to
    /// light grey, and in red every pixel where a channel (both over white, as `psnr` compares
    /// them) differs by more than 16, the redder the larger. Nil when the sizes differ.
    public static func picture(_ expected: RGBAImage, _ actual: RGBAImage) -> RGBAImage? {
        guard expected.width == actual.width, expected.height == actual.height else { return nil }
        var result = expected
        for index in 0..<(expected.width * expected.height) {
            let base = index * 4
            var grey = 0.0
            var worst = 0.0
            for channel in 0..<3 {
                let x = overWhite(expected, base, channel)
                grey += x / 3
                worst = max(worst, abs(x - overWhite(actual, base, channel)))
            }
            let faded = 192 + grey / 4
            let strength = worst > 16 ? min(1, 0.4 + worst / 255) : 0
            result.pixels[base] = UInt8(worst > 16 ? 255 : faded)
            result.pixels[base + 1] = UInt8(faded * (1 - strength))
            result.pixels[base + 2] = UInt8(faded * (1 - strength))
            result.pixels[base + 3] = 255
        }
        return result
    }

    private static func overWhite(_ image: RGBAImage, _ base: Int, _ channel: Int) -> Double {
        let alpha = Double(image.pixels[base + 3]) / 255
        return Double(image.pixels[base + channel]) * alpha + 255 * (1 - alpha)
    }
}
