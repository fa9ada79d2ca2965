#if canImport(Glibc)
import Glibc
private let systemRead = Glibc.read
private let systemWrite = Glibc.write
#elseif canImport(Darwin)
import Darwin
private let systemRead = Darwin.read
private let systemWrite = Darwin.write
#endif

// MARK: - RawTerminal

/// Standard input in raw mode, for the interactive tab bar: keys arrive one by one, without
/// echo, and Ctrl-C arrives as a key instead of a signal. Standard output keeps its newline
/// handling.
///
/// The terminal is always given back as it was: by `restore()` (call it in a `defer`), and by
/// a handler for SIGTERM, SIGHUP, SIGQUIT and SIGINT (sent by another process) that restores
/// it, shows the cursor again and exits.
struct RawTerminal {
    /// Enters raw mode; throws when standard input is not a terminal.
    static func enter() throws -> RawTerminal {
        var original = termios()
        guard tcgetattr(STDIN_FILENO, &original) == 0 else {
            throw CommandFailure("standard input is not a terminal: give the session with --script")
        }
        var raw = original
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG | IEXTEN)
        raw.c_iflag &= ~tcflag_t(IXON | ICRNL)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 0
            cc[Int(VTIME)] = 0
        }
        savedTerminal = original
        for signalNumber in [SIGTERM, SIGHUP, SIGQUIT, SIGINT] {
            signal(signalNumber, restoreAndExit)
        }
        guard tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw) == 0 else {
            throw CommandFailure("cannot put the terminal in raw mode")
        }
        return RawTerminal()
    }

    /// Gives the terminal back as it was and shows the cursor.
    func restore() {
        restoreSavedTerminal()
        for signalNumber in [SIGTERM, SIGHUP, SIGQUIT, SIGINT] {
            signal(signalNumber, SIG_DFL)
        }
    }

    /// Waits up to `milliseconds` for input and returns what arrived (empty when nothing did).
    func read(waitingUpTo milliseconds: Int) -> [UInt8] {
        var request = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        guard poll(&request, 1, Int32(max(0, milliseconds))) > 0 else { return [] }
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = buffer.withUnsafeMutableBytes { systemRead(STDIN_FILENO, $0.baseAddress, $0.count) }
        return count > 0 ? Array(buffer[..<count]) : []
    }

    /// The width of the terminal in characters (80 when unknown).
    var columns: Int {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return 80 }
        return Int(size.ws_col)
    }

    /// Writes text to standard output at once.
    func write(_ text: String) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes {
                systemWrite(STDOUT_FILENO, $0.baseAddress! + offset, $0.count - offset)
            }
            guard written > 0 else { return }
            offset += written
        }
    }
}

// MARK: - Restoring from a signal handler

/// The terminal's settings before raw mode, for the signal handler (which can capture nothing).
nonisolated(unsafe) private var savedTerminal: termios?

/// ANSI: show the cursor, reset colours.
private let showCursor: StaticString = "\u{1B}[?25h\u{1B}[0m\n"

private func restoreSavedTerminal() {
    guard var original = savedTerminal else { return }
    tcsetattr(STDIN_FILENO, TCSAFLUSH, &original)
    showCursor.withUTF8Buffer { _ = systemWrite(STDOUT_FILENO, $0.baseAddress, $0.count) }
    savedTerminal = nil
}

private func restoreAndExit(_ signalNumber: Int32) {
    restoreSavedTerminal()
    _exit(128 + signalNumber)
}
