// MARK: - AnimatedImageError

/// Frames that cannot be written as an animated image (GIF, APNG) or a contact sheet.
///
/// `description` is a sentence naming the frame or value at fault, e.g.
/// "frame 3 is 64×32, the first frame is 64×64".
public struct AnimatedImageError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public var kind: Kind

    /// An error of `kind`.
    public init(_ kind: Kind) {
        self.kind = kind
    }

    /// The kinds of failure.
    public enum Kind: Equatable, Sendable {
        /// No frames were given.
        case noFrames
        /// A frame whose size differs from the first frame's.
        case frameSizeMismatch(index: Int, width: Int, height: Int, expectedWidth: Int, expectedHeight: Int)
        /// A frame with no pixels, or larger than the format allows on a side.
        case unsupportedSize(width: Int, height: Int, maxSide: Int)
        /// A frame rate that is not a positive finite number.
        case invalidFrameRate(Double)
    }

    public var description: String {
        switch kind {
        case .noFrames:
            return "there are no frames to write"
        case let .frameSizeMismatch(index, width, height, expectedWidth, expectedHeight):
            return "frame \(index) is \(width)×\(height), the first frame is \(expectedWidth)×\(expectedHeight)"
        case let .unsupportedSize(width, height, maxSide):
            return "a frame of \(width)×\(height) cannot be written: each side must be 1 to \(maxSide) pixels"
        case let .invalidFrameRate(rate):
            return "the frame rate must be a positive number, not \(rate)"
        }
    }
}

// MARK: - Checking frames

extension AnimatedImageError {
    /// Checks that there is at least one frame, that all have the first frame's size and that each
    /// side is 1...`maxSide`.
    static func checkFrames(_ frames: [RGBAImage], maxSide: Int) throws(AnimatedImageError) {
        guard let first = frames.first else { throw AnimatedImageError(.noFrames) }
        guard (1...maxSide).contains(first.width), (1...maxSide).contains(first.height) else {
            throw AnimatedImageError(.unsupportedSize(width: first.width, height: first.height, maxSide: maxSide))
        }
        for (index, frame) in frames.enumerated() where frame.width != first.width || frame.height != first.height {
            throw AnimatedImageError(.frameSizeMismatch(index: index, width: frame.width, height: frame.height,
                                                        expectedWidth: first.width, expectedHeight: first.height))
        }
    }

    /// Checks that `framesPerSecond` is positive and finite.
    static func checkFrameRate(_ framesPerSecond: Double) throws(AnimatedImageError) {
        guard framesPerSecond.isFinite, framesPerSecond > 0 else {
            throw AnimatedImageError(.invalidFrameRate(framesPerSecond))
        }
    }
}
