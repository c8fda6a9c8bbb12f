import Dispatch
import Foundation
import Synchronization

/// A program no one here wrote (curl, a Python peer), run with a deadline: a peer that hangs
/// is terminated and the test fails with its output, instead of hanging the suite.
public final class ExternalProcess: Sendable {
    /// How a finished process ended.
    public struct Outcome: CustomStringConvertible, Sendable {
        /// How it ended; nil if it still ran after being terminated and killed.
        public var termination: SpawnedProcess.Termination?
        public var timedOut: Bool
        public var stdout: String
        public var stderr: String
        /// The exit status, or the number of the signal that ended it; -1 if it still ran.
        public var status: Int32 { termination?.code ?? -1 }
        /// The last non-empty line of stdout (where the peers print their JSON summary).
        public var lastLine: String { stdout.split(separator: "\n").last.map(String.init) ?? "" }
        public var description: String {
            "\(termination?.description ?? "still running")\(timedOut ? " (timed out)" : ""); stdout: \(stdout); stderr: \(stderr)"
        }
    }

    private let child: SpawnedProcess

    /// The process id, for sending it a signal.
    public var processIdentifier: Int32 { child.processIdentifier }
    /// Bytes of stdout already read by `readLine()`.
    private let pending = Mutex<[UInt8]>([])
    /// Bytes of stderr already read by `standardError(until:)`.
    private let pendingError = Mutex<[UInt8]>([])

    /// Starts `executable` with `arguments`.
    public init(_ executable: String, _ arguments: [String]) throws {
        child = try SpawnedProcess(executable, arguments)
    }

    /// Runs to completion (at most `timeoutSeconds`) and returns how it ended. The wait happens
    /// off the cooperative pool (see ``offThePool(_:)``).
    public static func run(_ executable: String, _ arguments: [String], timeoutSeconds: Int = 60) async throws -> Outcome {
        let process = try ExternalProcess(executable, arguments)
        return await process.finish(timeoutSeconds: timeoutSeconds)
    }

    /// ``run(_:_:timeoutSeconds:)`` blocking the calling thread, for synchronous contexts
    /// (a static initializer); async tests use the async one.
    public static func runBlocking(_ executable: String, _ arguments: [String], timeoutSeconds: Int = 60) throws -> Outcome {
        try ExternalProcess(executable, arguments).finishBlocking(timeoutSeconds: timeoutSeconds)
    }

    /// Sends `signal` to the process, unless it has ended already (see ``SpawnedProcess/send(signal:)``).
    @discardableResult
    public func send(signal: Int32) -> Bool { child.send(signal: signal) }

    /// The next line of stdout, or nil at end of stream. Blocks; the peers print it at once
    /// (a port, at start) and exit on their own deadline, so end of stream always comes.
    public func readLine() -> String? {
        while true {
            if let line = pending.withLock({ bytes -> String? in
                guard let newline = bytes.firstIndex(of: 0x0A) else { return nil }
                defer { bytes.removeFirst(newline + 1) }
                return String(decoding: bytes[..<newline], as: UTF8.self)
            }) { return line }
            let bytes = child.standardOutput.read()
            if bytes.isEmpty { return nil }
            pending.withLock { $0 += bytes }
        }
    }

    /// ``readLine()`` for async code, off the cooperative pool (a peer may take seconds to start
    /// on a loaded machine).
    public func readLine() async -> String? { await offThePool { self.readLine() } }

    /// All of stderr so far, once it holds `marker` (or at end of stream). Blocks meanwhile (a
    /// banner, at start); what it read is part of ``finish(timeoutSeconds:)``'s stderr too.
    public func standardError(until marker: String) -> String {
        while true {
            let text = pendingError.withLock { String(decoding: $0, as: UTF8.self) }
            if text.contains(marker) { return text }
            let bytes = child.standardError.read()
            if bytes.isEmpty { return text }
            pendingError.withLock { $0 += bytes }
        }
    }

    /// ``standardError(until:)`` for async code, off the cooperative pool.
    public func standardError(until marker: String) async -> String {
        await offThePool { self.standardError(until: marker) }
    }

    /// Waits for exit (terminating the process after `timeoutSeconds`) and collects its output,
    /// off the cooperative pool.
    public func finish(timeoutSeconds: Int = 60) async -> Outcome {
        await offThePool { self.finishBlocking(timeoutSeconds: timeoutSeconds) }
    }

    /// ``finish(timeoutSeconds:)`` blocking the calling thread: only for a process already
    /// signalled (a `defer`, which cannot await), whose exit comes at once. A process still
    /// running at the deadline gets SIGTERM, and SIGKILL 10 s later.
    public func finishBlocking(timeoutSeconds: Int) -> Outcome {
        let readers = DispatchGroup()
        let collected = Mutex<[[UInt8]]>([[], []])
        for (slot, pipe) in [child.standardOutput, child.standardError].enumerated() {
            readers.enter()
            DispatchQueue.global().async {
                let bytes = pipe.readToEnd()
                collected.withLock { $0[slot] = bytes }
                readers.leave()
            }
        }
        var termination = child.wait(seconds: timeoutSeconds)
        let timedOut = termination == nil
        if timedOut {
            child.terminate()
            termination = child.wait(seconds: 10)
        }
        if termination == nil {
            child.send(signal: SIGKILL)
            termination = child.wait(seconds: 10)
        }
        _ = readers.wait(timeout: .now() + .seconds(10))
        let read = collected.withLock { $0 }
        let earlier = pending.withLock { $0 }, earlierError = pendingError.withLock { $0 }
        return Outcome(termination: termination, timedOut: timedOut,
                       stdout: String(decoding: earlier + read[0], as: UTF8.self),
                       stderr: String(decoding: earlierError + read[1], as: UTF8.self))
    }
}

/// The Python interpreter named by `KITCHEN_PYTHON` and the peer scripts in Tests/Interop.
public enum PythonPeer {
    public static let interpreter: String? = ProcessInfo.processInfo.environment["KITCHEN_PYTHON"].flatMap {
        $0.isEmpty ? nil : $0
    }

    /// The version of `module` importable by the interpreter, or nil (unset, or not installed).
    public static func version(of module: String) -> String? {
        guard let interpreter,
              let outcome = try? ExternalProcess.runBlocking(interpreter, ["-c", "import \(module); print(\(module).__version__)"],
                                                             timeoutSeconds: 30),
              outcome.status == 0 else { return nil }
        return outcome.lastLine
    }

    public static let websocketsVersion: String? = version(of: "websockets")
    public static let h11Version: String? = version(of: "h11")

    /// Tests/Interop/`name`, found from this file's place in the repository.
    public static func script(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Interop").appendingPathComponent(name).path
    }

    /// Parses a peer's JSON summary line.
    public static func summary(_ line: String) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(line.utf8))
        guard let dictionary = object as? [String: Any] else { throw PeerError.malformed("not a JSON object: \(line)") }
        return dictionary
    }
}
