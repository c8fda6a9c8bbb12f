import Foundation
import HarnessCore
import KitchenAPI
import KitchenControllers
import KitchenRecording
import KitchenReplay
import VirtualTime

/// Feeds a recording into `DeviceViewModel` — the recorded HTTP answers, the recorded
/// WebSocket timeline — on virtual time, and returns the controllers' timeline: every
/// telemetry event (messages, state changes, commands, errors, alerts, re-authentication)
/// at its virtual instant. The same recording always gives the same timeline.
///
/// ```swift
/// let timeline = try await Reproduction.run(recording: HARFile.load(from: url))
/// print(timeline.text)
/// ```
@MainActor
public enum Reproduction {
    /// Reproduces `recording` with the controllers configured as `configuration`.
    public static func run(recording: HAR.Document, name: String = "recording",
                           configuration: ControllerConfiguration = ControllerConfiguration()) async throws -> ReproductionTimeline {
        let clock = VirtualClock(startDate: recording.startDate)
        let session = ReplaySession(document: recording, mode: .once, clock: clock, speed: .scaled(1))
        return try await run(session: session, clock: clock, name: name, configuration: configuration)
    }

    /// Reproduces the recording `session` serves, on `clock` (which must start at the
    /// recording's first instant, as a `.replaying` test's clock does), e.g. in a regression test.
    public static func run(session: ReplaySession, clock: VirtualClock, name: String = "recording",
                           configuration: ControllerConfiguration = ControllerConfiguration()) async throws -> ReproductionTimeline {
        let recording = session.engine.document
        let tokens = InMemoryTokenStore()
        let api = session.client(tokenStore: tokens)
        // The app's own live-update client, reconnect loop and all, on the recorded conversations at
        // their recorded instants; the jitter is seeded so every run prints the same timeline.
        let connector = ReplayWebSocketConnector(engine: session.engine, clock: clock, speed: .scaled(1),
                                                 timing: .atRecordedInstants, unanswered: .pendingUntilCancelled)
        let service = WebSocketService(baseURL: session.baseURL, connector: connector, clock: clock,
                                       random: SeededGenerator(seed: 1))
        let live = ServiceLiveUpdates(service: service, clock: clock)
        let telemetry = TimedTelemetry(clock: clock)
        let devices = DeviceViewModel(api: api, webSocket: live, tokenStore: tokens, telemetry: telemetry, clock: clock,
                                      configuration: configuration)
        if let account = Self.recordedLogin(in: recording) {
            // The recorded password itself: an alias matches any value, and a real password (a
            // HAR from another tool) matches only itself.
            _ = await devices.login(username: account.username, password: account.password)
        }
        await devices.load()
        let user = RecordedUser(recording)
        // The user's recorded commands run beside the live timeline, each at its recorded instant.
        let commands = Task.immediate { @MainActor in await user.play(on: devices, clock: clock) }
        try await clock.run()
        await commands.value
        // Waits for the live loop to end: its "connection ended" is then in the timeline on
        // every run, not only when the loop's task happened to run before the timeline was read.
        await devices.stopAndWait()
        try await clock.settle()
        return ReproductionTimeline(
            name: name, start: clock.startDate,
            entries: telemetry.entries.map { .init(offset: $0.at.sinceEpoch, event: $0.event) },
            unused: session.engine.unusedEntries.map { "entry \($0.index): \($0.request)" },
            unmatched: session.engine.mismatches.map(\.description),
            finalError: devices.error, requiresReauth: devices.requiresReauth)
    }

    /// The recording's first instant (where its virtual clock starts).
    public static func start(of recording: HAR.Document) -> Date {
        recording.startDate
    }

    /// The username and password of the recording's first login, if it has one, wherever the
    /// server's base path put the login route.
    static func recordedLogin(in recording: HAR.Document) -> (username: String, password: String)? {
        let basePath = recording.apiBasePath
        return recording.log.entries.lazy.compactMap { entry -> (String, String)? in
            let path = APIOperation.strip(basePath, from: entry.request.urlPath)
            guard APIOperation.matching(method: entry.request.method, path: path)?.operation == .login else { return nil }
            let body: JSONValue? = (try? entry.request.bodyJSON).flatMap { $0 }
            guard let username = body?["username"]?.stringValue else { return nil }
            return (username, body?["password"]?.stringValue ?? "")
        }.first
    }
}

/// What a reproduction printed: the controllers' events at their virtual instants.
public struct ReproductionTimeline: Sendable {
    public struct Entry: Sendable, Hashable {
        /// Time since the recording started.
        public let offset: Duration
        public let event: LogEvent
    }

    public let name: String
    public let start: Date
    public let entries: [Entry]
    /// Recorded entries the app never asked for (e.g. commands a user made in the recorded session).
    public let unused: [String]
    /// Requests the app made that the recording cannot answer.
    public let unmatched: [String]
    public let finalError: AppError?
    public let requiresReauth: Bool

    /// How many events of a kind, e.g. `count { if case .cycleCompleted = $0 { true } else { false } }`.
    public func count(where matches: (LogEvent) -> Bool) -> Int { entries.filter { matches($0.event) }.count }

    /// The human form: one line per event, then a summary.
    public var text: String {
        var lines = ["Reproducing \(name) on virtual time from \(Timestamp.format(start))"]
        for entry in entries { lines.append("  \(entry.offset.offsetText)  \(entry.event)") }
        lines.append("Summary:")
        lines.append("  cycles completed: \(count { if case .cycleCompleted = $0 { true } else { false } })")
        lines.append("  door alerts raised: \(count { if case .doorAlertRaised = $0 { true } else { false } })")
        lines.append("  bins full: \(count { if case .binFull = $0 { true } else { false } })")
        lines.append("  error shown at the end: \(finalError.map { "\($0)" } ?? "none")")
        lines.append("  re-authentication required: \(requiresReauth ? "yes" : "no")")
        lines.append("  recorded entries never used: \(unused.isEmpty ? "none" : String(unused.count))")
        lines += unused.map { "    \($0)" }
        lines.append("  requests the recording could not answer: \(unmatched.isEmpty ? "none" : String(unmatched.count))")
        lines += unmatched.map { "    " + $0.replacingOccurrences(of: "\n", with: "\n    ") }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The machine form: `{"recording", "start", "timeline": [{"at": ms, "event": text}], …}`.
    public var json: String {
        let value: JSONValue = [
            "recording": .string(name),
            "start": .string(Timestamp.format(start)),
            "timeline": .array(entries.map { ["at": .int(Int($0.offset / .milliseconds(1))), "event": .string($0.event.description)] }),
            "unused": .array(unused.map(JSONValue.string)),
            "unmatched": .array(unmatched.map(JSONValue.string)),
            "finalError": finalError.map { .string("\($0)") } ?? .null,
            "requiresReauth": .bool(requiresReauth),
        ]
        return JSONSerializer.string(value, options: [.prettyPrinted]) + "\n"
    }
}

