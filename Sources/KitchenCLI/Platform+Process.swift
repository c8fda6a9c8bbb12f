// Fenced: KitchenCLI's only C-library calls (signal dispositions, whether stdout is a terminal).
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#else
#error("no branch for this C library (Glibc and Darwin only)")
#endif

/// The process-level calls the commands need, named here only.
enum ProcessPlatform {
    /// The signals a long-running command stops on, with their names.
    static let terminationSignals: [(number: Int32, name: String)] = [(SIGINT, "SIGINT"), (SIGTERM, "SIGTERM")]

    /// Turns the default action of signal `number` off, so a dispatch source can see it instead.
    static func ignore(_ number: Int32) {
        _ = signal(number, SIG_IGN)
    }

    /// Whether standard output is a terminal.
    static var standardOutputIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }
}
