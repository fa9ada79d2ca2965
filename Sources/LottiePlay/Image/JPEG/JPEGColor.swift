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
// YCbCr → RGB uses libjpeg's 16-bit fixed-point constants and rounding, so the results match it
// exactly.

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
    // libjpeg's constants, FIX(x) = x · 2^16 rounded: FIX(1.40200), FIX(1.77200), FIX(0.71414),
    // FIX(0.34414).
    private static let redCr = 91881, blueCb = 116_130, greenCr = 46802, greenCb = 22554

    @inline(__always)
    private static func clamp(_ value: Int) -> UInt32 {
        UInt32(truncatingIfNeeded: Swift.min(Swift.max(value, 0), 255))
    }

    /// Pillow's MULDIV255: a·b/255 rounded.
    @inline(__always)
    private static func multiplyDivide255(_ a: Int, _ b: Int) -> Int {
        let product = a * b + 128
        return (product + (product >> 8)) >> 8
    }

    /// RGBA pixels (alpha 255) of the frame from the components' sample planes, a row at a time:
    /// each component's row is upsampled (when it is subsampled across) into a row of its own,
    /// then the row is converted.
    static func convert(_ samples: inout [UInt8], _ upsampling: [JPEGUpsampling], model: JPEGColorModel,
                        width: Int, height: Int) -> [UInt8] {
        let rows = upsampling.count
        var scratch = [UInt8](repeating: 0, count: width * 4)
        return JPEGSampleStorage.make(count: width * height * 4) { output in
            JPEGSampleStorage.with(&samples) { planes in
                JPEGSampleStorage.with(&scratch) { scratch in
                    for y in 0..<height {
                        // Component `index`'s output row `y`.
                        func fullRow(_ index: Int) -> JPEGRow {
                            let component = upsampling[min(index, rows - 1)]
                            guard component.filtersRows else { return component.planeRow(y, planes) }
                            let row = scratch.row(at: index * width, length: width)
                            if index < rows { component.upsampleRow(y, planes, into: row) }
                            return row
                        }
                        convertRow(fullRow(0), fullRow(1), fullRow(2), fullRow(3), model: model, width: width,
                                   into: output.row(at: y * width * 4, length: width * 4))
                    }
                }
            }
        }
    }

    /// One row of pixels from full-resolution rows of each component (`width` samples each; the
    /// rows after the model's components are not read).
    private static func convertRow(_ row0: JPEGRow, _ row1: JPEGRow, _ row2: JPEGRow, _ row3: JPEGRow,
                                   model: JPEGColorModel, width: Int, into output: JPEGRow) {
        // Checked once here, the rows' own checks in the loops below are known to pass.
        precondition(width >= 0 && row0.count >= width && row1.count >= width && row2.count >= width
                     && row3.count >= width && output.count >> 2 >= width)
        let alpha: UInt32 = 0xFF00_0000
        switch model {
        case .grayscale:
            let gray = row0
            for x in 0..<width {
                output.setPixel(x, UInt32(gray[x]) &* 0x01_0101 | alpha)
            }
        case .rgb:
            let red = row0, green = row1, blue = row2
            for x in 0..<width {
                output.setPixel(x, UInt32(red[x]) | UInt32(green[x]) << 8 | UInt32(blue[x]) << 16 | alpha)
            }
        case .ycbcr:
            let luma = row0, blueDifference = row1, redDifference = row2
            var x = 0
            while x + 8 <= width {
                output.setPixels(x, rgba(luma.load8(x), blueDifference.load8(x), redDifference.load8(x)))
                x += 8
            }
            while x < width {
                let pixel = rgb(Int(luma[x]), Int(blueDifference[x]), Int(redDifference[x]))
                output.setPixel(x, clamp(pixel.red) | clamp(pixel.green) << 8 | clamp(pixel.blue) << 16 | alpha)
                x += 1
            }
        case .ycck:
            let luma = row0, blueDifference = row1, redDifference = row2, black = row3
            for x in 0..<width {
                // The YCC part decodes to 255 − (inverted C, M, Y); K is inverted as stored.
                let pixel = rgb(Int(luma[x]), Int(blueDifference[x]), Int(redDifference[x]))
                let k = Int(black[x])
                let red = multiplyDivide255(255 - Int(clamp(pixel.red)), k)
                let green = multiplyDivide255(255 - Int(clamp(pixel.green)), k)
                let blue = multiplyDivide255(255 - Int(clamp(pixel.blue)), k)
                output.setPixel(x, UInt32(red) | UInt32(green) << 8 | UInt32(blue) << 16 | alpha)
            }
        case .cmyk(let inverted):
            let flip = inverted ? 255 : 0
            let cyan = row0, magenta = row1, yellow = row2, black = row3
            for x in 0..<width {
                // Ink amounts (255 = full ink).
                let c = abs(flip - Int(cyan[x])), m = abs(flip - Int(magenta[x]))
                let ye = abs(flip - Int(yellow[x])), k = abs(flip - Int(black[x]))
                let white = 255 - k
                let red = white - multiplyDivide255(c, white)
                let green = white - multiplyDivide255(m, white)
                let blue = white - multiplyDivide255(ye, white)
                output.setPixel(x, UInt32(red) | UInt32(green) << 8 | UInt32(blue) << 16 | alpha)
            }
        }
    }

    /// Eight YCbCr pixels → RGBA, as `rgb` and `clamp` do one. The products are split so that each
    /// multiplier fits in 16 bits (FIX(1.402) = 2^16 + 26345, FIX(1.772) = 2^17 − 14942,
    /// FIX(0.71414) = 2^16 − 18734), which SSE2 multiplies eight at a time (`pmaddwd`).
    @inline(__always)
    private static func rgba(_ luma: SIMD8<UInt8>, _ cb: SIMD8<UInt8>, _ cr: SIMD8<UInt8>) -> SIMD8<UInt32> {
        let y = JPEGLanes.int32(luma)
        let blueDifference = JPEGLanes.int32(cb) &- 128
        let redDifference = JPEGLanes.int32(cr) &- 128
        let red = y &+ ((redDifference &<< 16 &+ redDifference &* 26345 &+ 32768) &>> 16)
        let green = y &+ ((32768 &- blueDifference &* 22554 &- (redDifference &<< 16) &+ redDifference &* 18734) &>> 16)
        let blue = y &+ ((blueDifference &<< 17 &- blueDifference &* 14942 &+ 32768) &>> 16)
        return JPEGLanes.clamp255(red) | JPEGLanes.clamp255(green) &<< 8 | JPEGLanes.clamp255(blue) &<< 16 | 0xFF00_0000
    }

    /// YCbCr → RGB before clamping, with libjpeg's fixed-point products and rounding
    /// (ycc_rgb_convert's tables, computed in place).
    @inline(__always)
    private static func rgb(_ luma: Int, _ cb: Int, _ cr: Int) -> (red: Int, green: Int, blue: Int) {
        let blueDifference = cb &- 128, redDifference = cr &- 128
        let red = luma &+ ((redCr &* redDifference &+ half) &>> scaleBits)
        let green = luma &+ ((half &- greenCb &* blueDifference &- greenCr &* redDifference) &>> scaleBits)
        let blue = luma &+ ((blueCb &* blueDifference &+ half) &>> scaleBits)
        return (red, green, blue)
    }
}
