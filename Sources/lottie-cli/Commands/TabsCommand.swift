import LottieModel
import Foundation
import LottiePlay

// MARK: - TabsCommand

/// `lottie-cli tabs [ICON.json ...] [--script S] ...`: a tab bar whose icons are animations,
/// simulated: a transcript of a scripted session, one line per displayed frame, or the bar
/// live in the terminal.
struct TabsCommand: Command {
    let name = "tabs"
    let summary = "Simulate a tab bar of animated icons: a transcript of a scripted session, or live in a terminal"

    /// More displayed frames than this is almost certainly a mistake in the script.
    static let maxFrames = 100_000

    var signature: CommandSignature {
        CommandSignature(
            positionals: [Positional(name: "ICON", help: "A Lottie JSON file per tab (default: the built-in home and user icons)",
                                     isOptional: true, isRepeating: true)],
            options: [
                Option("titles", value: "T1,T2", help: "The tabs' titles, comma-separated (default: Home,Profile, or the file names)"),
                Option("script", value: "S", help: "Commands to run instead of the keyboard: \"tick 250ms; tap 2; tick 1s\""),
                Option("script-file", value: "FILE", help: "Read the script from a file"),
                Option("fps", value: "N", help: "Display frames per second: one transcript line each (default 30)"),
            ] + ArtOptions.options + [
                Option("no-autoplay", help: "Do not play the selected icon at launch"),
                Option("initial", value: "N", help: "The tab selected at launch, by position from 1 (default 1)"),
                Option("action", value: "ICON", help: "Add a centre action button with this icon; tapping it fires an action"),
                Option("action-title", value: "T", help: "The action button's title (default +)"),
                Option("state", value: "FILE", help: "Restore the selection from FILE at launch if it exists; save it there at the end"),
                Option("highlight", value: "CURVE", help: "How the selection highlight slides: ease-in-out, ease-in, ease-out, "
                       + "linear, spring or none (default spring:0.3,0.7; see THE HIGHLIGHT)"),
                Option("tint-selected", value: "COLOR", help: "Tint the selected tab's icon #rrggbb (every fill and stroke; "
                       + "default with --tint-normal: #007aff)"),
                Option("tint-normal", value: "COLOR", help: "Tint the other icons #rrggbb (default with --tint-selected: #8e8e93)"),
                .set, .slot, .theme,
                Option("json", help: "Print the transcript as a JSON array, one object per displayed frame, for programs"),
                Option("width", value: "N", help: "Columns a transcript line may take before its events (default "
                       + "\(TabTranscript.defaultMaxWidth); 0: no limit): cells drop details, then cut titles, to fit"),
                .animation, .limits, .limit,
            ])
    }

    let discussion = """
        THE RULES (of the app being simulated): exactly one tab is selected; tapping it again does
        nothing; selecting another tab resets the old tab's icon to its start at once and plays the
        new one's once; at launch the initial tab's icon plays once. The action button never takes
        the selection: a tap fires its action and plays its icon.

        THE TRANSCRIPT: one line per displayed frame: the time, then for each button its title (in
        [brackets] when selected), its icon's progress and frame and its player's state (idle,
        playing, finished), then the highlight's position, then what happened since the previous
        line. The launch is the first line, at time 0. With --art, pictures of the icons follow the
        lines with events, every 10th line and the last one. A line fits 100 columns before its
        events (--width): with many buttons the cells drop the frame ('[Home]   3.3% playing'),
        then show whole percents and the state's first letter ('[Home]   3% p': i idle, p
        playing, f finished), then cut the titles short. Titles from file names leave out the
        extension and capitalise each word ('tab_search.json' is 'Tab Search'). The action
        button sits in the middle of the tabs (with an odd number of tabs, after the larger half).

        THE HIGHLIGHT: the selected tab sits on a highlight that slides to a newly selected tab, as
        SwiftUI's withAnimation moves it. Its column is its centre in button positions (0 = the
        first button's centre, 1 = the second's, the action button counted; fractional while it
        moves); --art draws it as a capsule under the icons. --highlight picks the curve:
          ease-in-out[:DURATION]     cubic-bezier(0.42, 0, 0.58, 1)
          ease-in[:DURATION]         cubic-bezier(0.42, 0, 1, 1)
          ease-out[:DURATION]        cubic-bezier(0, 0, 0.58, 1)
          linear[:DURATION]          constant speed; these four take 0.35 s unless DURATION is given
          spring[:RESPONSE,DAMPING]  SwiftUI's spring(response:dampingFraction:), 0.3,0.7 unless
                                     given (the default curve)
          none                       the highlight jumps
        When the selection changes during a move, a timing curve starts again from where the
        highlight is; a spring keeps its velocity, and settles once within 0.001 of its tab and
        slower than 0.001 a second. DURATION and RESPONSE are seconds: 0.35, 0.35s or 350ms.

        JSON: with --json the transcript is a JSON array, one object a line: a frame is {"time",
        "tabs": [{"id", "title", "selected", "progress", "frame", "state"}], "highlight",
        "events"}; a save is {"time", "save"} ({"time", "save", "file"} for --state). Numbers are
        not rounded; the words of the events are those of the text transcript.

        THE SCRIPT: commands separated by ';' or newlines, '#' starts a comment:
          tick DURATION   let time pass: 250ms, 1s, 1.5s, 10f (display frames); 'tick' alone: 1 frame
          tap N           tap the button at position N (from 1, the action button included)
          select ID       tap the tab with this id or title
          left, right     the arrow keys: select the tab to the left or right of the selected one
          save            print the state an app would save, as JSON
        The whole script is checked before anything runs. A tap happens at the current time and
        shows on the next frame. Without --script, on a terminal the bar runs live (keys 1-9 tap,
        left/right arrows move the selection, q quits); otherwise a demo script runs:
        \(Self.demoScript.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n"))

        EXAMPLES:
          lottie-cli tabs
          lottie-cli tabs --script "tick 250ms; tap 2; tick 1s; tap 2; tap 1" --art
          lottie-cli tabs Samples/home.json Samples/user.json --titles Home,Me --action Samples/home.json --script "tap 2; tick 10f"
          lottie-cli tabs --script "tap 2; tick 10f" --highlight spring:0.3,0.7 --json
        """

    /// What `lottie-cli tabs` runs when there is no script and no terminal to play live in:
    /// every rule once, in about two and a half seconds.
    static let demoScript = """
        tick 1s     # launch: Home's icon plays once and finishes
        tap 2       # select Profile: Home's icon goes back to 0 at once, Profile's plays
        tick 0.5s
        tap 2       # tapping the selected tab again does nothing
        tick 0.2s
        tap 1       # back to Home while Profile's icon still plays: it is cut short and reset
        tick 1s     # Home's icon plays once more and finishes
        save        # the selection an app would store
        """

    func run(_ arguments: Arguments) throws -> ExitCode {
        let fps = try Self.fps(arguments)
        let art = try ArtOptions(arguments, color: ArtOptions.terminalWantsColor)
        let json = arguments.flag("json")
        if json, art.isEnabled {
            throw UsageError("--json prints no art; give either --json or --art (--ascii, --braille, --size)")
        }
        if json, arguments.value("width") != nil {
            throw UsageError("--width sets the text transcript's columns; --json has none")
        }
        let script = try Self.script(arguments)
        let setup = try TabBarSetup(arguments)
        for warning in setup.warnings { Console.writeError("lottie-cli: warning: \(warning)\n") }
        let (bar, notes) = try setup.bar()
        let timelines = IconTimelines(bar)

        guard let script else {
            if !json, isatty(STDIN_FILENO) != 0, isatty(STDOUT_FILENO) != 0 {
                var liveArt = art
                liveArt.isEnabled = true
                var live = InteractiveTabBar(session: TabBarSession(bar: bar, launchNotes: notes), fps: fps,
                                             art: liveArt, timelines: timelines, statePath: setup.statePath)
                return try live.run()
            }
            return try runScript(try TabScript(parsing: Self.demoScript), bar: bar, notes: notes, fps: fps, art: art,
                                 json: json, width: try Self.width(arguments), timelines: timelines,
                                 statePath: setup.statePath)
        }
        return try runScript(script, bar: bar, notes: notes, fps: fps, art: art, json: json,
                             width: try Self.width(arguments), timelines: timelines, statePath: setup.statePath)
    }

    /// Runs the script and prints the whole transcript at once, after saving the state.
    private func runScript(_ script: TabScript, bar: TabBarController, notes: [String], fps: Int, art: ArtOptions,
                           json: Bool, width: Int?, timelines: IconTimelines, statePath: String?) throws -> ExitCode {
        do {
            try script.check(against: bar)
        } catch {
            throw UsageError(error.description)
        }
        let frames = (TabScriptRun.duration(of: script, fps: fps) * Double(fps)).rounded(.up)
        guard frames <= Double(Self.maxFrames) else {
            throw UsageError("the script lasts \(Format.number(frames / Double(fps))) s, \(digitsGrouped(Int(frames))) "
                + "frames at \(fps) fps; at most \(digitsGrouped(Self.maxFrames)) frames")
        }
        let transcript = TabTranscript(titles: bar.items.map(\.title), maxWidth: width)
        let barArt = art.isEnabled
            ? TabBarArt(timelines: timelines, options: art,
                        pitch: transcript.cellWidth + TabTranscript.separator.count,
                        indent: TabTranscript.timeWidth + TabTranscript.separator.count, trimmed: true)
            : nil
        var run = TabScriptRun(session: TabBarSession(bar: bar, launchNotes: notes), fps: fps, art: barArt, json: json,
                               maxWidth: width)
        var lines = run.run(script)
        if let statePath {
            let state = run.session.bar.state
            try TabBarSetup.save(state, to: statePath)
            lines.append(json ? TabTranscriptJSON.save(time: run.time, state: state, file: statePath)
                : TabTranscript.time(run.time) + TabTranscript.separator + "saved \(TabScriptRun.json(state)) to \(statePath)")
        }
        Console.write(json ? TabTranscriptJSON.document(lines) : lines.joined(separator: "\n") + "\n")
        return .success
    }

    // MARK: Options

    /// `--width N`: the widest line before the events, nil for no limit (0).
    static func width(_ arguments: Arguments) throws(UsageError) -> Int? {
        guard let value = try arguments.number("width") else { return TabTranscript.defaultMaxWidth }
        guard value.rounded() == value, value == 0 || (40...1000).contains(value) else {
            throw UsageError("--width must be 0 (no limit) or a whole number of columns from 40 to 1000, got \(Format.number(value))")
        }
        return value == 0 ? nil : Int(value)
    }

    /// `--fps N`: a whole number of display frames per second.
    static func fps(_ arguments: Arguments) throws(UsageError) -> Int {
        guard let value = try arguments.number("fps") else { return 30 }
        guard value.rounded() == value, (1...240).contains(value) else {
            throw UsageError("--fps must be a whole number from 1 to 240, got \(Format.number(value))")
        }
        return Int(value)
    }

    /// `--script` or `--script-file`, parsed; nil when neither is given.
    private static func script(_ arguments: Arguments) throws -> TabScript? {
        let source: String
        switch (arguments.value("script"), arguments.value("script-file")) {
        case (.some, .some):
            throw UsageError("give either --script or --script-file, not both")
        case (.some(let text), nil):
            source = text
        case (nil, .some(let path)):
            guard let data = FileManager.default.contents(atPath: path) else {
                throw CommandFailure("cannot read the script file '\(path)'")
            }
            source = String(decoding: data, as: UTF8.self)
        case (nil, nil):
            return nil
        }
        do {
            return try TabScript(parsing: source)
        } catch {
            throw UsageError(error.description)
        }
    }
}
