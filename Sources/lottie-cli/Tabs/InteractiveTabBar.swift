import LottiePlay

// MARK: - InteractiveTabBar

/// `lottie-cli tabs` on a terminal without a script: the bar runs in real time, redrawn in
/// place at `fps`, and the keyboard taps it: `1`-`9` tap the button at that position, the
/// left and right arrows move the selection, `q` (or Ctrl-C) quits.
///
/// The screen is a block of lines rewritten each frame (the cursor goes back up to its first
/// line): a help line, the icons and the highlight as terminal art, the time and the highlight's
/// position, each button's state, and the last things that happened. The terminal is put back
/// as it was however the loop ends.
struct InteractiveTabBar {
    var session: TabBarSession
    let fps: Int
    let art: ArtOptions
    let timelines: IconTimelines
    let statePath: String?
    /// The icons as terminal art, keeping their scenes from frame to frame.
    private var barArt: TabBarArt?

    init(session: TabBarSession, fps: Int, art: ArtOptions, timelines: IconTimelines, statePath: String?) {
        self.session = session
        self.fps = fps
        self.art = art
        self.timelines = timelines
        self.statePath = statePath
        barArt = art.isEnabled ? TabBarArt(timelines: timelines, options: art, pitch: art.columns + 4, indent: 2) : nil
    }

    /// Lines of recent events kept on screen.
    static let logLength = 5

    mutating func run() throws -> ExitCode {
        let terminal = try RawTerminal.enter()
        defer { terminal.restore() }
        terminal.write("\u{1B}[?25l")  // hide the cursor

        var decoder = KeyDecoder()
        var log: [String] = []
        var drawnLines = 0
        let clock = ContinuousClock()
        let start = clock.now
        var ticked = start  // the icons have been ticked up to this instant
        let frameLength = Duration.seconds(1) / fps
        var nextFrame = start
        var quitting = false

        func seconds(_ duration: Duration) -> Double {
            let (whole, attoseconds) = duration.components
            return Double(whole) + Double(attoseconds) / 1e18
        }

        while true {
            // The icons catch up with the clock, then the frame is drawn.
            let now = clock.now
            session.tick(seconds: seconds(now - ticked))
            ticked = now
            let time = seconds(now - start)
            let words = session.takeWords()
            if !words.isEmpty {
                log.append(TabTranscript.time(time) + "  " + words.joined(separator: "; "))
                log = Array(log.suffix(Self.logLength))
            }
            let lines = screen(time: time, log: log, columns: terminal.columns)
            var text = drawnLines > 0 ? "\r\u{1B}[\(drawnLines)A" : ""
            for line in lines { text += "\u{1B}[2K" + line + "\n" }
            terminal.write(text)
            drawnLines = lines.count
            if quitting { break }

            // Keys until the next frame is due.
            nextFrame = max(nextFrame + frameLength, clock.now)
            while !quitting, clock.now < nextFrame {
                let waiting = nextFrame - clock.now
                let bytes = terminal.read(waitingUpTo: Int((seconds(waiting) * 1000).rounded(.up)))
                guard !bytes.isEmpty else { continue }
                // A key happens at the moment it is read.
                let now = clock.now
                session.tick(seconds: seconds(now - ticked))
                ticked = now
                for key in decoder.keys(from: bytes) {
                    switch key {
                    case .digit(let position):
                        if position <= session.bar.items.count { session.tap(position - 1) }
                    case .left: session.move(by: -1)
                    case .right: session.move(by: 1)
                    case .quit: quitting = true
                    }
                }
            }
        }

        var farewell = "quit after \(Format.number(seconds(clock.now - start), maxFractionDigits: 1)) s"
        if let statePath {
            let state = session.bar.state
            try TabBarSetup.save(state, to: statePath)
            farewell += "; saved \(TabScriptRun.json(state)) to \(statePath)"
        }
        terminal.write(farewell + "\n")
        return .success
    }

    // MARK: Screen

    /// The lines of one frame, each cut to the terminal's width (art lines aside).
    private mutating func screen(time: Double, log: [String], columns: Int) -> [String] {
        let count = session.bar.items.count
        let keys = count > 1 ? "1-\(count)" : "1"
        var lines = ["lottie-cli tabs: keys \(keys) tap a button, left/right arrows move the selection, q quits", ""]
        let statuses = session.statuses
        let highlight = session.bar.highlight.position
        if let pictures = barArt?.lines(for: statuses, highlight: highlight) {
            lines += pictures
            lines.append("")
        }
        let transcript = TabTranscript(titles: session.titles, maxWidth: nil)
        let states = session.iconStates
        lines.append("  " + TabTranscript.time(time) + "  highlight at "
            + TabTranscript.highlight(highlight).drop { $0 == " " })
        for index in statuses.indices {
            lines.append("  \(index + 1) " + transcript.cell(statuses[index], state: states[index]).trimmingTrailingSpaces)
        }
        lines.append("")
        lines += log
        lines += Array(repeating: "", count: Self.logLength - log.count)
        let artRange = art.isEnabled ? 2..<(2 + art.lines + 2) : 0..<0  // the pictures, captions and highlight
        return lines.enumerated().map { offset, line in
            artRange.contains(offset) ? line : String(line.prefix(max(columns - 1, 1)))
        }
    }
}
