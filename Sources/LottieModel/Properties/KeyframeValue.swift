// MARK: - KeyframeValue

/// A value an animated property can hold: a number, a vector, a colour, a bezier path,
/// gradient stops or a text document.
///
/// Lottie writes the same value in two shapes: as the static `k` of a property and as the
/// `s`/`e` of a keyframe, where old exporters wrap scalars and paths in one-element arrays.
/// Each value type reads both forms and writes the form current players expect.
public protocol KeyframeValue: Equatable, Sendable {
    /// Reads the value written as a property's static `k`.
    init(staticValueFrom decoder: Decoder) throws
    /// Reads the value written as a keyframe's `s` or `e`.
    init(keyframeValueFrom decoder: Decoder) throws
    func encodeStaticValue(to encoder: Encoder) throws
    func encodeKeyframeValue(to encoder: Encoder) throws
}

extension KeyframeValue {
    public init(keyframeValueFrom decoder: Decoder) throws {
        try self.init(staticValueFrom: decoder)
    }

    public func encodeKeyframeValue(to encoder: Encoder) throws {
        try encodeStaticValue(to: encoder)
    }
}

// MARK: - Scalar

extension Double: KeyframeValue {
    /// A scalar is written `5` or `[5]`.
    public init(staticValueFrom decoder: Decoder) throws {
        self = try LenientDouble(from: decoder).value
    }

    public func encodeStaticValue(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(self)
    }

    /// Keyframe values of scalars are arrays: `"s": [5]`.
    public func encodeKeyframeValue(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode([self])
    }
}

// MARK: - Vector

/// A point, size, scale or other multi-dimensional value, with as many components as the
/// file gives (2 for most, 3 for 3D layers).
public struct Vector: KeyframeValue, Hashable, Codable, ExpressibleByArrayLiteral {
    /// Up to two components inline: a path keeps thousands of these (issue 7).
    var storage: InlineNumbers

    /// The components as the file gave them. Reading builds an array; prefer `x`, `y`, `z`
    /// and `self[index, default:]` in loops.
    public var components: [Double] {
        get { storage.array }
        set { storage = InlineNumbers(newValue) }
    }

    public init(_ components: [Double]) { storage = InlineNumbers(components) }
    public init(arrayLiteral elements: Double...) { storage = InlineNumbers(elements) }
    init(storage: InlineNumbers) { self.storage = storage }

    /// The component at `index`, or `fallback` when the file gave fewer.
    public subscript(index: Int, default fallback: Double) -> Double {
        storage.element(index, default: fallback)
    }

    public var x: Double { self[0, default: 0] }
    public var y: Double { self[1, default: 0] }
    public var z: Double { self[2, default: 0] }

    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try container.numberIfAny(at: decoder.codingPath) {
            storage = .one(number)
        } else if var list = try? decoder.unkeyedContainer() {
            // Element by element, so that `[1, "x"]` is reported at `[1]`, not at the array.
            var numbers: [Double] = []
            while !list.isAtEnd { numbers.append(try list.decodeNumber()) }
            storage = InlineNumbers(numbers)
        } else {
            throw DecodingError.typeMismatch(Vector.self, .init(
                codingPath: decoder.codingPath,
                debugDescription: "expected an array of numbers"))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(components)
    }

    public init(staticValueFrom decoder: Decoder) throws { try self.init(from: decoder) }
    public func encodeStaticValue(to encoder: Encoder) throws { try encode(to: encoder) }
}

// MARK: - Colour

/// A colour as written in the file: `[r, g, b]` or `[r, g, b, a]`, usually 0...1
/// (0...255 in files older than 4.1.9; the evaluator decides, see FORMAT.md).
public struct LottieColor: KeyframeValue, Hashable, Codable, ExpressibleByArrayLiteral {
    // An array, not `InlineNumbers`: colours have three or four components, more than fit
    // inline, and they are few next to points and tangents.
    public var components: [Double]

    public init(_ components: [Double]) { self.components = components }
    public init(arrayLiteral elements: Double...) { self.components = elements }

    public var red: Double { components.count > 0 ? components[0] : 0 }
    public var green: Double { components.count > 1 ? components[1] : 0 }
    public var blue: Double { components.count > 2 ? components[2] : 0 }
    public var alpha: Double { components.count > 3 ? components[3] : 1 }

    public init(from decoder: Decoder) throws {
        components = try Vector(from: decoder).components
    }

    public func encode(to encoder: Encoder) throws {
        try Vector(components).encode(to: encoder)
    }

    public init(staticValueFrom decoder: Decoder) throws { try self.init(from: decoder) }
    public func encodeStaticValue(to encoder: Encoder) throws { try encode(to: encoder) }
}

// MARK: - Gradient stops

/// The flat number list of a gradient: `[offset, r, g, b] * colourStops` followed by
/// `[offset, alpha] * opacityStops`. The count of colour stops lives in `GradientColors.p`.
public struct GradientStops: KeyframeValue, Hashable, Codable {
    public var values: [Double]

    public init(_ values: [Double]) { self.values = values }

    public init(from decoder: Decoder) throws {
        values = try Vector(from: decoder).components
    }

    public func encode(to encoder: Encoder) throws {
        try Vector(values).encode(to: encoder)
    }

    public init(staticValueFrom decoder: Decoder) throws { try self.init(from: decoder) }
    public func encodeStaticValue(to encoder: Encoder) throws { try encode(to: encoder) }
}
