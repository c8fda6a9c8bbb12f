import HarnessCore
import KitchenRecording
import Synchronization

/// What happens once every recorded answer to a request has been served.
public enum ReplayMode: String, Sendable, CaseIterable {
    /// Each recorded entry answers once; a further identical request is unmatched.
    case once
    /// Identical requests get the recorded answers in order, then the last one again.
    case sequence
    /// Identical requests cycle through the recorded answers.
    case `repeat`
}

/// Serves a recording: finds the recorded entry that answers each request (in recorded
/// order for identical requests), explains the nearest entry when none does, and tracks
/// which entries were never used. Shared by the replay server and the in-process transports.
public final class ReplayEngine: Sendable {
    /// A recorded exchange and where it sits in the file.
    public struct Entry: Sendable {
        public let index: Int
        public let entry: HAR.Entry
        public let request: ReplayRequest
    }

    /// A request with no recorded answer, the nearest recorded one, and how they differ.
    public struct Mismatch: Sendable, CustomStringConvertible {
        public let request: ReplayRequest
        public let nearest: Entry?
        public let differences: [RequestDifference]
        /// Set when identical requests were recorded but all their answers are used up (mode `once`).
        public let exhausted: Bool

        public var description: String {
            guard let nearest else { return "\(request): nothing recorded to compare with" }
            if exhausted {
                return "\(request): all \(nearest.request) answers in the recording were already used (entry \(nearest.index))"
            }
            return "\(request): no recorded match; nearest is entry \(nearest.index) \(nearest.request):\n"
                + differences.map { "  - \($0)" }.joined(separator: "\n")
        }
    }

    public enum Decision: Sendable {
        case answer(Entry)
        case unmatched(Mismatch)
    }

    /// The status replay answers a request the recording cannot answer with (not a real HTTP status).
    public static let unmatchedStatus = 599

    public let document: HAR.Document
    public let mode: ReplayMode
    /// The path prefix the recorded server had (`/api/v1`, percent-decoded), or `""`. A request
    /// below it matches as is; one without it (a client pointed at the replay's root) matches
    /// as if it had it.
    public let basePath: String
    /// The body fields ignored when matching; requests to ``answer(_:webSocket:)`` are reduced with them too.
    public let volatile: VolatileFields
    private let entries: [Entry]
    /// The entries that can answer each method and path, in recorded order: a request is
    /// compared only with these, so a long recording answers as fast as a short one.
    private let entriesByRoute: [Route: [Entry]]

    private struct Route: Hashable {
        var webSocket: Bool
        var method: String
        var path: String

        init(_ request: ReplayRequest, webSocket: Bool) {
            self.webSocket = webSocket
            self.method = request.method
            self.path = request.path
        }
    }
    private let state = SleepingMutex(State())

    private struct State {
        /// How many times each group of identical recorded requests has been answered.
        var served: [ReplayRequest: Int] = [:]
        var used: Set<Int> = []
        var mismatches: [Mismatch] = []
        var webSocketMismatches: [String] = []
    }

    /// An engine answering from `document`. `volatile` names the body fields whose values are
    /// ignored when matching, and `basePath` the prefix the recorded paths are under (`""` for
    /// none): both describe the recorded API, so the caller that knows it passes them in.
    public init(document: HAR.Document, mode: ReplayMode = .once, volatile: VolatileFields, basePath: String = "") {
        self.document = document
        self.mode = mode
        self.volatile = volatile
        self.basePath = basePath
        let entries = document.log.entries.enumerated().map {
            Entry(index: $0.offset, entry: $0.element, request: ReplayRequest($0.element.request, volatile: volatile))
        }
        self.entries = entries
        self.entriesByRoute = Dictionary(grouping: entries) { Route($0.request, webSocket: $0.entry.isWebSocket) }
    }

    /// The recorded answer for `request`, or why there is none. WebSocket upgrades are matched
    /// only against WebSocket entries, and other requests only against the rest.
    public func answer(_ request: ReplayRequest, webSocket: Bool = false) -> Decision {
        var request = request
        if !basePath.isEmpty, request.path != basePath, !request.path.hasPrefix(basePath + "/") {
            request.path = basePath + request.path
        }
        let matching = (entriesByRoute[Route(request, webSocket: webSocket)] ?? []).filter { request.matches($0.request) }
        guard let first = matching.first else {
            return unmatched(request, among: entries.filter { $0.entry.isWebSocket == webSocket }, exhausted: false)
        }
        return state.withLock { state -> Decision in
            let count = state.served[first.request, default: 0]
            let position: Int
            switch mode {
            case .once:
                guard count < matching.count else {
                    let mismatch = Mismatch(request: request, nearest: matching.last, differences: [], exhausted: true)
                    state.mismatches.append(mismatch)
                    return .unmatched(mismatch)
                }
                position = count
            case .sequence: position = min(count, matching.count - 1)
            case .repeat: position = count % matching.count
            }
            state.served[first.request] = count + 1
            state.used.insert(matching[position].index)
            return .answer(matching[position])
        }
    }

    /// Notes a client WebSocket message that differs from the recording.
    public func noteWebSocketMismatch(_ description: String) {
        state.withLock { $0.webSocketMismatches.append(description) }
    }

    /// Client WebSocket messages that differed from the recording, in order.
    public var webSocketMismatches: [String] { state.withLock { $0.webSocketMismatches } }

    /// Mismatches so far, in order.
    public var mismatches: [Mismatch] { state.withLock { $0.mismatches } }

    /// Entries that were never served.
    public var unusedEntries: [Entry] {
        let used = state.withLock { $0.used }
        return entries.filter { !used.contains($0.index) }
    }

    private func unmatched(_ request: ReplayRequest, among candidates: [Entry], exhausted: Bool) -> Decision {
        var best: (Entry, [RequestDifference])?
        for candidate in candidates {
            let differences = RequestDifference.between(recorded: candidate.request, actual: request)
            // Prefer the same method and path, then the fewest differences.
            let rank = (differences.contains { $0.field == "path" } ? 100 : 0)
                + (differences.contains { $0.field == "method" } ? 10 : 0) + differences.count
            if let current = best {
                let currentRank = (current.1.contains { $0.field == "path" } ? 100 : 0)
                    + (current.1.contains { $0.field == "method" } ? 10 : 0) + current.1.count
                if rank < currentRank { best = (candidate, differences) }
            } else {
                best = (candidate, differences)
            }
        }
        let mismatch = Mismatch(request: request, nearest: best?.0, differences: best?.1 ?? [], exhausted: exhausted)
        state.withLock { $0.mismatches.append(mismatch) }
        return .unmatched(mismatch)
    }
}
