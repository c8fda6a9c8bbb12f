import Foundation
import KitchenRecorder
import KitchenRecording
import KitchenScenarios
import KitchenVerify

/// Runs one scenario through a fresh recording proxy and moves the HAR into place: the part
/// the embedded and the live recorders share.
enum ProxiedRecording {
    /// The scenario failed; when the recorder keeps partial recordings, `summary` describes
    /// the file written with the traffic up to the failure.
    struct Failure: Error, CustomStringConvertible {
        let error: any Error
        let summary: RecordingSummary?
        var description: String { "\(error)" }
    }

    /// Records `scenario` into `directory/<name>.har`, staged beside it so the final rename is
    /// atomic. `configure` turns the staged path into the proxy's configuration; `context`
    /// turns the proxy's base URL into the scenario's context. On failure the file is written
    /// only when `keepPartial` is set, and `Failure` is thrown either way.
    static func record(
        _ scenario: Scenario, into directory: URL, keepPartial: Bool,
        configure: (URL) -> RecordingProxyConfiguration, context: (URL) -> ScenarioContext
    ) async throws -> RecordingSummary {
        let staging = directory.appendingPathComponent(".recording-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: staging) }
        let staged = staging.appendingPathComponent("\(scenario.name).har")
        let destination = directory.appendingPathComponent("\(scenario.name).har")
        let proxy = try RecordingProxy(configuration: configure(staged))
        try proxy.start()
        do {
            guard let port = proxy.port, let proxyURL = URL(string: "http://127.0.0.1:\(port)") else {
                throw VerifyError.noListeningAddress("recording proxy")
            }
            try await scenario.run(in: context(proxyURL))
        } catch {
            let partial = try? proxy.stop()
            guard keepPartial, var partial else { throw Failure(error: error, summary: nil) }
            try move(staged, to: destination)
            partial.output = destination
            throw Failure(error: error, summary: partial)
        }
        var summary = try proxy.stop()
        // A refused record means the fixture would silently lack an exchange.
        guard summary.refused == 0 else {
            throw ScenarioError.unexpected(step: "recording", detail: "\(summary.refused) exchange(s) refused as unsafe to record: "
                + proxy.refusedRecords.map { "\($0)" }.joined(separator: "; "))
        }
        try move(staged, to: destination)
        summary.output = destination
        return summary
    }

    private static func move(_ staged: URL, to destination: URL) throws {
        if let reason = POSIXFile.move(staged.path, onto: destination.path) {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: destination.path, NSLocalizedFailureReasonErrorKey: reason])
        }
    }
}
