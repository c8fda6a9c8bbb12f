import Foundation
import Synchronization

/// A child process started with `posix_spawn`: standard input from /dev/null, standard output
/// and error into pipes, no other descriptor of this process inherited, and its exit waited for
/// on a thread of its own.
///
/// Not Foundation's `Process`: on Linux its `run()` lists /proc/self/fd and copies each whole
/// `d_name` out of `readdir`, reading past the entry, and now and then that crashes the test
/// process (a bug of swift-corelibs-foundation in Swift 6.3.1).
///
/// ```swift
/// let child = try SpawnedProcess("/bin/sh", ["-c", "echo hi; exit 3"])
/// let text = child.standardOutput.readToEnd()   // "hi\n"
/// let ended = await child.exited()               // .exited(3)
/// ```
public final class SpawnedProcess: Sendable {
    /// How a child ended.
    public enum Termination: Equatable, Sendable, CustomStringConvertible {
        /// It exited with this status (0–255).
        case exited(Int32)
        /// A signal it did not handle ended it.
        case signalled(Int32)

        /// The meaning of a wait status as `waitpid` reports it for an ended child: the low
        /// seven bits are the signal that ended it (0: none), the next byte the exit status.
        public init(waitStatus: Int32) {
            let signal = waitStatus & 0x7f
            self = signal == 0 ? .exited((waitStatus >> 8) & 0xff) : .signalled(signal)
        }

        /// The exit status or the signal's number, as Foundation's `terminationStatus` gives it.
        public var code: Int32 {
            switch self {
            case .exited(let status), .signalled(let status): status
            }
        }

        public var description: String {
            switch self {
            case .exited(let status): "exit \(status)"
            case .signalled(let signal): "killed by signal \(signal)"
            }
        }
    }

    /// The child's process id (also its process group's).
    public let processIdentifier: Int32
    /// What the child writes to its standard output.
    public let standardOutput: PipeReader
    /// What the child writes to its standard error.
    public let standardError: PipeReader
    private let exitState = ExitState()

    /// Starts `executable` (a path; no search of PATH) with `arguments`, in this process's
    /// environment. Throws ``SpawnError/cannotStart(executable:code:reason:)`` when the file is
    /// missing or not executable.
    public init(_ executable: String, _ arguments: [String]) throws(SpawnError) {
        let outputPipe = try SpawnPlatform.makePipe()
        defer { SpawnPlatform.closeDescriptor(outputPipe.write) }
        standardOutput = PipeReader(descriptor: outputPipe.read)
        let errorPipe = try SpawnPlatform.makePipe()
        defer { SpawnPlatform.closeDescriptor(errorPipe.write) }
        standardError = PipeReader(descriptor: errorPipe.read)
        let environment = ProcessInfo.processInfo.environment.map { "\($0.key)=\($0.value)" }
        processIdentifier = try SpawnPlatform.spawn(path: executable, arguments: arguments, environment: environment,
                                                    output: outputPipe.write, error: errorPipe.write)
        // The thread holds the exit state only: the pipes close when their owner lets go.
        let thread = Thread { [processIdentifier, exitState] in exitState.reap(processIdentifier) }
        thread.name = "spawned-process-wait"
        thread.start()
    }

    /// How it ended, or nil while it runs.
    public var termination: Termination? { exitState.termination.withLock { $0 } }

    /// Whether it has not yet been seen to end.
    public var isRunning: Bool { termination == nil }

    /// Sends `signal`; returns false (and sends nothing) once the child has been reaped.
    @discardableResult
    public func send(signal: Int32) -> Bool {
        exitState.termination.withLock { termination in
            guard termination == nil else { return false }
            SpawnPlatform.send(signal, to: processIdentifier)
            return true
        }
    }

    /// Sends SIGTERM.
    public func terminate() { send(signal: SIGTERM) }

    /// How it ended, waiting at most `seconds` (blocks the calling thread); nil if it still runs.
    public func wait(seconds: Int) -> Termination? {
        _ = exitState.ended.wait(seconds: seconds)
        return termination
    }

    /// How it ended, once it has.
    public func exited() async -> Termination {
        await exitState.ended.wait()
        // Fired only after the termination was stored.
        return termination ?? .exited(-1)
    }
}

/// A child's termination, stored by the thread that waits for it.
private final class ExitState: Sendable {
    /// How it ended, once reaped. Signals are sent under this lock too, so none reaches a
    /// process that took the id over after the reaping.
    let termination = Mutex<SpawnedProcess.Termination?>(nil)
    /// Fired once `termination` is stored.
    let ended = Signal()

    /// Waits for `pid` to end, then reaps it and stores how it ended.
    func reap(_ pid: Int32) {
        SpawnPlatform.awaitExit(of: pid)
        termination.withLock { termination in
            // Lost only if something else in this process reaped it first: reported as exit -1.
            termination = SpawnPlatform.reap(pid).map(SpawnedProcess.Termination.init(waitStatus:)) ?? .exited(-1)
        }
        ended.fire()
    }
}
