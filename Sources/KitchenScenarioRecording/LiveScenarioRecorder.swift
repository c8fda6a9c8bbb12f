import Foundation
import HTTPWire
import KitchenAPI
import KitchenRecorder
import KitchenScenarios
import KitchenVerify

/// Records scenarios against a real server (the `--live` gate): each through a fresh
/// recording proxy in front of `server`, logged in with the one given account. Scenarios that
/// need provider-state controls the server does not offer are skipped, with the reason; a
/// scenario that fails still leaves its recording up to the failure, so the checks can say
/// precisely what the server did.
///
/// ```swift
/// let recorder = LiveScenarioRecorder(server: URL(string: "https://staging.example/api/v1")!,
///                                     account: .init(username: "ci", password: secret))
/// switch await recorder.record(.named("oven-controls")!, into: folder) { … }
/// ```
public struct LiveScenarioRecorder: Sendable {
    /// What became of one scenario.
    public enum Outcome: Sendable {
        /// Recorded completely.
        case recorded(RecordingSummary)
        /// Not run, and why (controls the server does not offer).
        case skipped(reason: String)
        /// Failed part-way; `partial` is the recording up to the failure, when one was written.
        case failed(error: String, partial: RecordingSummary?)
    }

    /// The server under test, with its path prefix (`https://host/api/v1`).
    public var server: URL
    /// The one account the scenarios log in with.
    public var account: ScenarioContext.Account
    /// The server's provider-state controls, when it offers any (sent straight to it, not recorded).
    public var controls: (any SimulatorControlling)?
    /// Which controls the server offers (`GET /_sim`); empty without `controls`.
    public var offeredControls: Set<ProviderState> = []
    /// Which certificates an `https://` server may present.
    public var trust = TLSClientConfiguration.Trust.system
    /// How long a scenario waits for an expected live-update message.
    public var timeout = Duration.seconds(10)
    /// How long the proxy waits for the server before answering 502.
    public var upstreamTimeout = Duration.seconds(30)

    /// Why `scenario` cannot run against a server offering `offered`, or `nil` when it can.
    public static func skipReason(for scenario: Scenario, offered: Set<ProviderState> = []) -> String? {
        let missing = scenario.missing(from: offered)
        guard !missing.isEmpty else { return nil }
        guard !offered.isEmpty else { return "needs provider-state controls; the server offers none (GET /_sim)" }
        return "needs provider-state controls the server does not offer: " + missing.map(\.rawValue).joined(separator: ", ")
    }

    /// Records `scenario` into `directory/<name>.har`, unless it must be skipped.
    public func record(_ scenario: Scenario, into directory: URL) async -> Outcome {
        if let reason = Self.skipReason(for: scenario, offered: offeredControls) { return .skipped(reason: reason) }
        // The login password is redacted anyway; also refusing it anywhere in the file is safe only
        // for a password long enough not to occur by chance (`demo`/`demo` would refuse every login).
        let extraSecrets = account.password.count >= 8 ? [account.password] : []
        do {
            let summary = try await ProxiedRecording.record(scenario, into: directory, keepPartial: true) { staged in
                RecordingProxyConfiguration(upstream: server, output: staged) {
                    $0.port = 0
                    $0.redaction = .kitchen
                    $0.upstreamTimeout = upstreamTimeout
                    $0.extraSecrets = { extraSecrets }
                    $0.canonicalHeaderOrder = true
                    $0.upstreamTrust = trust
                }
            } context: { proxyURL in
                ScenarioContext(baseURL: proxyURL, accounts: [account], controls: controls, offeredControls: offeredControls,
                                timeout: timeout)
            }
            return .recorded(summary)
        } catch let failure as ProxiedRecording.Failure {
            return .failed(error: failure.description, partial: failure.summary)
        } catch {
            return .failed(error: "\(error)", partial: nil)
        }
    }
}
