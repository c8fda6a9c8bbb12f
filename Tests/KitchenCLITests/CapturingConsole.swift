import Foundation
import Synchronization
@testable import KitchenCLI

/// A console that keeps what a command writes.
final class CapturingConsole: Sendable {
    private let written = Mutex<(out: String, error: String)>(("", ""))

    var console: Console {
        Console(out: { text in self.written.withLock { $0.out += text } },
                error: { text in self.written.withLock { $0.error += text } }, isTerminal: false)
    }

    var out: String { written.withLock { $0.out } }
    var error: String { written.withLock { $0.error } }
}

/// Runs `kitchen ARGS…` in-process.
func run(_ arguments: String...) -> (status: CLI.ExitStatus, out: String, error: String) {
    let capture = CapturingConsole()
    let status = CLI.run(arguments, console: capture.console)
    return (status, capture.out, capture.error)
}
