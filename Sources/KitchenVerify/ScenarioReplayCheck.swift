import KitchenAPI
import KitchenRecording
import KitchenReplay
import KitchenReproduce
import KitchenScenarios

/// Check 3, second half: a scenario's calls, made by the real `APIService` and
/// `WebSocketService` against the scenario's own recording, produce exactly the recorded
/// requests (method, path, query and JSON body compared by meaning, and the `Authorization`
/// and `Content-Type` headers, see ``RequestHeaderCheck``) and use every recorded entry.
/// Applies to files named after a `Scenario`.
///
/// ```swift
/// let findings = await ScenarioReplayCheck().findings(for: recording)   // [] when they line up
/// ```
public struct ScenarioReplayCheck: Sendable {
    /// How long the scenario waits for a live-update message before it gives up (only a
    /// recording that lacks the message makes it wait at all).
    public var timeout: Duration

    /// A check whose scenarios give up on a missing message after `timeout`.
    public init(timeout: Duration = .seconds(5)) {
        self.timeout = timeout
    }

    /// The case for `recording`, or `nil` when the file is not a scenario's.
    public func verifyCase(for recording: LoadedRecording) -> VerifyCase? {
        guard let scenario = recording.scenario else { return nil }
        return VerifyCase(check: .client, name: "scenario \(scenario.name) replayed against \(recording.name)",
                          file: recording.name)
    }

    /// Runs the scenario against its recording; the result is `nil` for a file that is not a scenario's.
    public func result(for recording: LoadedRecording) async -> CaseResult? {
        guard let verifyCase = verifyCase(for: recording) else { return nil }
        return CaseResult(verifyCase, findings: await findings(for: recording))
    }

    /// What went wrong replaying the scenario: the error it stopped with, every request the
    /// recording has no answer for, every recorded entry it never used.
    public func findings(for recording: LoadedRecording) async -> [Finding] {
        guard let scenario = recording.scenario else { return [] }
        // Findings stay on the scenario's case (no entry), so `--only FILE` reproduces them.
        let site = FindingSite(check: .client, file: recording.name)
        let replay = ReplaySession(document: recording.document, speed: .max)
        let headers = RequestHeaderCheck()
        let context = ScenarioContext(
            baseURL: replay.baseURL, accounts: Self.accounts(in: recording.document),
            controls: InertSimulatorControls(), transport: headers.transport(wrapping: replay.transport),
            connector: headers.connector(wrapping: replay.connector), timeout: timeout)
        var found: [Finding] = []
        do {
            try await scenario.run(in: context)
        } catch {
            found.append(site.finding("(scenario)", "scenario \(scenario.name) completes against its recording", "\(error)"))
        }
        found += replay.engine.mismatches.map { site.finding("(request)", "a request the recording holds", $0.description) }
        found += replay.engine.webSocketMismatches.map { site.finding("(websocket)", "the recorded client messages", $0) }
        found += headers.differences(against: recording.document).map { difference in
            site.finding("(entry #\(difference.entry)) \(difference.header)",
                         "\(difference.header) \(Self.quoted(difference.recorded)), as recorded",
                         "\(Self.quoted(difference.sent)) on \(difference.request)")
        }
        return found + replay.engine.unusedEntries.map { unused in
            site.finding("(entry #\(unused.index))", "the client to make this recorded request", "never made: \(unused.request)")
        }
    }

    /// `"value"`, or `absent`.
    private static func quoted(_ value: String?) -> String { value.map { "\"\($0)\"" } ?? "absent" }

    /// The accounts the recording logged in with, in order: the username of each successful
    /// login (the password is a recorded alias, which replay matches to any value).
    static func accounts(in document: HAR.Document) -> [ScenarioContext.Account] {
        var names: [String] = []
        let basePath = document.apiBasePath
        for entry in document.log.entries where entry.response.status == 200
            && APIRoute(entry.request, basePath: basePath)?.operation == .login {
            guard let name = (try? entry.request.bodyJSON)?["username"]?.stringValue, !names.contains(name) else { continue }
            names.append(name)
        }
        if names.isEmpty { names = ["demo"] }
        return names.map { ScenarioContext.Account(username: $0, password: "<replayed>") }
    }
}
