import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import KitchenIntercept
import KitchenReplay
import Testing
import VirtualTime

/// The replay a `.replaying` trait set up for the running test.
///
/// ```swift
/// @Test(.replaying("Recordings/devices.har"))
/// func listsDevices() async throws {
///     // The app's own client on URLSession.shared: answered by the recording, no change needed.
///     let devices = try await KitchenClient().devices()
///     // A session the test makes, answered by this test's recording from any thread:
///     let session = URLSession(configuration: try Replaying.configuration(.ephemeral))
///     // The harness's own client and WebSocket, in-process on virtual time (with KitchenReproduce):
///     let replay = try Replaying.current
///     let api = replay.session.client()
/// }
/// ```
public struct Replaying: Sendable {
    /// The recording, served in-process: `session.engine` answers requests; with KitchenReproduce,
    /// `session.client()` and `session.connector` are the app's client and WebSocket on it.
    public let session: ReplaySession
    /// The virtual clock the WebSocket timeline runs on.
    public let clock: VirtualClock

    /// The current test's replay; throws outside a `.replaying` test, and in a run that records
    /// (there is no recording yet: use `URLSession.shared` or ``configuration(_:)``).
    public static var current: Replaying {
        get throws {
            let run = try ReplayingRun.required()
            guard let replay = run.replay else { throw ReplayingError.recordingRun(run.path) }
            return replay
        }
    }

    /// Whether the running test records its recording (first run, `KITCHEN_RECORD=all`) rather
    /// than replaying it.
    public static var isRecording: Bool {
        get throws {
            try ReplayingRun.required().recording != nil
        }
    }

    /// `base` with this test's own interceptor class installed: every session made from it is
    /// answered by this test's recording (or recorder), whichever thread, queue or task resumes
    /// its requests, and fails after the test. Caching is switched off.
    public static func configuration(_ base: URLSessionConfiguration = .ephemeral) throws -> URLSessionConfiguration {
        try ReplayingRun.required().scope.configuration(base)
    }

    /// ``configuration(_:)`` for a configuration the test hands over (the app's own); its other
    /// settings are kept.
    public static func install(in configuration: URLSessionConfiguration) throws {
        try ReplayingRun.required().scope.install(in: configuration)
    }

    /// Marks `request` as this test's: on `URLSession.shared` (or any session the interceptor
    /// reaches) it is answered by this test's recording wherever it is resumed — a detached task,
    /// a dispatch queue, a completion handler — under either isolation, on every platform.
    public static func mark(_ request: inout URLRequest) throws {
        try ReplayingRun.required().scope.mark(&request)
    }

    /// Records now, at the caller, an issue for each strict problem so far — unmatched requests
    /// with the nearest entry and the difference, unused entries — which the trait then does not
    /// report again at the end. Inside `withKnownIssue` this checks that a replay fails:
    ///
    /// ```swift
    /// await withKnownIssue("the recorded device list is never fetched") {
    ///     try Replaying.verifyNow()
    /// }
    /// ```
    public static func verifyNow(sourceLocation: SourceLocation = #_sourceLocation) throws {
        try ReplayingRun.required().reportNewProblems(sourceLocation: sourceLocation)
    }
}

/// Why a `.replaying` test could not start, or could not use what it asked for.
public enum ReplayingError: Error, CustomStringConvertible {
    /// The recording is missing and this run may not record it: the message says how to.
    case recordingMissing(String)
    /// Used outside a test marked `.replaying(…)`.
    case noReplay
    /// `Replaying.current` in a run that records: the path.
    case recordingRun(String)

    public var description: String {
        switch self {
        case .recordingMissing(let message): message
        case .noReplay: "Replaying is only set inside a test marked .replaying(…)"
        case .recordingRun(let path):
            "this run records \(path), so there is no in-process replay yet; reach the server through URLSession "
                + "(URLSession.shared, or a session from Replaying.configuration(_:)), or run again to replay"
        }
    }
}
