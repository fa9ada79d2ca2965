import LottieModel

// MARK: - CheckpointWalk
//
// Walking the units of a frame's canvas against the last frame's (`CanvasCheckpoint`): which to
// skip, where to copy the checkpoint in, and where to move it.

/// Where the canvas of a frame being drawn stands against the last frame's units
/// (`CanvasCheckpoint`).
struct CheckpointWalk {
    let checkpoint: CanvasCheckpoint
    /// Units that may be skipped: what the checkpoint's canvas holds (0 when it cannot be used).
    let available: Int
    /// The index of the next unit.
    private(set) var index = 0
    /// Whether every unit so far drew like the last frame's unit at its place.
    private(set) var matching = true
    /// Whether the checkpoint's canvas was copied into the frame's canvas.
    private(set) var restored = false
    /// Whether units were skipped that the checkpoint does not hold: the frame must be drawn again
    /// in full.
    private(set) var failed = false
    /// This frame's units so far.
    private(set) var units: [CanvasCheckpoint.Unit] = []

    /// What to do with a unit.
    enum Step {
        /// Draw it (recording its notes).
        case draw
        /// Draw nothing: the checkpoint holds it (note `notes` again), or the walk failed.
        case skip(notes: [LottieDiagnostic])
    }

    init(checkpoint: CanvasCheckpoint, available: Int) {
        self.checkpoint = checkpoint
        self.available = available
        units.reserveCapacity(checkpoint.units.count)
    }

    /// Decides about the next unit. `restore` copies the checkpoint's canvas into the frame's;
    /// `save` copies the frame's canvas into the checkpoint's (before the frame's first changed
    /// unit) and returns whether it did.
    mutating func begin(revision: UInt64, clip: PixelRect, restore: () -> Void, save: () -> Bool) -> Step {
        guard !failed else { return .skip(notes: []) }
        let position = index
        index += 1
        let unit = CanvasCheckpoint.Unit(revision: revision, clip: clip, notes: [])
        if matching && position == available && available > 0 && !restored {
            restore()
            restored = true
        }
        let last = checkpoint.units
        if matching, position < last.count, last[position].drawsLike(unit) {
            if position < available {
                units.append(last[position])
                return .skip(notes: last[position].notes)
            }
            units.append(unit)
            return .draw
        }
        if matching {
            matching = false
            if position < available {
                // Skipped units below this one that the checkpoint holds only with this one.
                failed = true
                return .skip(notes: [])
            }
            // The checkpoint moves here when it can; otherwise it still holds its units, which
            // drew like this frame's.
            if position != available && position > 0 && save() { checkpoint.count = position }
        }
        units.append(unit)
        return .draw
    }

    /// Records the notes of the unit just drawn.
    mutating func end(notes: [LottieDiagnostic]) {
        guard !failed, !units.isEmpty else { return }
        units[units.count - 1].notes = notes
    }

    /// Ends the frame's walk: copies the checkpoint's canvas in when every unit was skipped, and
    /// keeps this frame's units for the next. Returns false when the frame must be drawn again in
    /// full (`failed`).
    mutating func finish(restore: () -> Void) -> Bool {
        if !failed && matching && available > 0 && !restored {
            if index == available {
                restore()
                restored = true
            } else {
                failed = true
            }
        }
        guard !failed else { return false }
        checkpoint.units = units
        return true
    }
}
