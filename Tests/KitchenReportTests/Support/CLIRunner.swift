import Foundation
import KitchenCLI
import Synchronization

/// The output of one in-process `kitchen` run.
struct CLIOutcome: Sendable {
    let status: CLI.ExitStatus
    let out: String
    let error: String
}

/// Runs `kitchen ARGUMENTS` in-process with a capturing console (not a terminal, like CI), on a
/// thread of its own: `CLI.run` blocks until the command's async work is done.
func kitchen(_ arguments: String...) async -> CLIOutcome {
    await withCheckedContinuation { continuation in
        let thread = Thread {
            let out = Mutex(""), error = Mutex("")
            let console = Console(out: { text in out.withLock { $0 += text } },
                                  error: { text in error.withLock { $0 += text } }, isTerminal: false)
            let status = CLI.run(arguments, console: console)
            continuation.resume(returning: CLIOutcome(status: status, out: out.withLock { $0 }, error: error.withLock { $0 }))
        }
        thread.start()
    }
}
