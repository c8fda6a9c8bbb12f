import Foundation
import HarnessCore
import KitchenRecording

/// A recording served in-process: one ``ReplayEngine`` with the clock and speed its WebSocket
/// timelines run on. Strict by default: `verify()` fails when a request went unmatched or a
/// recorded entry was never used, with the differences. KitchenReproduce puts the app's client
/// (`client()`, `transport`, `connector`) on it.
///
/// ```swift
/// let replay = ReplaySession(engine: ReplayMatching(volatile: .kitchen).engine(document), clock: clock)
/// … answer requests with replay.engine …
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

    public init(engine: ReplayEngine, clock: any SchedulingClock = SystemClock(), speed: ReplaySpeed = .scaled(1)) {
        self.engine = engine
        self.clock = clock
        self.speed = speed
        let first = engine.document.log.entries.first.flatMap { URLComponents(string: $0.request.url) }
        var origin = URLComponents()
        origin.scheme = first?.scheme ?? "http"
        origin.host = first?.host ?? "127.0.0.1"
        origin.port = first?.port
        baseURL = origin.url ?? Self.defaultOrigin
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
