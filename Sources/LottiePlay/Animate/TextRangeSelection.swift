import Foundation

// MARK: - Range selector shapes

/// How a range selector's amount rises and falls over its range (`sh`).
enum TextRangeShape: Int, Sendable {
    case square = 1, rampUp = 2, rampDown = 3, triangle = 4, round = 5, smooth = 6
}

/// A range selector's values at one frame, as the file writes them (percent or units).
struct TextRangeValues: Sendable {
    var start: Double
    /// Nil: the end of the text.
    var end: Double?
    var offset: Double
    /// Percent.
    var amount: Double
    /// Ease high and ease low, percent.
    var maxEase: Double
    var minEase: Double
    /// Percent; the square shape's only.
    var smoothness: Double
    var shape: TextRangeShape
    var inPercent: Bool
}

/// A range selector resolved for a text of `count` units: how much of the animator's style each
/// unit gets, as After Effects computes it (lottie-web's `TextSelectorProperty` and ThorVG's
/// `LottieTextRange::factor` follow it): unit `i` covers `[i, i + 1)`; start, end and offset are
/// in percent of the count or in units; start and end are swapped when reversed; the shape's
/// value at the unit's middle (its coverage for the square) is eased by the ease high and low
/// curve and scaled by the amount (which may be negative or above 100%).
struct TextRangeSelection: Sendable {
    let start: Double
    let end: Double
    let shape: TextRangeShape
    let smoothness: Double
    let amount: Double
    let easing: CubicBezierEasing?

    init(_ values: TextRangeValues, count: Int) {
        let units = Double(max(count, 0))
        let divisor = values.inPercent ? (units > 0 ? 100 / units : 1) : 1
        let end = values.end ?? (values.inPercent ? 100 : units)
        var first = (values.start + values.offset) / divisor
        var last = (end + values.offset) / divisor
        if first > last { swap(&first, &last) }
        start = first
        self.end = last
        shape = values.shape
        smoothness = min(max(values.smoothness, 0), 100) / 100
        amount = values.amount / 100
        let high = min(max(values.maxEase, -100), 100) / 100
        let low = min(max(values.minEase, -100), 100) / 100
        if high == 0 && low == 0 {
            easing = nil
        } else {
            // Ease low bends the curve's start, ease high its end (After Effects' "Ease High/Low").
            easing = CubicBezierEasing(x1: low > 0 ? low : 0, y1: low > 0 ? 0 : -low,
                                       x2: high > 0 ? 1 - high : 1, y2: high > 0 ? 1 : 1 + high)
        }
    }

    /// The share of the style unit `index` gets (0 to 1 before the amount).
    func factor(at index: Double) -> Double {
        let width = end - start
        // Where the unit's middle falls in the range, 0 at its start and 1 at its end.
        let along = width == 0 ? (index >= end ? 1.0 : 0.0) : min(max((index + 0.5 - start) / width, 0), 1)
        var value: Double
        switch shape {
        case .square:
            value = 0
            if index >= start.rounded(.down) {
                value = index < start ? min(end, 1) - (start - index) : end - index
                value = min(max(value, 0), 1)
            }
            if smoothness < 1 {
                let threshold = 0.5 - smoothness / 2
                value = value < threshold ? 0 : min((value - threshold) / max(smoothness, 1e-8), 1)
            }
        case .rampUp:
            value = along
        case .rampDown:
            value = 1 - along
        case .triangle:
            value = width == 0 ? 0 : (along < 0.5 ? 2 * along : 2 - 2 * along)
        case .round:
            if width == 0 {
                value = 0
            } else {
                let x = along * 2 - 1
                value = (1 - x * x).squareRoot()
            }
        case .smooth:
            value = width == 0 ? 0 : (1 + cos(Double.pi + 2 * Double.pi * along)) / 2
        }
        if let easing { value = easing.progress(at: min(max(value, 0), 1)) }
        return value * amount
    }
}
