import Foundation
import KitchenTestSupport
import Testing

/// `kitchen serve` as a process: prints its URL and the demo credentials, answers, and stops
/// cleanly on SIGINT and SIGTERM.
@Suite(.serialized, .timeLimit(.minutes(2))) struct ServeProcessTests {
    @Test(arguments: [SIGINT, SIGTERM])
    func servePrintsItsAddressAndStopsCleanlyOnSignal(_ signalNumber: Int32) async throws {
        let serve = try await RunningKitchen.start(["serve", "--port", "0"])
        #expect(serve.banner.contains("Kitchen simulator listening on http://127.0.0.1:"))
        #expect(serve.banner.contains("Demo credentials: demo / demo"))
        // A serve that ignores the signal must fail the test, not hang it: past 10 s it is
        // terminated, then killed.
        let ended = await serve.stop(signalNumber, timeoutSeconds: 10)
        #expect(!ended.timedOut, "kitchen serve did not stop within 10 s of the signal")
        #expect(ended.termination == .exited(0), "\(ended)")
        #expect(ended.stdout.contains("simulator stopped"))
    }
}
