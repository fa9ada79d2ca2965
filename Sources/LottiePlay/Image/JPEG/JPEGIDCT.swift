import Foundation

// MARK: - Dequantization and inverse DCT
//
// An accurate separable float IDCT straight from the definition (T.81 A.3.3):
//
//     f(x, y) = 1/4 Σu Σv C(u) C(v) F(u, v) cos((2x + 1)uπ/16) cos((2y + 1)vπ/16),  C(0) = 1/√2
//
// as two passes of 8×8 matrix products (columns, then rows), with the 1/2·C(u) factors folded into
// the cosine matrix. Columns whose AC coefficients are all zero (most of them) take a shortcut.
// Results are level-shifted by 128, rounded and clamped to 0...255. This agrees with libjpeg's
// default integer IDCT (jidctint) to within 1 on nearly every sample.

/// Dequantizes and inverse-transforms blocks into a component's sample plane.
struct JPEGIDCT {
    /// `cosines[x * 8 + u]` = C(u)/2 · cos((2x + 1)uπ/16).
    static let cosines: [Float] = {
        var table = [Float](repeating: 0, count: 64)
        for x in 0..<8 {
            for u in 0..<8 {
                let scale = u == 0 ? 1 / (2 * 2.0.squareRoot()) : 0.5
                table[x * 8 + u] = Float(scale * cos(Double(2 * x + 1) * Double(u) * Double.pi / 16))
            }
        }
        return table
    }()

    /// Scratch space reused for every block: dequantized coefficients and the column pass.
    private var input = [Float](repeating: 0, count: 64)
    private var columns = [Float](repeating: 0, count: 64)
    private let cosines = JPEGIDCT.cosines

    /// Transforms every allocated block of `component` into a plane of
    /// `blocksPerLineAllocated × 8` samples per row.
    mutating func samples(of component: JPEGComponent) -> [UInt8] {
        let stride = component.blocksPerLineAllocated * 8
        var plane = [UInt8](repeating: 0, count: stride * component.blocksPerColumnAllocated * 8)
        let quantization = component.quantization ?? [UInt16](repeating: 1, count: 64)
        // Only the blocks holding the component's samples are needed; the rest is MCU padding.
        for blockRow in 0..<component.blocksPerColumn {
            for blockColumn in 0..<component.blocksPerLine {
                let base = (blockRow * component.blocksPerLineAllocated + blockColumn) * 64
                transform(component.coefficients, base, quantization,
                          into: &plane, at: blockRow * 8 * stride + blockColumn * 8, stride: stride)
            }
        }
        return plane
    }

    /// One block: coefficients at `base` (natural order) → 8×8 samples at `offset` of `plane`.
    private mutating func transform(_ coefficients: [Int16], _ base: Int, _ quantization: [UInt16],
                                    into plane: inout [UInt8], at offset: Int, stride: Int) {
        for index in 0..<64 {
            input[index] = Float(coefficients[base + index]) * Float(quantization[index])
        }
        // Columns: columns[y * 8 + u] = Σv c(y, v) · F(v, u). Since c(7 − y, v) = (−1)^v c(y, v),
        // the even and odd halves of the sum give rows y and 7 − y together.
        for u in 0..<8 {
            var acZero = true
            for v in 1..<8 where input[v * 8 + u] != 0 {
                acZero = false
                break
            }
            if acZero {
                let value = input[u] * cosines[0]
                for y in 0..<8 { columns[y * 8 + u] = value }
                continue
            }
            let f0 = input[u], f1 = input[8 + u], f2 = input[16 + u], f3 = input[24 + u]
            let f4 = input[32 + u], f5 = input[40 + u], f6 = input[48 + u], f7 = input[56 + u]
            for y in 0..<4 {
                let c = y * 8
                let even = cosines[c] * f0 + cosines[c + 2] * f2 + cosines[c + 4] * f4 + cosines[c + 6] * f6
                let odd = cosines[c + 1] * f1 + cosines[c + 3] * f3 + cosines[c + 5] * f5 + cosines[c + 7] * f7
                columns[y * 8 + u] = even + odd
                columns[(7 - y) * 8 + u] = even - odd
            }
        }
        // Rows: f(y, x) = Σu c(x, u) · columns(y, u), level-shifted, rounded and clamped.
        for y in 0..<8 {
            let row = offset + y * stride, r = y * 8
            let g0 = columns[r], g1 = columns[r + 1], g2 = columns[r + 2], g3 = columns[r + 3]
            let g4 = columns[r + 4], g5 = columns[r + 5], g6 = columns[r + 6], g7 = columns[r + 7]
            for x in 0..<4 {
                let c = x * 8
                let even = 128.5 + cosines[c] * g0 + cosines[c + 2] * g2 + cosines[c + 4] * g4 + cosines[c + 6] * g6
                let odd = cosines[c + 1] * g1 + cosines[c + 3] * g3 + cosines[c + 5] * g5 + cosines[c + 7] * g7
                plane[row + x] = JPEGIDCT.clamp(even + odd)
                plane[row + 7 - x] = JPEGIDCT.clamp(even - odd)
            }
        }
    }

    /// A level-shifted sample (0.5 already added) truncated to 0...255.
    private static func clamp(_ value: Float) -> UInt8 {
        value <= 0 ? 0 : value >= 255 ? 255 : UInt8(value)
    }
}
