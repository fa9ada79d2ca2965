import Foundation
import LottieModel
import LottiePlay

// MARK: - TabBarSetup

/// The bar a `lottie-cli tabs` command line describes: its icons (files, or the built-in home
/// and user samples), titles, centre action button, initial selection, saved state and how
/// the selection highlight moves.
///
/// Everything that can fail is checked here, before a session starts: usage errors (exit 2)
/// for the options, `CommandFailure` (exit 1) for files that cannot be used.
struct TabBarSetup {
    /// One button's icon before it goes into the bar.
    struct Icon {
        var title: String
        var animation: LottieAnimation
    }

    var tabs: [Icon]
    var action: Icon?
    /// The 1-based bar position of `--initial`, if given.
    var initialPosition: Int?
    var playsOnLaunch: Bool
    /// `--state FILE`.
    var statePath: String?
    /// `--highlight CURVE`.
    var highlight: HighlightAnimation
    /// `--tint-selected COLOR` and `--tint-normal COLOR` (either one: iOS's default for the other).
    var tint: TabTint?
    /// What compiling the icon files warned about (a frame rate of 0, cycles...), each as
    /// `FILE: JSON path: message`.
    var warnings: [String] = []

    // MARK: Reading the command line

    /// Reads the icons and options. Option problems are thrown before any file is read.
    init(_ arguments: Arguments) throws {
        let paths = arguments.positionals
        let titles = try Self.titles(arguments.value("titles"), count: paths.isEmpty ? 2 : paths.count)
        let actionTitle = arguments.value("action-title") ?? "+"
        guard !actionTitle.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw UsageError("--action-title must not be empty")
        }
        if arguments.value("action-title") != nil, arguments.value("action") == nil {
            throw UsageError("--action-title needs --action ICON.json")
        }
        if let text = arguments.value("initial") {
            guard let position = Int(text), position >= 1 else {
                throw UsageError("--initial must be a tab number from 1, got '\(text)'")
            }
            initialPosition = position
        }
        playsOnLaunch = !arguments.flag("no-autoplay")
        statePath = arguments.value("state")
        highlight = try HighlightOption.animation(arguments.value("highlight"))
        tint = try Self.tint(selected: arguments.value("tint-selected"), normal: arguments.value("tint-normal"))

        if paths.isEmpty {
            tabs = [Icon(title: titles?[0] ?? "Home", animation: try Self.builtIn(BuiltInSamples.home, "home.json", arguments)),
                    Icon(title: titles?[1] ?? "Profile", animation: try Self.builtIn(BuiltInSamples.user, "user.json", arguments))]
        } else {
            var icons: [Icon] = []
            for (offset, path) in paths.enumerated() {
                icons.append(Icon(title: titles?[offset] ?? Self.title(forFile: path),
                                  animation: try Self.load(path, arguments, warnings: &warnings)))
            }
            tabs = icons
        }
        if let path = arguments.value("action") {
            action = Icon(title: actionTitle, animation: try Self.load(path, arguments, warnings: &warnings))
        }
    }

    /// An icon file's animation; what compiling it warns about goes to `warnings`.
    private static func load(_ path: String, _ arguments: Arguments, warnings: inout [String]) throws -> LottieAnimation {
        let loaded = try loadAnimation(path, arguments)
        warnings += loaded.compile().warnings.map { "\(path): \($0)" }
        return loaded.animation
    }

    /// `--titles Home,Profile`, one per icon.
    private static func titles(_ text: String?, count: Int) throws(UsageError) -> [String]? {
        guard let text else { return nil }
        let titles = text.split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        guard titles.count == count else {
            throw UsageError("--titles gives \(Format.plural(titles.count, "title")) for \(Format.plural(count, "icon"))")
        }
        guard !titles.contains(where: \.isEmpty) else { throw UsageError("--titles has an empty title") }
        return titles
    }

    /// A title from a file name: without its folder and extension, `_`, `-` and `.` as spaces,
    /// each word capitalised: `icons/home.json` -> "Home", `tab_bar-search.lottie` -> "Tab Bar
    /// Search", `frame-rate-zero.json` -> "Frame Rate Zero". A name of no letters stays as it is.
    static func title(forFile path: String) -> String {
        let stem = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        let words = stem.split { $0 == "_" || $0 == "-" || $0 == "." || $0.isWhitespace }
        guard !words.isEmpty else { return stem }
        return words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
    }

    /// The tint of `--tint-selected` and `--tint-normal`, nil when neither is given; a missing
    /// one is iOS's default (system blue #007aff selected, grey #8e8e93 otherwise).
    static func tint(selected: String?, normal: String?) throws -> TabTint? {
        guard selected != nil || normal != nil else { return nil }
        func color(_ text: String?, _ option: String, default fallback: String) throws -> LottieColor {
            let text = text ?? fallback
            guard text.hasPrefix("#"), case .array(let components)? = JSONValue(valueText: text) else {
                throw UsageError("--\(option) must be a colour #rrggbb, got '\(text)'")
            }
            return LottieColor(components.compactMap(\.numberValue).prefix(3).map { $0 })
        }
        return TabTint(selected: try color(selected, "tint-selected", default: "#007aff"),
                       normal: try color(normal, "tint-normal", default: "#8e8e93"))
    }

    /// A built-in sample, decoded, with the values of `--slot` and `--set`.
    private static func builtIn(_ text: String, _ name: String, _ arguments: Arguments) throws -> LottieAnimation {
        let animation: LottieAnimation
        do {
            animation = try LottieDecoder().decode(Data(text.utf8))
        } catch {
            throw CommandFailure("cannot decode the built-in \(name): \(error)")
        }
        var loaded = LoadedAnimation(path: name, byteCount: text.utf8.count, animation: animation, json: Array(text.utf8))
        try applyValueOptions(arguments, to: &loaded)
        return loaded.animation
    }

    // MARK: Building the bar

    /// The items in bar order: the tabs, with the action button in the middle (after the first
    /// half of the tabs; with an odd number of tabs, the extra one is on its left).
    var items: [TabItem] {
        var items = tabs.map { TabItem(id: Self.id(for: $0.title), title: $0.title, animation: $0.animation) }
        if let action {
            items.insert(TabItem(id: Self.id(for: action.title), title: action.title, animation: action.animation,
                                 role: .action), at: Self.actionPosition(tabs: tabs.count))
        }
        return items
    }

    /// Where the action button goes among `tabs` tabs: the middle, `ceil(tabs / 2)`.
    static func actionPosition(tabs: Int) -> Int { (tabs + 1) / 2 }

    /// "My Tab" -> "my-tab": what the state file stores.
    static func id(for title: String) -> String {
        title.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: "-")
    }

    /// The bar at launch, and notes on how its selection was chosen: restored from `--state`
    /// when the file exists, else `--initial`, else the first tab.
    func bar() throws -> (TabBarController, notes: [String]) {
        let items = items
        var notes: [String] = []
        do {
            if let statePath, let state = try Self.savedState(at: statePath) {
                let bar = try TabBarController(items: items, restoring: state, playOnLaunch: playsOnLaunch,
                                               highlight: highlight, tint: tint)
                switch bar.restoreResult {
                case .unknownID(let id, let index):
                    notes.append("\(statePath) names no tab '\(id)'; selected \(items[index].title) instead")
                case .restored(let index):
                    notes.append("restored \(items[index].title) from \(statePath)")
                case nil:
                    break
                }
                return (bar, notes)
            }
            if let statePath { notes.append("no saved selection in \(statePath) yet") }
            var selection: Int?
            if let initialPosition {
                guard items.indices.contains(initialPosition - 1) else {
                    throw UsageError("--initial \(initialPosition): there is no tab \(initialPosition); "
                        + "the bar has tabs 1 to \(items.count)")
                }
                guard items[initialPosition - 1].role == .tab else {
                    throw UsageError("--initial \(initialPosition): '\(items[initialPosition - 1].title)' is the "
                        + "action button and cannot be selected")
                }
                selection = initialPosition - 1
            }
            return (try TabBarController(items: items, initialSelection: selection, playOnLaunch: playsOnLaunch,
                                         highlight: highlight, tint: tint), notes)
        } catch let error as TabBarError {
            switch error {
            case .duplicateID(let id):
                throw UsageError("two buttons have the id '\(id)' (from their titles); give distinct --titles")
            default:
                throw UsageError("\(error)")
            }
        }
    }

    /// The state saved at `path`, nil when there is no file.
    static func savedState(at path: String) throws -> TabBarState? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CommandFailure("cannot read the state file '\(path)'")
        }
        do {
            return try JSONDecoder().decode(TabBarState.self, from: data)
        } catch {
            throw CommandFailure("the state file '\(path)' is not a saved selection such as {\"selectedID\":\"home\"}")
        }
    }

    /// Writes the selection to `path` as one JSON line.
    static func save(_ state: TabBarState, to path: String) throws {
        do {
            try Data((TabScriptRun.json(state) + "\n").utf8).write(to: URL(fileURLWithPath: path))
        } catch {
            throw CommandFailure("cannot save the state to '\(path)': \(error.localizedDescription)")
        }
    }
}
