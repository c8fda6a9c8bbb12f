import Foundation
import KitchenCLI
import Synchronization

/// The output of one in-process `kitchen` run.
struct CLIOutcome: Sendable {
    let status: CLI.ExitStatus
    let out: String
    let error: String
}

/// Runs `kitchen ARGUMENTS` in-process with a capturing console (not a terminal, like CI).
func kitchen(_ arguments: String..., terminal: Bool = false) async -> CLIOutcome {
    await kitchen(arguments, terminal: terminal)
}

/// Runs `kitchen ARGUMENTS` in-process with a capturing console. `CLI.run` blocks its thread
/// until the command's async work finishes, so it runs on a thread of its own: blocking a
/// thread of the cooperative pool (two on this machine) could starve the very work it waits for.
func kitchen(_ arguments: [String], terminal: Bool = false) async -> CLIOutcome {
    await withCheckedContinuation { continuation in
        let thread = Thread {
            let out = Mutex(""), error = Mutex("")
            let console = Console(out: { text in out.withLock { $0 += text } },
                                  error: { text in error.withLock { $0 += text } }, isTerminal: terminal)
            let status = CLI.run(arguments, console: console)
            continuation.resume(returning: CLIOutcome(status: status, out: out.withLock { $0 }, error: error.withLock { $0 }))
        }
        thread.start()
    }
}
