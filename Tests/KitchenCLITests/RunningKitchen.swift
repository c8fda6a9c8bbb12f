import Dispatch
import Foundation
import KitchenTestSupport
import Testing

/// A long-running `kitchen` command (serve, record, replay) as a process, with a deadline: a
/// command that never prints what a test waits for is killed, so the read ends and the test
/// fails with what it did print, instead of hanging.
final class RunningKitchen {
    /// The `kitchen` binary beside the test bundle (`swift build` puts both in the same folder).
    static var executable: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("kitchen")
    }

    private let process: ExternalProcess
    private let deadline: DispatchWorkItem
    /// Standard output up to the banner's last line.
    let banner: String

    /// Starts `kitchen ARGUMENTS` and reads standard output until its banner ends.
    init(_ arguments: [String], deadlineSeconds: Int = 90) throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.executable.path), "build kitchen first (swift build)")
        let process = try ExternalProcess(Self.executable.path, arguments)
        self.process = process
        deadline = DispatchWorkItem { process.send(signal: SIGKILL) }
        DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(deadlineSeconds), execute: deadline)
        var banner = ""
        while !banner.contains("Press Ctrl-C to stop"), let line = process.readLine() { banner += line + "\n" }
        self.banner = banner
    }

    /// ``init(_:deadlineSeconds:)`` on a thread of its own, for async tests: reading the banner
    /// blocks (see ``offThePool(_:)``).
    static func start(_ arguments: [String]) async throws -> RunningKitchen {
        try await offThePool { () throws -> HandedOver<RunningKitchen> in HandedOver(try RunningKitchen(arguments)) }.value
    }

    /// A command no test stopped (one that threw first) is killed, not left to its deadline.
    deinit {
        process.send(signal: SIGKILL)
        deadline.cancel()
    }

    /// The first `http://127.0.0.1:PORT…` URL in the banner.
    func url() throws -> String {
        try #require(banner.split(whereSeparator: { $0 == " " || $0 == "\n" }).first { $0.hasPrefix("http://127.0.0.1:") }
            .map(String.init), "no URL in the banner: \(banner)")
    }

    /// Waits until standard error holds `marker` (or the command ended).
    func waitForStandardError(_ marker: String) { _ = process.standardError(until: marker) }

    /// Sends `signal` and returns how the command ended: its status, the rest of standard
    /// output, and all of standard error.
    @discardableResult
    func stop(_ signal: Int32 = SIGINT, timeoutSeconds: Int = 20) async -> ExternalProcess.Outcome {
        process.send(signal: signal)
        let outcome = await process.finish(timeoutSeconds: timeoutSeconds)
        deadline.cancel()
        return outcome
    }

    /// ``stop(_:)`` blocking the calling thread, for a `defer` (which cannot await).
    @discardableResult
    func stopBlocking(_ signal: Int32 = SIGINT) -> ExternalProcess.Outcome {
        process.send(signal: signal)
        let outcome = process.finishBlocking(timeoutSeconds: 20)
        deadline.cancel()
        return outcome
    }
}

/// Runs curl to the end and returns what it printed.
func curl(_ arguments: String...) async throws -> String {
    let curl = "/usr/bin/curl"
    try #require(FileManager.default.isExecutableFile(atPath: curl), "curl is not installed")
    return try await ExternalProcess.run(curl, ["-s", "--max-time", "20"] + arguments, timeoutSeconds: 30).stdout
}
