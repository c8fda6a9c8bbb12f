import Foundation
import KitchenTestSupport
import Testing

/// `kitchen serve` as a process: prints its URL and the demo credentials, answers, and stops
/// cleanly on SIGINT and SIGTERM.
@Suite(.serialized, .timeLimit(.minutes(2))) struct ServeProcessTests {
    static var kitchen: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("kitchen")
    }

    @Test(arguments: [SIGINT, SIGTERM])
    func servePrintsItsAddressAndStopsCleanlyOnSignal(_ signalNumber: Int32) async throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.kitchen.path), "build kitchen first (swift build)")
        let process = Process()
        process.executableURL = Self.kitchen
        process.arguments = ["serve", "--port", "0"]
        let output = Pipe()
        process.standardOutput = output
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        try process.run()
        let banner = output.read(until: "Press Ctrl-C to stop.")
        #expect(banner.contains("Kitchen simulator listening on http://127.0.0.1:"))
        #expect(banner.contains("Demo credentials: demo / demo"))
        kill(process.processIdentifier, signalNumber)
        // A serve that ignores the signal must fail the test, not hang it.
        if exited.wait(timeout: .now() + 10) == .timedOut {
            kill(process.processIdentifier, SIGKILL)
            Issue.record("kitchen serve did not stop within 10 s of the signal")
        }
        await process.exited()
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 0)
        let rest = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(rest.contains("simulator stopped"))
    }
}
