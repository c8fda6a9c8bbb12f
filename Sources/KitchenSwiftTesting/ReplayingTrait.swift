import Foundation
import KitchenIntercept
import KitchenRecording
import KitchenReplay
import Testing
import VirtualTime

/// Serves a recording to the test and fails it (strict, the default) when a request does not match
/// the recording or a recorded entry goes unused, with `kitchen replay`'s diagnostics.
///
/// The recording answers, for the test's scope:
/// - `URLSession.shared`, with no change to the app's code;
/// - sessions made from ``Replaying/configuration(_:)`` or a configuration passed to
///   ``Replaying/install(in:)`` (the per-session marker);
/// - the harness's own client and WebSocket in-process on virtual time (``Replaying/current``).
///
/// Sessions the app makes itself from `.default` or `.ephemeral` are not reached (see
/// ``InterceptIsolation`` and the README's "Use it from your app's tests").
///
/// ```swift
/// @Test(.replaying("Recordings/devices.har", record: .missing))
/// func listsDevices() async throws {
///     let devices = try await KitchenClient().devices()   // URLSession.shared inside
///     #expect(devices.map(\.name) == ["Oven", "Fridge"])
/// }
/// ```
/// A relative path is found from the current directory, then from the test file's folder upwards
/// (so `Recordings/…` works from any test target); a new recording is written below the test's
/// package root. ``RecordPlan`` says when a test records instead (`KITCHEN_RECORD`, `CI`).
///
/// What is Kitchen about it are its defaults, each a parameter: requests matched ignoring the
/// Kitchen API's volatile fields, recordings redacted with its policy, first runs recorded against
/// the embedded simulator. A client at the root replaying a recording made under a base path
/// (`/api/v1`) is answered: the replay engine infers the base path from the recorded paths when a
/// request's path is not recorded as it stands (see `BasePathInference`); `matching: .kitchen`
/// from KitchenReproduce names it from the API's operations instead, and another API may name its own.
public struct ReplayingTrait: TestTrait, SuiteTrait, TestScoping {
    /// The HAR, absolute or relative (see above).
    public let path: String
    /// What happens once every recorded answer to a request has been served.
    public let mode: ReplayMode
    /// Whether unmatched requests and unused entries fail the test.
    public let strict: Bool
    /// When this test records instead of replaying; the environment can override it (``RecordPlan``).
    public let record: RecordMode
    /// How this test's requests are told from those of tests running beside it.
    public let isolation: InterceptIsolation
    /// How requests are matched with the recording: volatile fields and base path (inferred unless named).
    public let matching: ReplayMatching
    /// What a recording run keeps out of the file.
    public let redaction: RedactionPolicy
    /// What a recording run records against, unless `KITCHEN_RECORD_URL` names a server.
    public let server: RecordingServer
    let sourceFile: String
    /// Where `KITCHEN_RECORD`, `KITCHEN_RECORD_URL` and `CI` are read; `nil`: the process's environment.
    var environment: [String: String]?

    public var isRecursive: Bool { true }

    public func provideScope(for test: Test, testCase: Test.Case?,
                             performing function: @Sendable () async throws -> Void) async throws {
        let plan = try RecordPlan(requested: record, environment: environment ?? ProcessInfo.processInfo.environment)
        let location = RecordingLocation(path: path, sourceFile: sourceFile)
        if let existing = location.existing(), plan.mode != .all {
            return try await replay(existing, test: test, function)
        }
        guard plan.mode != .never else { throw missing(plan: plan, test: test, location: location) }
        // This test may record: one test at a time per file, and the others replay what it wrote.
        let key = (location.existing() ?? location.destination()).standardizedFileURL.path
        try await RecordingGate.shared.withPath(key) { recordedThisRun in
            let existing = location.existing()
            switch plan.action(recordingExists: existing != nil, recordedThisRun: recordedThisRun) {
            case .replay:
                guard let existing else { throw missing(plan: plan, test: test, location: location) }
                try await replay(existing, test: test, function)
            case .record:
                if try await recordLive(to: existing ?? location.destination(), plan: plan, test: test, testCase: testCase, function) {
                    RecordingGate.shared.markRecorded(key)
                }
            case .fail:
                throw missing(plan: plan, test: test, location: location)
            }
        }
    }

    private func replay(_ url: URL, test: Test, _ function: @Sendable () async throws -> Void) async throws {
        let document = try HARFile.load(from: url)
        let clock = VirtualClock(startDate: document.startDate)
        let session = ReplaySession(engine: matching.engine(document, mode: mode), clock: clock, speed: .scaled(1))
        let run = ReplayingRun(path: path, replay: Replaying(session: session, clock: clock))
        var thrown: (any Error)?
        do {
            try await run.scope.run(isolation: isolation) {
                try await ReplayingRun.$active.withValue(run) { try await function() }
            }
        } catch {
            thrown = error
        }
        if strict { run.reportNewProblems(sourceLocation: test.sourceLocation) }
        if let thrown { throw thrown }
    }

    /// No recording, and this run may not make one: the command that does.
    func missing(plan: RecordPlan, test: Test, location: RecordingLocation) -> ReplayingError {
        let root = location.packageRoot().path
        var lines = ["No recording at \(path) (looked in the current directory and upwards from \(URL(fileURLWithPath: sourceFile).lastPathComponent))."]
        if plan.source == .continuousIntegration {
            lines.append("CI is set, so this run only replays. Record it on your machine and commit it:")
        } else {
            lines.append("Record it (against \(server.name), or KITCHEN_RECORD_URL=http://host:port) with:")
        }
        lines.append("  cd \(root) && \(RecordPlan.modeVariable)=missing swift test --filter '\(testFilter(for: test))'")
        return .recordingMissing(lines.joined(separator: "\n"))
    }
}

extension Trait where Self == ReplayingTrait {
    /// Serves the HAR at `path` to the test, or records it (see ``ReplayingTrait`` and ``RecordPlan``).
    /// `matching`, `redaction` and `server` default to the Kitchen presets.
    public static func replaying(_ path: String, mode: ReplayMode = .once, strict: Bool = true,
                                 record: RecordMode = .never, isolation: InterceptIsolation = .platformDefault,
                                 matching: ReplayMatching = ReplayMatching(volatile: .kitchen),
                                 redaction: RedactionPolicy = .kitchen, server: RecordingServer = .embeddedSimulator,
                                 sourceFile: String = #filePath) -> Self {
        ReplayingTrait(path: path, mode: mode, strict: strict, record: record, isolation: isolation, matching: matching,
                       redaction: redaction, server: server, sourceFile: sourceFile)
    }
}
