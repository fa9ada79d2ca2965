// MARK: - VP8Decoder
//
// Decodes a VP8 key frame (the payload of a WebP `VP8 ` chunk, RFC 6386) into Y, U and V planes.
//
// ## Structure
//
// 1. `VP8FrameHeader` reads the frame header and the first partition's header fields; the size is
//    checked against the pixel limit before anything is allocated.
// 2. For each macroblock row: the modes of its macroblocks from the first partition (segment,
//    skip flag, 16×16 or sixteen 4×4 luma modes, chroma mode), then each macroblock's
//    coefficients from token partition `row mod count` (`VP8Residuals`), prediction
//    (`VP8Intra`) and the inverse transforms (`VP8Transform`) in a small workspace, copied into the
//    planes. A partition that ran out of data during the row is an error (`WebPError.truncated`
//    with the partition's end offset), as in libwebp.
// 3. `VP8LoopFilter` filters the whole frame.
//
// The planes cover whole macroblocks (16 × columns by 16 × rows luma samples, half that for
// chroma); `VP8YUVToRGB` crops them to the frame's width and height.

/// What a VP8 image used, for tests that prove each feature is covered.
struct VP8Report: Equatable, Sendable {
    /// Luma modes of 16×16-predicted macroblocks.
    var blockModes: Set<VP8Intra.BlockMode> = []
    /// Modes of 4×4 luma subblocks.
    var subblockModes: Set<VP8Intra.SubblockMode> = []
    var chromaModes: Set<VP8Intra.BlockMode> = []
    var filter = VP8LoopFilter.Kind.none
    var sharpness = 0
    /// Whether segmentation is on, with a per-macroblock map, and the segments macroblocks use.
    var segmentation = false
    var segmentMap = false
    var segmentsUsed: Set<Int> = []
    /// Distinct quantizer indexes of Y1 AC over the segments used (one without segmentation).
    var distinctQuantizers = 0
    var partitionCount = 1
    /// Macroblocks marked skipped by the skip flag.
    var skippedMacroblocks = 0
    var macroblocks = 0
}

/// The workspace where one macroblock is predicted and reconstructed (see `VP8Intra`): rows of
/// 32 bytes, luma with its row above (and four above-right pixels) and its left column, then the
/// U and V blocks side by side with theirs.
enum VP8Workspace {
    static let stride = 32
    /// Luma sample (0, 0): row 1, column 8.
    static let luma = stride + 8
    /// U sample (0, 0): row 18, column 8; V 16 bytes to its right.
    static let u = 18 * stride + 8
    static let v = u + 16
    static let size = 26 * stride
}

/// A decoded VP8 frame: planes covering whole macroblocks.
struct VP8Frame {
    var width: Int
    var height: Int
    /// Luma, `16 × columns` samples per row; chroma `8 × columns`.
    var y: [UInt8]
    var u: [UInt8]
    var v: [UInt8]
    var lumaStride: Int
    var chromaStride: Int
}

/// A VP8 key frame decoder.
struct VP8Decoder {
    private let data: [UInt8]
    private let range: Range<Int>
    private let maxPixelCount: Int
    private(set) var report = VP8Report()

    /// A decoder for the VP8 data in `data[range]`.
    init(_ data: [UInt8], range: Range<Int>, maxPixelCount: Int) {
        self.data = data
        self.range = range
        self.maxPixelCount = maxPixelCount
    }

    /// Per-macroblock modes, read from the first partition.
    private struct Modes {
        var segment = 0
        var skip = false
        var subblockPrediction = false
        var luma = VP8Intra.BlockMode.dc
        var subblocks = [VP8Intra.SubblockMode](repeating: .dc, count: 16)
        var chroma = VP8Intra.BlockMode.dc
    }

    /// Decodes the frame.
    mutating func decode() throws(WebPError) -> VP8Frame {
        var (header, modeDecoder) = try VP8FrameHeader.parse(data, range: range, maxPixelCount: maxPixelCount)
        let columns = header.macroblockColumns, rows = header.macroblockRows
        let lumaStride = 16 * columns, chromaStride = 8 * columns
        var y = [UInt8](repeating: 0, count: lumaStride * 16 * rows)
        var u = [UInt8](repeating: 0, count: chromaStride * 8 * rows)
        var v = [UInt8](repeating: 0, count: chromaStride * 8 * rows)

        let filterKind: VP8LoopFilter.Kind = header.filter.level == 0 ? .none : header.filter.simple ? .simple : .normal
        // The strength per segment, without and with 4×4 prediction.
        var segmentStrengths: [VP8FilterStrength] = []
        for segment in 0..<4 {
            for subblocks in [false, true] {
                segmentStrengths.append(VP8LoopFilter.strength(header: header.filter, segmentation: header.segmentation,
                                                               segment: segment, subblockPrediction: subblocks))
            }
        }
        var strengths = [VP8FilterStrength](repeating: VP8FilterStrength(), count: filterKind == .none ? 0 : columns * rows)
        report.filter = filterKind
        report.sharpness = header.filter.sharpness
        report.segmentation = header.segmentation.enabled
        report.segmentMap = header.segmentation.updatesMap
        report.partitionCount = header.tokenPartitions.count

        var tokenDecoders = header.tokenPartitions.map { VP8BoolDecoder(data, range: $0) }
        var residuals = VP8Residuals(probabilities: header.tokenProbabilities, columns: columns)
        // The 4×4 mode contexts: the bottom modes of the macroblock row above, and the right
        // modes of the macroblock to the left.
        var aboveModes = [VP8Intra.SubblockMode](repeating: .dc, count: 4 * columns)
        var leftModes = [VP8Intra.SubblockMode](repeating: .dc, count: 4)
        var rowModes = [Modes](repeating: Modes(), count: columns)
        var workspace = [UInt8](repeating: 0, count: VP8Workspace.size)
        var usage = Usage()

        for mbY in 0..<rows {
            for i in 0..<4 { leftModes[i] = .dc }
            for mbX in 0..<columns {
                rowModes[mbX] = readModes(&modeDecoder, header: header, above: &aboveModes, left: &leftModes, column: mbX)
            }
            if modeDecoder.overrun {
                throw WebPError(.truncated(needed: "the VP8 macroblock modes (first partition)"),
                                offset: header.firstPartition.upperBound)
            }
            let partition = mbY % tokenDecoders.count
            residuals.startRow()
            for mbX in 0..<columns {
                let modes = rowModes[mbX]
                var hasCoefficients = false
                if modes.skip {
                    residuals.skip(column: mbX, hasY2: !modes.subblockPrediction)
                } else {
                    hasCoefficients = residuals.read(&tokenDecoders[partition], column: mbX,
                                                     hasY2: !modes.subblockPrediction,
                                                     quantizer: header.quantizers[modes.segment])
                }
                if filterKind != .none {
                    var strength = segmentStrengths[modes.segment * 2 + (modes.subblockPrediction ? 1 : 0)]
                    strength.inner = strength.inner || hasCoefficients
                    strengths[mbY * columns + mbX] = strength
                }
                reconstruct(modes, residuals: residuals, column: mbX, row: mbY, columns: columns,
                            workspace: &workspace, y: &y, u: &u, v: &v, lumaStride: lumaStride, chromaStride: chromaStride)
                usage.record(modes)
            }
            if tokenDecoders[partition].overrun {
                throw WebPError(.truncated(needed: "VP8 token partition \(partition)"),
                                offset: tokenDecoders[partition].end)
            }
        }
        VP8LoopFilter.apply(filterKind, y: &y, u: &u, v: &v, columns: columns, rows: rows, strengths: strengths)
        report(usage, header: header)
        return VP8Frame(width: header.width, height: header.height, y: y, u: u, v: v,
                        lumaStride: lumaStride, chromaStride: chromaStride)
    }

    /// What the macroblocks used, as bit sets (cheaper per macroblock than `Set`s), turned into
    /// the report at the end.
    private struct Usage {
        var blockModes = 0, subblockModes = 0, chromaModes = 0, segments = 0
        var macroblocks = 0, skipped = 0

        mutating func record(_ modes: Modes) {
            macroblocks += 1
            if modes.skip { skipped += 1 }
            segments |= 1 << modes.segment
            if modes.subblockPrediction {
                for mode in modes.subblocks { subblockModes |= 1 << mode.rawValue }
            } else {
                blockModes |= 1 << modes.luma.rawValue
            }
            chromaModes |= 1 << modes.chroma.rawValue
        }
    }

    private mutating func report(_ usage: Usage, header: VP8FrameHeader) {
        report.macroblocks = usage.macroblocks
        report.skippedMacroblocks = usage.skipped
        report.blockModes = Set(VP8Intra.BlockMode.allCases.filter { usage.blockModes & (1 << $0.rawValue) != 0 })
        report.subblockModes = Set(VP8Intra.SubblockMode.allCases.filter { usage.subblockModes & (1 << $0.rawValue) != 0 })
        report.chromaModes = Set(VP8Intra.BlockMode.allCases.filter { usage.chromaModes & (1 << $0.rawValue) != 0 })
        report.segmentsUsed = Set((0..<4).filter { usage.segments & (1 << $0) != 0 })
        report.distinctQuantizers = Set(report.segmentsUsed.map { header.quantizers[$0].y1AC }).count
    }

    // MARK: Modes

    /// Reads a macroblock's segment, skip flag and prediction modes (RFC 6386, sections 10, 11 and
    /// 19.3, with the fixed key-frame probabilities).
    private func readModes(_ decoder: inout VP8BoolDecoder, header: VP8FrameHeader,
                           above: inout [VP8Intra.SubblockMode], left: inout [VP8Intra.SubblockMode],
                           column: Int) -> Modes {
        var modes = Modes()
        if header.segmentation.updatesMap {
            let p = header.segmentation.treeProbabilities
            modes.segment = !decoder.bit(Int(p[0])) ? (decoder.bit(Int(p[1])) ? 1 : 0) : (decoder.bit(Int(p[2])) ? 3 : 2)
        }
        if let skipProbability = header.skipProbability { modes.skip = decoder.bit(skipProbability) }
        modes.subblockPrediction = !decoder.bit(145)
        if !modes.subblockPrediction {
            let luma: VP8Intra.BlockMode = decoder.bit(156) ? (decoder.bit(128) ? .trueMotion : .horizontal)
                                                            : (decoder.bit(163) ? .vertical : .dc)
            modes.luma = luma
            // The neighbours' 4×4 contexts take the 16×16 mode (DC, TM, VE and HE share numbers).
            let context = VP8Intra.SubblockMode(rawValue: luma.rawValue) ?? .dc
            for i in 0..<4 {
                above[column * 4 + i] = context
                left[i] = context
            }
        } else {
            for y in 0..<4 {
                var leftMode = left[y]
                for x in 0..<4 {
                    let aboveMode = above[column * 4 + x]
                    let mode = readSubblockMode(&decoder, above: aboveMode, left: leftMode)
                    modes.subblocks[y * 4 + x] = mode
                    above[column * 4 + x] = mode
                    leftMode = mode
                }
                left[y] = leftMode
            }
        }
        modes.chroma = !decoder.bit(142) ? .dc : !decoder.bit(114) ? .vertical : decoder.bit(183) ? .trueMotion : .horizontal
        return modes
    }

    /// One 4×4 mode from the tree whose probabilities depend on the modes above and to the left.
    private func readSubblockMode(_ decoder: inout VP8BoolDecoder, above: VP8Intra.SubblockMode,
                                  left: VP8Intra.SubblockMode) -> VP8Intra.SubblockMode {
        let p = (above.rawValue * 10 + left.rawValue) * 9
        let table = VP8Tables.subblockModeProbabilities
        @inline(__always) func bit(_ branch: Int) -> Bool { decoder.bit(Int(table[p + branch])) }
        if !bit(0) { return .dc }
        if !bit(1) { return .trueMotion }
        if !bit(2) { return .vertical }
        if !bit(3) {
            if !bit(4) { return .horizontal }
            return !bit(5) ? .downRight : .verticalRight
        }
        if !bit(6) { return .downLeft }
        if !bit(7) { return .verticalLeft }
        return !bit(8) ? .horizontalDown : .horizontalUp
    }

    // MARK: Reconstruction

    /// Predicts the macroblock at (`column`, `row`) in the workspace, adds its residuals and
    /// copies it into the planes.
    private func reconstruct(_ modes: Modes, residuals: VP8Residuals, column mbX: Int, row mbY: Int, columns: Int,
                             workspace w: inout [UInt8], y: inout [UInt8], u: inout [UInt8], v: inout [UInt8],
                             lumaStride: Int, chromaStride: Int) {
        let stride = VP8Workspace.stride
        let yOrigin = VP8Workspace.luma
        let planeY = mbY * 16 * lumaStride + mbX * 16
        // The edges: the (unfiltered) neighbours in the planes, or 127 above / 129 left outside.
        for i in 0..<16 {
            w[yOrigin - stride + i] = mbY > 0 ? y[planeY - lumaStride + i] : 127
            w[yOrigin + i * stride - 1] = mbX > 0 ? y[planeY + i * lumaStride - 1] : 129
        }
        w[yOrigin - stride - 1] = mbY == 0 ? 127 : mbX == 0 ? 129 : y[planeY - lumaStride - 1]
        if modes.subblockPrediction {
            // Above-right of the macroblock, also used by the right column of subblocks below.
            for i in 0..<4 {
                var value: UInt8 = 127
                if mbY > 0 {
                    value = mbX < columns - 1 ? y[planeY - lumaStride + 16 + i] : y[planeY - lumaStride + 15]
                }
                for row in 0..<4 { w[yOrigin + (4 * row - 1) * stride + 16 + i] = value }
            }
            for n in 0..<16 {
                let origin = yOrigin + (n >> 2) * 4 * stride + (n & 3) * 4
                VP8Intra.predictSubblock(&w, at: origin, mode: modes.subblocks[n])
                addResidual(residuals, block: n, to: &w, at: origin)
            }
        } else {
            VP8Intra.predictBlock(&w, at: yOrigin, size: 16, mode: modes.luma, hasAbove: mbY > 0, hasLeft: mbX > 0)
            for n in 0..<16 {
                let origin = yOrigin + (n >> 2) * 4 * stride + (n & 3) * 4
                addResidual(residuals, block: n, to: &w, at: origin)
            }
        }
        for r in 0..<16 {
            for i in 0..<16 { y[planeY + r * lumaStride + i] = w[yOrigin + r * stride + i] }
        }
        let planeUV = mbY * 8 * chromaStride + mbX * 8
        reconstructChroma(modes.chroma, residuals: residuals, firstBlock: 16, origin: VP8Workspace.u,
                          column: mbX, row: mbY, workspace: &w, plane: &u, at: planeUV, stride: chromaStride)
        reconstructChroma(modes.chroma, residuals: residuals, firstBlock: 20, origin: VP8Workspace.v,
                          column: mbX, row: mbY, workspace: &w, plane: &v, at: planeUV, stride: chromaStride)
    }

    /// Predicts and reconstructs one 8×8 chroma block at `origin` of the workspace, and copies
    /// it into `plane` at `planeOrigin`.
    private func reconstructChroma(_ mode: VP8Intra.BlockMode, residuals: VP8Residuals, firstBlock: Int, origin: Int,
                                   column mbX: Int, row mbY: Int, workspace w: inout [UInt8], plane: inout [UInt8],
                                   at planeOrigin: Int, stride planeStride: Int) {
        let stride = VP8Workspace.stride
        for i in 0..<8 {
            w[origin - stride + i] = mbY > 0 ? plane[planeOrigin - planeStride + i] : 127
            w[origin + i * stride - 1] = mbX > 0 ? plane[planeOrigin + i * planeStride - 1] : 129
        }
        w[origin - stride - 1] = mbY == 0 ? 127 : mbX == 0 ? 129 : plane[planeOrigin - planeStride - 1]
        VP8Intra.predictBlock(&w, at: origin, size: 8, mode: mode, hasAbove: mbY > 0, hasLeft: mbX > 0)
        for n in 0..<4 {
            addResidual(residuals, block: firstBlock + n, to: &w, at: origin + (n >> 1) * 4 * stride + (n & 1) * 4)
        }
        for r in 0..<8 {
            for i in 0..<8 { plane[planeOrigin + r * planeStride + i] = w[origin + r * stride + i] }
        }
    }

    /// Adds the residual of `block` (none, DC only, or a full inverse DCT) to the 4×4 pixels at
    /// `origin` of the workspace.
    @inline(__always)
    private func addResidual(_ residuals: VP8Residuals, block: Int, to w: inout [UInt8], at origin: Int) {
        switch residuals.blockContent[block] {
        case 2:
            VP8Transform.addInverseDCT(residuals.coefficients, at: block * 16, to: &w, at: origin,
                                       stride: VP8Workspace.stride)
        case 1:
            VP8Transform.addDC(residuals.coefficients[block * 16], to: &w, at: origin, stride: VP8Workspace.stride)
        default:
            break
        }
    }
}
