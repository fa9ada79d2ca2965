import Foundation
import LottieModel

// MARK: - Asserting an animation against a snapshot

extension AnimationSnapshot {
    /// True when the environment has `RECORD_SNAPSHOTS=1`: assertions write snapshots instead
    /// of comparing.
    public static var isRecording: Bool {
        ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1"
    }

    /// The tolerance used when none is given: one unit of the last printed decimal, so that a
    /// value that rounds the other way on another machine is not a failure.
    public static func defaultTolerance(precision: Int) -> Double {
        var tolerance = 1.0
        for _ in 0..<precision { tolerance /= 10 }
        return tolerance
    }

    /// A snapshot of `animation` at the same frames and precision as this one (for comparing
    /// with it): the stored frame list, or each property's keyframes.
    public func evaluating(_ animation: LottieAnimation, fileName: String) -> AnimationSnapshot {
        var snapshot = AnimationSnapshot(
            animation, fileName: fileName, sampling: header.frames.map(SnapshotSampling.frames) ?? .keyframes,
            precision: header.precision)
        snapshot.header.sampling = header.sampling
        return snapshot
    }

    /// Compares `animation` with this snapshot: evaluated at the snapshot's frames and
    /// precision, within `tolerance` (default: `defaultTolerance(precision:)`).
    public func compare(_ animation: LottieAnimation, fileName: String, tolerance: Double? = nil) -> SnapshotComparison {
        SnapshotComparison(
            expected: self, actual: evaluating(animation, fileName: fileName),
            tolerance: tolerance ?? Self.defaultTolerance(precision: header.precision))
    }

    /// Asserts that the animation file at `animationURL` (JSON, `.tgs`, `.lottie` or zip bundle:
    /// its default animation) matches the snapshot file at
    /// `snapshotURL`; with `record` (by default when `RECORD_SNAPSHOTS=1`) writes the snapshot
    /// instead, keeping the sampling and precision of the one it replaces.
    ///
    /// Works with any test framework: a mismatch is a thrown `SnapshotAssertionError` whose
    /// description lists the differing keypaths, frames and values.
    ///
    /// XCTest:
    ///
    ///     func testHomeIcon() throws {
    ///         try AnimationSnapshot.assertMatches(
    ///             animationAt: Bundle.module.url(forResource: "home", withExtension: "json")!,
    ///             snapshot: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("home.snap"))
    ///     }
    ///
    /// Swift Testing:
    ///
    ///     @Test func homeIcon() throws {
    ///         try AnimationSnapshot.assertMatches(animationAt: homeURL, snapshot: homeSnapshotURL, tolerance: 0.01)
    ///     }
    ///
    /// Record (or re-record) with `RECORD_SNAPSHOTS=1 swift test`.
    ///
    /// - Parameters:
    ///   - tolerance: the largest difference between numbers that still matches
    ///     (default: one unit of the snapshot's last decimal).
    ///   - sampling, precision: used when a snapshot is recorded for the first time.
    /// - Returns: the comparison (in record mode, of the old snapshot with the new one, if any).
    @discardableResult
    public static func assertMatches(
        animationAt animationURL: URL, snapshot snapshotURL: URL, tolerance: Double? = nil,
        sampling: SnapshotSampling = .everyFrame, precision: Int = 3, record: Bool = isRecording
    ) throws(SnapshotAssertionError) -> SnapshotComparison {
        let animation: LottieAnimation
        do {
            animation = try AnimationFolder.animation(at: animationURL)
        } catch {
            throw .unreadableAnimation(animationURL, "\(error)")
        }
        return try assertMatches(animation, fileName: animationURL.lastPathComponent, animationPath: animationURL.path,
                                 snapshot: snapshotURL, tolerance: tolerance, sampling: sampling, precision: precision,
                                 record: record)
    }

    /// `assertMatches(animationAt:...)` for an animation already decoded; `animationPath` names
    /// it in the report.
    static func assertMatches(
        _ animation: LottieAnimation, fileName: String, animationPath: String, snapshot snapshotURL: URL, tolerance: Double?,
        sampling: SnapshotSampling, precision: Int, record: Bool
    ) throws(SnapshotAssertionError) -> SnapshotComparison {
        let stored: AnimationSnapshot?
        if let data = FileManager.default.contents(atPath: snapshotURL.path) {
            do {
                stored = try AnimationSnapshot(parsing: String(decoding: data, as: UTF8.self))
            } catch {
                if !record { throw .unreadableSnapshot(snapshotURL, error) }
                stored = nil
            }
        } else {
            stored = nil
        }
        if record {
            let fresh = AnimationSnapshot(
                animation, fileName: fileName, sampling: stored?.header.sampling ?? sampling,
                precision: stored?.header.precision ?? precision)
            do {
                try Data(fresh.text.utf8).write(to: snapshotURL)
            } catch {
                throw .unwritableSnapshot(snapshotURL, "\(error)")
            }
            return SnapshotComparison(
                expected: stored ?? fresh, actual: fresh,
                tolerance: tolerance ?? defaultTolerance(precision: fresh.header.precision))
        }
        guard let stored else { throw .missingSnapshot(snapshotURL) }
        let comparison = stored.compare(animation, fileName: fileName, tolerance: tolerance)
        guard comparison.isMatch else {
            throw .mismatch(comparison, report: comparison.report(animation: animationPath, snapshot: snapshotURL.path))
        }
        return comparison
    }
}

// MARK: - SnapshotAssertionError

/// Why `assertMatches` failed; the description says what to do.
public enum SnapshotAssertionError: Error, CustomStringConvertible, Sendable {
    /// The animation differs from the snapshot; `report` lists the differing keypaths and values.
    case mismatch(SnapshotComparison, report: String)
    /// There is no snapshot file yet.
    case missingSnapshot(URL)
    case unreadableAnimation(URL, String)
    case unreadableSnapshot(URL, SnapshotFormatError)
    case unwritableSnapshot(URL, String)

    public var description: String {
        switch self {
        case .mismatch(_, let report):
            report + "(re-record with RECORD_SNAPSHOTS=1 if the change is intended)"
        case .missingSnapshot(let url):
            "no snapshot at \(url.path); record it with RECORD_SNAPSHOTS=1"
        case .unreadableAnimation(let url, let reason):
            "cannot read the animation \(url.path): \(reason)"
        case .unreadableSnapshot(let url, let error):
            "cannot read the snapshot \(url.path): \(error)"
        case .unwritableSnapshot(let url, let reason):
            "cannot write the snapshot \(url.path): \(reason)"
        }
    }
}
