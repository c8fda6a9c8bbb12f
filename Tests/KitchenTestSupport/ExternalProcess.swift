import Dispatch
import Foundation
import Synchronization

/// A program no one here wrote (curl, a Python peer), run with a deadline: a peer that hangs
/// is terminated and the test fails with its output, instead of hanging the suite.
public final class ExternalProcess: Sendable {
    /// How a finished process ended.
    public struct Outcome: CustomStringConvertible, Sendable {
        public var status: Int32
        public var timedOut: Bool
        public var stdout: String
        public var stderr: String
        /// The last non-empty line of stdout (where the peers print their JSON summary).
        public var lastLine: String { stdout.split(separator: "\n").last.map(String.init) ?? "" }
        public var description: String { "exit \(status)\(timedOut ? " (timed out)" : ""); stdout: \(stdout); stderr: \(stderr)" }
    }

    private let process: Process

    /// The process id, for sending it a signal.
    public var processIdentifier: Int32 { process.processIdentifier }
    private let stdoutPipe = Pipe()
    private let stderrPipe = Pipe()
    private let exited = Signal()
    /// Bytes of stdout already read by `readLine()`.
    private let pending = Mutex<[UInt8]>([])
    /// Bytes of stderr already read by `standardError(until:)`.
    private let pendingError = Mutex<[UInt8]>([])

    /// Starts `executable` with `arguments`.
    public init(_ executable: String, _ arguments: [String]) throws {
        process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardOutput = stdoutPipe
        process.standardError = stderrPipe
        process.standardInput = FileHandle.nullDevice
        process.terminationHandler = { [exited] _ in exited.fire() }
        try process.run()
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

    /// The next line of stdout, or nil at end of stream. Blocks; the peers print it at once
    /// (a port, at start) and exit on their own deadline, so end of stream always comes.
    public func readLine() -> String? {
        let handle = stdoutPipe.fileHandleForReading
        while true {
            if let line = pending.withLock({ bytes -> String? in
                guard let newline = bytes.firstIndex(of: 0x0A) else { return nil }
                defer { bytes.removeFirst(newline + 1) }
                return String(decoding: bytes[..<newline], as: UTF8.self)
            }) { return line }
            let data = handle.availableData
            if data.isEmpty { return nil }
            pending.withLock { $0 += data }
        }
    }

    /// All of stderr so far, once it holds `marker` (or at end of stream). Blocks meanwhile (a
    /// banner, at start); what it read is part of ``finish(timeoutSeconds:)``'s stderr too.
    public func standardError(until marker: String) -> String {
        let handle = stderrPipe.fileHandleForReading
        while true {
            let text = pendingError.withLock { String(decoding: $0, as: UTF8.self) }
            if text.contains(marker) { return text }
            let data = handle.availableData
            if data.isEmpty { return text }
            pendingError.withLock { $0 += data }
        }
    }

    /// Waits for exit (terminating the process after `timeoutSeconds`) and collects its output,
    /// off the cooperative pool.
    public func finish(timeoutSeconds: Int = 60) async -> Outcome {
        await offThePool { self.finishBlocking(timeoutSeconds: timeoutSeconds) }
    }

    /// ``finish(timeoutSeconds:)`` blocking the calling thread: only for a process already
    /// killed (a `defer`, which cannot await), whose exit comes at once.
    public func finishBlocking(timeoutSeconds: Int) -> Outcome {
        let readers = DispatchGroup()
        let collected = Mutex<(Data, Data)>((Data(), Data()))
        readers.enter()
        DispatchQueue.global().async { [stdoutPipe] in
            let data = stdoutPipe.fileHandleForReading.readDataToEndOfFile()
            collected.withLock { $0.0 = data }
            readers.leave()
        }
        readers.enter()
        DispatchQueue.global().async { [stderrPipe] in
            let data = stderrPipe.fileHandleForReading.readDataToEndOfFile()
            collected.withLock { $0.1 = data }
            readers.leave()
        }
        let timedOut = !exited.wait(seconds: timeoutSeconds)
        if timedOut {
            process.terminate()
            _ = exited.wait(seconds: 10)
        }
        _ = readers.wait(timeout: .now() + .seconds(10))
        let (out, err) = collected.withLock { $0 }
        let earlier = pending.withLock { $0 }, earlierError = pendingError.withLock { $0 }
        return Outcome(status: process.isRunning ? -1 : process.terminationStatus, timedOut: timedOut,
                       stdout: String(decoding: earlier + Array(out), as: UTF8.self),
                       stderr: String(decoding: earlierError + Array(err), as: UTF8.self))
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
