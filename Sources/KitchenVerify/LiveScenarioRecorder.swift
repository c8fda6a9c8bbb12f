import Foundation
import KitchenRecorder
import KitchenScenarios

/// Records scenarios against a real server (the `--live` gate): each through a fresh
/// recording proxy in front of `server`, logged in with the one given account and without
/// any simulator controls. Scenarios that need controls are skipped; a scenario that fails
/// still leaves its recording up to the failure, so the checks can say what the server did.
///
/// ```swift
/// let recorder = LiveScenarioRecorder(server: URL(string: "http://staging.internal:8080")!,
///                                     account: .init(username: "ci", password: secret))
/// switch await recorder.record(.named("oven-controls")!, into: folder) { … }
/// ```
public struct LiveScenarioRecorder: Sendable {
    /// What became of one scenario.
    public enum Outcome: Sendable {
        /// Recorded completely.
        case recorded(RecordingSummary)
        /// Not run: it needs the simulator's controls (or a second account), which a real server lacks.
        case skipped(reason: String)
        /// Failed part-way; `partial` is the recording up to the failure, when one was written.
        case failed(error: String, partial: RecordingSummary?)
    }

    /// The server under test (`http://host:port`; the proxy speaks plain HTTP upstream).
    public var server: URL
    /// The one account the scenarios log in with.
    public var account: ScenarioContext.Account
    /// How long a scenario waits for an expected live-update message.
    public var timeout: Duration
    /// How long the proxy waits for the server before answering 502.
    public var upstreamTimeout: Duration

    /// A recorder for `server`, logging in as `account`.
    public init(server: URL, account: ScenarioContext.Account, timeout: Duration = .seconds(10),
                upstreamTimeout: Duration = .seconds(30)) {
        self.server = server
        self.account = account
        self.timeout = timeout
        self.upstreamTimeout = upstreamTimeout
    }

    /// Why `scenario` cannot run against a real server, or `nil` when it can.
    public static func skipReason(for scenario: Scenario) -> String? {
        scenario.needsControls ? "needs the simulator's controls, which a real server does not have" : nil
    }

    /// Records `scenario` into `directory/<name>.har`, unless it must be skipped.
    public func record(_ scenario: Scenario, into directory: URL) async -> Outcome {
        if let reason = Self.skipReason(for: scenario) { return .skipped(reason: reason) }
        // The login password is redacted anyway; also refusing it anywhere in the file is safe only
        // for a password long enough not to occur by chance (`demo`/`demo` would refuse every login).
        let extraSecrets = account.password.count >= 8 ? [account.password] : []
        do {
            let summary = try await ProxiedRecording.record(scenario, into: directory, keepPartial: true) { staged in
                RecordingProxyConfiguration(
                    upstream: server, output: staged, port: 0, upstreamTimeout: upstreamTimeout,
                    extraSecrets: { extraSecrets }, canonicalHeaderOrder: true)
            } context: { proxyURL in
                ScenarioContext(baseURL: proxyURL, accounts: [account], controls: nil, timeout: timeout)
            }
            return .recorded(summary)
        } catch let failure as ProxiedRecording.Failure {
            return .failed(error: failure.description, partial: failure.summary)
        } catch {
            return .failed(error: "\(error)", partial: nil)
        }
    }
}
