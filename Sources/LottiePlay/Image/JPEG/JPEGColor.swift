// MARK: - Colour conversion to RGBA
//
// - 1 component: grayscale.
// - 3 components: YCbCr (JFIF, BT.601 full range) unless an Adobe APP14 segment says transform 0 or,
//   without one, the component ids are 'R', 'G', 'B': then RGB as stored.
// - 4 components: CMYK, or YCCK when Adobe's transform is 2. Adobe applications write CMYK inverted
//   (255 = no ink), and so does Pillow; with an Adobe segment the values are taken as inverted, without
//   one as plain ink amounts. YCCK is YCbCr-coded inverted C, M, Y (libjpeg: C = 255 − R(YCC)) and a
//   plain inverted K. CMYK becomes RGB by the naive formula R = (255 − C)(255 − K)/255 (as Pillow's
//   CMYK → RGB), without a colour profile.
//
// YCbCr → RGB uses libjpeg's 16-bit fixed-point tables and rounding, so the results match it exactly.

enum JPEGColorModel: Equatable {
    case grayscale, ycbcr, rgb
    case cmyk(inverted: Bool)
    case ycck

    /// The model of a frame given its components and the Adobe transform flag (nil without APP14).
    static func of(_ frame: JPEGFrame, adobeTransform: Int?) -> JPEGColorModel {
        switch frame.components.count {
        case 1:
            return .grayscale
        case 3:
            if let transform = adobeTransform { return transform == 0 ? .rgb : .ycbcr }
            let ids = frame.components.map(\.id)
            return ids == [82, 71, 66] ? .rgb : .ycbcr
        default:
            if adobeTransform == 2 { return .ycck }
            return .cmyk(inverted: adobeTransform != nil)
        }
    }
}

enum JPEGColor {
    private static let scaleBits = 16
    private static let half = 1 << 15
    private static func fixed(_ value: Double) -> Int { Int(value * 65536 + 0.5) }

    /// Per Cr: red offset; per Cb: blue offset; per Cr and Cb: green parts (still scaled).
    static let redFromCr: [Int] = (0..<256).map { (fixed(1.40200) * ($0 - 128) + half) >> scaleBits }
    static let blueFromCb: [Int] = (0..<256).map { (fixed(1.77200) * ($0 - 128) + half) >> scaleBits }
    static let greenFromCr: [Int] = (0..<256).map { -fixed(0.71414) * ($0 - 128) }
    static let greenFromCb: [Int] = (0..<256).map { -fixed(0.34414) * ($0 - 128) + half }

    private static func clamp(_ value: Int) -> UInt8 {
        value <= 0 ? 0 : value >= 255 ? 255 : UInt8(value)
    }

    /// Pillow's MULDIV255: a·b/255 rounded.
    private static func multiplyDivide255(_ a: Int, _ b: Int) -> Int {
        let product = a * b + 128
        return (product + (product >> 8)) >> 8
    }

    /// RGBA pixels (alpha 255) of `width` × `height` from full-resolution planes. The model is
    /// chosen per row, so the inner loops are plain.
    static func convert(_ planes: [(samples: [UInt8], stride: Int)], model: JPEGColorModel,
                        width: Int, height: Int) -> [UInt8] {
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        let first = planes[0].samples, firstStride = planes[0].stride
        let second = planes.count > 1 ? planes[1].samples : [], secondStride = planes.count > 1 ? planes[1].stride : 0
        let third = planes.count > 2 ? planes[2].samples : [], thirdStride = planes.count > 2 ? planes[2].stride : 0
        let fourth = planes.count > 3 ? planes[3].samples : [], fourthStride = planes.count > 3 ? planes[3].stride : 0
        let redFromCr = JPEGColor.redFromCr, blueFromCb = JPEGColor.blueFromCb
        let greenFromCr = JPEGColor.greenFromCr, greenFromCb = JPEGColor.greenFromCb
        for y in 0..<height {
            var out = y * width * 4
            let row0 = y * firstStride, row1 = y * secondStride, row2 = y * thirdStride, row3 = y * fourthStride
            switch model {
            case .grayscale:
                for x in 0..<width {
                    let value = first[row0 + x]
                    pixels[out] = value
                    pixels[out + 1] = value
                    pixels[out + 2] = value
                    out += 4
                }
            case .rgb:
                for x in 0..<width {
                    pixels[out] = first[row0 + x]
                    pixels[out + 1] = second[row1 + x]
                    pixels[out + 2] = third[row2 + x]
                    out += 4
                }
            case .ycbcr, .ycck:
                let ycck = model == .ycck
                for x in 0..<width {
                    let luma = Int(first[row0 + x]), cb = Int(second[row1 + x]), cr = Int(third[row2 + x])
                    var red = clamp(luma + redFromCr[cr])
                    var green = clamp(luma + ((greenFromCb[cb] + greenFromCr[cr]) >> scaleBits))
                    var blue = clamp(luma + blueFromCb[cb])
                    if ycck {
                        // The YCC part decodes to 255 − (inverted C, M, Y); K is inverted as stored.
                        let k = Int(fourth[row3 + x])
                        red = UInt8(multiplyDivide255(255 - Int(red), k))
                        green = UInt8(multiplyDivide255(255 - Int(green), k))
                        blue = UInt8(multiplyDivide255(255 - Int(blue), k))
                    }
                    pixels[out] = red
                    pixels[out + 1] = green
                    pixels[out + 2] = blue
                    out += 4
                }
            case .cmyk(let inverted):
                let flip = inverted ? 255 : 0
                for x in 0..<width {
                    // Ink amounts (255 = full ink).
                    let c = abs(flip - Int(first[row0 + x])), m = abs(flip - Int(second[row1 + x]))
                    let yellow = abs(flip - Int(third[row2 + x])), k = abs(flip - Int(fourth[row3 + x]))
                    let white = 255 - k
                    pixels[out] = UInt8(white - multiplyDivide255(c, white))
                    pixels[out + 1] = UInt8(white - multiplyDivide255(m, white))
                    pixels[out + 2] = UInt8(white - multiplyDivide255(yellow, white))
                    out += 4
                }
            }
        }
        return pixels
    }
}
