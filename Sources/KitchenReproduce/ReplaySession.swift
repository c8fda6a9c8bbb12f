import Foundation
import HarnessCore
import KitchenAPI
import KitchenRecording
import KitchenReplay

/// A recording served in-process to the real client: `APIService` on `transport`,
/// `WebSocketService` on `connector`. Strict by default: `verify()` fails when a request
/// went unmatched or a recorded entry was never used, with the differences.
///
/// ```swift
/// let replay = try ReplaySession(contentsOf: URL(fileURLWithPath: "Recordings/oven-controls.har"), clock: clock)
/// let api = replay.client()
/// … exercise the app code …
/// try replay.verify()
/// ```
public final class ReplaySession: Sendable {
    public let engine: ReplayEngine
    public let clock: any SchedulingClock
    public let speed: ReplaySpeed
    /// Where the recording's requests went (its first entry's scheme and authority).
    public let baseURL: URL

    /// The origin used when the recording's first entry names none; the constant text always parses, and
    /// the file URL fallback only stands in for a trap.
    static let defaultOrigin = URL(string: "http://127.0.0.1:8080") ?? URL(fileURLWithPath: "/")

    public init(document: HAR.Document, mode: ReplayMode = .once, clock: any SchedulingClock = SystemClock(),
                speed: ReplaySpeed = .scaled(1)) {
        engine = .kitchen(document, mode: mode)
        self.clock = clock
        self.speed = speed
        let first = document.log.entries.first.flatMap { URLComponents(string: $0.request.url) }
        var origin = URLComponents()
        origin.scheme = first?.scheme ?? "http"
        origin.host = first?.host ?? "127.0.0.1"
        origin.port = first?.port
        baseURL = origin.url ?? Self.defaultOrigin
    }

    /// Loads the HAR at `url`.
    public convenience init(contentsOf url: URL, mode: ReplayMode = .once, clock: any SchedulingClock = SystemClock(),
                            speed: ReplaySpeed = .scaled(1)) throws {
        self.init(document: try HARFile.load(from: url), mode: mode, clock: clock, speed: speed)
    }

    public var transport: ReplayHTTPTransport { ReplayHTTPTransport(engine: engine) }
    public var connector: ReplayWebSocketConnector { ReplayWebSocketConnector(engine: engine, clock: clock, speed: speed) }

    /// The real client, answered by the recording.
    public func client(tokenStore: any TokenStore = InMemoryTokenStore()) -> APIService {
        APIService(baseURL: baseURL, tokenStore: tokenStore, transport: transport)
    }

    /// What went wrong in strict terms: unmatched requests, then unused entries.
    public var problems: [String] {
        engine.mismatches.map { "unmatched request \($0)" }
            + engine.webSocketMismatches
            + engine.unusedEntries.map { "unused entry \($0.index): \($0.request)" }
    }

    /// Throws when any request went unmatched or any recorded entry was never used.
    public func verify() throws(ReplayVerificationError) {
        let problems = self.problems
        guard problems.isEmpty else { throw ReplayVerificationError(problems: problems) }
    }
}

/// A strict replay that did not line up with its recording.
public struct ReplayVerificationError: Error, Sendable, CustomStringConvertible {
    public let problems: [String]
    public var description: String { "replay did not match the recording:\n" + problems.joined(separator: "\n") }
}
