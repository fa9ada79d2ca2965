import LottiePlay

// MARK: - TabScript

/// What happens to the tab bar in a `lottie-cli tabs --script` session: taps and the passing
/// of time, in order.
///
///     tick 1s      # let the launch animation finish
///     tap 2; tick 250ms; tap 2; tap 1
///     save
///
/// Commands are separated by `;` or newlines; `#` starts a comment that runs to the end of the
/// line. Commands are numbered from 1 in the order written (blank pieces do not count), and
/// errors name the command by that number and its text:
///
///     script command 3 'tapp 2': unknown command; expected tick, tap, select, left, right or save
///
/// A script is parsed whole (`init(parsing:)`) and checked against the bar (`check(against:)`)
/// before anything runs, so a bad script prints nothing but its error.
struct TabScript: Equatable, Sendable {
    /// One command of the script.
    enum Instruction: Equatable, Sendable {
        /// `tick DURATION`: let time pass (`tick` alone: one display frame).
        case tick(ClockDuration)
        /// `tap N`: a tap on the button at position N of the bar, from 1, the action button included.
        case tap(Int)
        /// `select ID`: a tap on the tab with this id or title (case-insensitive).
        case select(String)
        /// `left` / `right`: the arrow keys: a tap on the nearest tab on that side of the selected
        /// one (the action button is skipped); nothing at the end of the bar.
        case left
        case right
        /// `save`: print the state an app would save, as a JSON line.
        case save
    }

    /// A command with where it came from.
    struct Step: Equatable, Sendable {
        /// Its number in the script, from 1.
        var number: Int
        /// The command as written, without surrounding blanks.
        var text: String
        var instruction: Instruction
    }

    var steps: [Step]

    /// The command words, for messages.
    static let commandList = "tick, tap, select, left, right or save"

    init(steps: [Step]) {
        self.steps = steps
    }

    /// Parses a whole script. Throws for the first command that is not understood.
    init(parsing source: String) throws(ScriptError) {
        var steps: [Step] = []
        for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
            let commands: [(text: String, words: [String])]
            do {
                commands = try Self.commands(in: line)
            } catch {
                throw ScriptError(number: steps.count + 1, text: line.trimmingCharacters(in: .whitespaces),
                                  message: error.message)
            }
            for (text, words) in commands {
                let number = steps.count + 1
                let instruction: Instruction
                do {
                    instruction = try Self.instruction(words)
                } catch {
                    throw ScriptError(number: number, text: text, message: error.message)
                }
                steps.append(Step(number: number, text: text, instruction: instruction))
            }
        }
        self.steps = steps
    }

    /// The commands of one line, each with its text and its words: commands end at `;`, a `#`
    /// starts a comment, and words are separated by spaces, except inside quotes (`"My Tab"` or
    /// `'My Tab'`, which hold `;` and `#` as they are).
    private static func commands(in line: Substring) throws(Problem) -> [(text: String, words: [String])] {
        var commands: [(text: String, words: [String])] = []
        var words: [String] = []
        var word: String?
        var quote: Character?
        func endWord() {
            if let finished = word { words.append(finished) }
            word = nil
        }
        func endCommand() {
            endWord()
            guard !words.isEmpty else { return }
            let text = words.map { $0.contains(" ") || $0.isEmpty ? "\"\($0)\"" : $0 }.joined(separator: " ")
            commands.append((text, words))
            words = []
        }
        for character in line {
            if let open = quote {
                if character == open { quote = nil } else { word = (word ?? "") + String(character) }
                continue
            }
            switch character {
            case "#":
                endCommand()
                return commands
            case ";": endCommand()
            case "\"", "'":
                quote = character
                word = word ?? ""
            case let space where space.isWhitespace: endWord()
            default: word = (word ?? "") + String(character)
            }
        }
        if let open = quote { throw Problem(message: "a quote \(open) is not closed") }
        endCommand()
        return commands
    }

    /// Throws for the first command that names a button the bar does not have.
    func check(against bar: TabBarController) throws(ScriptError) {
        for step in steps {
            switch step.instruction {
            case .tap(let position):
                guard bar.items.indices.contains(position - 1) else {
                    throw ScriptError(step, "there is no tab \(position); the bar has tabs 1 to \(bar.items.count)")
                }
            case .select(let name):
                _ = try Self.index(ofTab: name, in: bar, step: step)
            case .tick, .left, .right, .save:
                break
            }
        }
    }

    /// The index of the tab a `select` names: by id, else by title, ignoring case.
    static func index(ofTab name: String, in bar: TabBarController, step: Step) throws(ScriptError) -> Int {
        let items = bar.items
        let lowered = name.lowercased()
        guard let index = items.firstIndex(where: { $0.id == name })
            ?? items.firstIndex(where: { $0.id.lowercased() == lowered || $0.title.lowercased() == lowered })
        else {
            let names = items.filter { $0.role == .tab }.map { "\($0.id) (\($0.title))" }.joined(separator: ", ")
            throw ScriptError(step, "no tab has the id or title '\(name)'; the tabs are \(names)")
        }
        guard items[index].role == .tab else {
            throw ScriptError(step, "'\(items[index].title)' is the action button and cannot be selected; "
                + "use 'tap \(index + 1)'")
        }
        return index
    }

    // MARK: Parsing one command

    private struct Problem: Error {
        var message: String
    }

    private static func instruction(_ words: [String]) throws(Problem) -> Instruction {
        let arguments = words.dropFirst()
        switch words[0].lowercased() {
        case "tick", "wait":
            guard let text = arguments.first else { return .tick(ClockDuration(1, .frames)) }
            guard arguments.count == 1, let duration = ClockDuration(parsing: text.lowercased()) else {
                throw Problem(message: "expected one duration such as \(ClockDuration.examples)")
            }
            return .tick(duration)
        case "tap":
            guard arguments.count == 1, let position = Int(arguments[arguments.startIndex]), position >= 1 else {
                throw Problem(message: "expected a tab number from 1, such as 'tap 2'")
            }
            return .tap(position)
        case "select":
            // The words of a title in several words are one title: `select My Tab` or `select "My Tab"`.
            guard !arguments.isEmpty else {
                throw Problem(message: "expected a tab id or title, such as 'select profile' or 'select \"My Tab\"'")
            }
            return .select(arguments.joined(separator: " "))
        case "left", "right", "save":
            guard arguments.isEmpty else { throw Problem(message: "'\(words[0])' takes no argument") }
            switch words[0].lowercased() {
            case "left": return .left
            case "right": return .right
            default: return .save
            }
        default:
            throw Problem(message: "unknown command; expected \(commandList)")
        }
    }
}

// MARK: - ScriptError

/// A script command that cannot run, named by its number and text.
struct ScriptError: Error, Equatable, Sendable, CustomStringConvertible {
    var number: Int
    var text: String
    var message: String

    init(number: Int, text: String, message: String) {
        self.number = number
        self.text = text
        self.message = message
    }

    init(_ step: TabScript.Step, _ message: String) {
        self.init(number: step.number, text: step.text, message: message)
    }

    /// `script command 3 'tapp 2': unknown command; expected tick, tap, select, left, right or save`.
    var description: String { "script command \(number) '\(text)': \(message)" }
}
