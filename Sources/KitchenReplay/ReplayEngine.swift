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
/// order for identical requests, those of the request's own session first), explains the
/// nearest entry when none does, and tracks which entries were never used. Shared by the
/// replay server and the in-process transports.
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
    /// The path prefix the recorded server had (`/api/v1`, percent-decoded) as the caller named
    /// it (`""`: the recorded paths are taken as they are), or `nil` when the engine infers it
    /// (`BasePathInference`). A request below it matches as is; one without it (a client
    /// pointed at the replay's root) matches as if it had it.
    public let namedBasePath: String?
    /// The base path in effect: the named one, else the one inferred so far (`""` until one is).
    public var basePath: String { namedBasePath ?? state.withLock { $0.inferredBasePath } ?? "" }
    /// The body fields ignored when matching; requests to ``answer(_:webSocket:)`` are reduced with them too.
    public let volatile: VolatileFields
    private let entries: [Entry]
    /// The entries that can answer each method and path, in recorded order: a request is
    /// compared only with these, so a long recording answers as fast as a short one.
    private let entriesByRoute: [Route: [Entry]]
    /// Which client session each entry belongs to, so several clients recorded together
    /// each get their own answers.
    private let sessions: ReplaySessions
    /// Infers the base path when the caller names none.
    private let inference: BasePathInference

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
    private let state = Mutex(State())

    /// A group of identical recorded requests (named by its first entry), as one session
    /// asks for them; `session` is `nil` for a request that the recording's sessions do not know.
    private struct ServedKey: Hashable {
        var group: Int
        var session: Int?
    }

    private struct State {
        /// How many times each group of identical recorded requests has been answered, per session.
        var served: [ServedKey: Int] = [:]
        var used: Set<Int> = []
        var mismatches: [Mismatch] = []
        var webSocketMismatches: [String] = []
        /// The base path inferred for this session, once a request needed one (never when one is named).
        var inferredBasePath: String?
    }

    /// An engine answering from `document`. `volatile` names the body fields whose values are
    /// ignored when matching, and `basePath` the prefix the recorded paths are under (`""` for
    /// none): both describe the recorded API, so a caller that knows it passes them in. Without
    /// a `basePath` the engine infers one at match time (`BasePathInference`).
    public init(document: HAR.Document, mode: ReplayMode = .once, volatile: VolatileFields, basePath: String? = nil) {
        self.document = document
        self.mode = mode
        self.volatile = volatile
        self.namedBasePath = basePath
        let entries = document.log.entries.enumerated().map {
            Entry(index: $0.offset, entry: $0.element, request: ReplayRequest($0.element.request, volatile: volatile))
        }
        self.entries = entries
        self.entriesByRoute = Dictionary(grouping: entries) { Route($0.request, webSocket: $0.entry.isWebSocket) }
        self.sessions = ReplaySessions(entries)
        self.inference = BasePathInference(paths: entries.lazy.map(\.request.path))
    }

    /// The recorded answer for `request`, or why there is none. WebSocket upgrades are matched
    /// only against WebSocket entries, and other requests only against the rest. Among identical
    /// recorded requests, those of the session whose alias `request` carries answer first, in
    /// recorded order. A `HEAD` to a route the recording has no `HEAD` for is answered by the
    /// entry the same `GET` would get next (RFC 9110 §9.3.2), without using it up: the caller
    /// sends that entry's head and no body. The request's path is first put under the base path
    /// (see ``namedBasePath``); an inferred one applies only to paths not recorded as they stand.
    public func answer(_ request: ReplayRequest, webSocket: Bool = false) -> Decision {
        var request = request
        request.path = recordedPath(of: request.path)
        let matching = entries(matching: request, webSocket: webSocket)
        if matching.isEmpty, !webSocket, request.method == "HEAD", entriesByRoute[Route(request, webSocket: false)] == nil {
            var get = request
            get.method = "GET"
            let gets = entries(matching: get, webSocket: false)
            if !gets.isEmpty {
                return state.withLock { pick(among: gets, for: get, consuming: false, state: &$0) }
            }
        }
        guard !matching.isEmpty else {
            return unmatched(request, among: entries.filter { $0.entry.isWebSocket == webSocket })
        }
        return state.withLock { pick(among: matching, for: request, consuming: true, state: &$0) }
    }

    /// `path` as the recording would have it: under the named base path; else as it stands when
    /// it is recorded so, or under the base path inferred for the session (adopted here, the first
    /// time a request infers one).
    private func recordedPath(of path: String) -> String {
        if let namedBasePath { return Self.path(path, putUnder: namedBasePath) }
        if inference.isRecorded(path) { return path }
        let inferred = state.withLock { state in
            if state.inferredBasePath == nil { state.inferredBasePath = inference.basePath(for: path) }
            return state.inferredBasePath
        }
        return inferred.map { Self.path(path, putUnder: $0) } ?? path
    }

    /// `path` with `basePath` in front, unless it is already at or below it.
    static func path(_ path: String, putUnder basePath: String) -> String {
        Self.path(path, isUnder: basePath) ? path : basePath + path
    }

    /// Whether `path` is `basePath` or below it; every path is below `""`.
    static func path(_ path: String, isUnder basePath: String) -> Bool {
        basePath.isEmpty || path == basePath || path.hasPrefix(basePath + "/")
    }

    /// The recorded entries `request` matches, in recorded order.
    private func entries(matching request: ReplayRequest, webSocket: Bool) -> [Entry] {
        (entriesByRoute[Route(request, webSocket: webSocket)] ?? []).filter { request.matches($0.request) }
    }

    /// The entry of `matching` (not empty) that answers `request` now: the next one of the
    /// request's session when the session has any there, else the next of them all, as the mode
    /// says. `consuming` counts the answer as served; without it the answer is only looked at.
    private func pick(among matching: [Entry], for request: ReplayRequest, consuming: Bool, state: inout State) -> Decision {
        let session = sessions.session(carriedBy: request)
        let own = session.map { session in matching.filter { sessions.session(ofEntry: $0.index) == session } } ?? []
        let candidates = own.isEmpty ? matching : own
        let key = ServedKey(group: matching[0].index, session: own.isEmpty ? nil : session)
        let count = state.served[key, default: 0]
        let position: Int
        switch mode {
        case .once:
            guard count < candidates.count else {
                guard consuming else { return .answer(candidates[candidates.count - 1]) }
                let mismatch = Mismatch(request: request, nearest: candidates.last, differences: [], exhausted: true)
                state.mismatches.append(mismatch)
                return .unmatched(mismatch)
            }
            position = count
        case .sequence: position = min(count, candidates.count - 1)
        case .repeat: position = count % candidates.count
        }
        if consuming {
            state.served[key] = count + 1
            state.used.insert(candidates[position].index)
        }
        return .answer(candidates[position])
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

    private func unmatched(_ request: ReplayRequest, among candidates: [Entry]) -> Decision {
        // Prefer the same method and path, then the fewest differences; of equals, the first recorded.
        func rank(_ differences: [RequestDifference]) -> Int {
            (differences.contains { $0.field == "path" } ? 100 : 0) + (differences.contains { $0.field == "method" } ? 10 : 0)
                + differences.count
        }
        let best = candidates.lazy.map { ($0, RequestDifference.between(recorded: $0.request, actual: request)) }
            .min { rank($0.1) < rank($1.1) }
        let mismatch = Mismatch(request: request, nearest: best?.0, differences: best?.1 ?? [], exhausted: false)
        state.withLock { $0.mismatches.append(mismatch) }
        return .unmatched(mismatch)
    }
}
