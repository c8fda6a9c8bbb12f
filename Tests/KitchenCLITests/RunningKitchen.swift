import Dispatch
import Foundation
import KitchenTestSupport
import Testing

/// A long-running `kitchen` command (serve, record, replay) as a process, with a deadline: a
/// command that never prints what a test waits for is killed, so the read ends and the test
/// fails with what it did print, instead of hanging.
final class RunningKitchen: Sendable {
    /// The `kitchen` binary beside the test bundle (`swift build` puts both in the same folder).
    static var executable: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("kitchen")
    }

    private let process: Process
    private let stdout = Pipe()
    private let stderr = Pipe()
    private let exited = Signal()
    /// Standard output up to the banner's last line.
    let banner: String

    /// Starts `kitchen ARGUMENTS` and reads standard output until its banner ends.
    init(_ arguments: [String], deadlineSeconds: Int = 30) throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.executable.path), "build kitchen first (swift build)")
        process = Process()
        process.executableURL = Self.executable
        process.arguments = arguments
        process.standardOutput = stdout
        process.standardError = stderr
        process.standardInput = FileHandle.nullDevice
        process.terminationHandler = { [exited] _ in exited.fire() }
        try process.run()
        let process = self.process, exited = self.exited
        DispatchQueue.global().async {
            guard !exited.wait(seconds: deadlineSeconds) else { return exited.fire() }
            kill(process.processIdentifier, SIGKILL)
        }
        banner = stdout.read(until: "Press Ctrl-C to stop")
    }

    /// The first `http://127.0.0.1:PORT…` URL in the banner.
    func url() throws -> String {
        try #require(banner.split(whereSeparator: { $0 == " " || $0 == "\n" }).first { $0.hasPrefix("http://127.0.0.1:") }
            .map(String.init), "no URL in the banner: \(banner)")
    }

    /// What the command wrote to standard error until `marker` appeared (or it ended).
    func standardError(until marker: String) -> String { stderr.read(until: marker) }

    /// Sends `signal`, waits for the exit and returns the status and the rest of standard output and error.
    func stop(_ signal: Int32 = SIGINT) -> (status: Int32, out: String, error: String) {
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        let out = String(decoding: stdout.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let error = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return (process.terminationStatus, out, error)
    }
}

/// Runs curl to the end and returns what it printed.
func curl(_ arguments: String...) throws -> String {
    let curl = "/usr/bin/curl"
    try #require(FileManager.default.isExecutableFile(atPath: curl), "curl is not installed")
    let outcome = try ExternalProcess.run(curl, ["-s", "--max-time", "20"] + arguments, timeoutSeconds: 30)
    return outcome.stdout
}
