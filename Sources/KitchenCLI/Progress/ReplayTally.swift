import KitchenReplay

/// `kitchen replay`'s count: requests matched and unmatched, entries never used.
///
/// Lines: `GET /devices 200 entry 1`, `GET /nope 599 no match; nearest entry 1 GET /devices:
/// path: recorded /devices, got /nope`, `WS /ws 101 entry 2 opened`,
/// `WS /ws closed 1000 by replay (entry 2): 0 from client, 7 from server`.
/// Summary: `replayed 120 requests (118 matched, 2 unmatched), 3 of 40 entries unused`.
struct ReplayTally: ProgressTally {
    /// Entries in the recording.
    let entries: Int
    private(set) var matched = 0
    private(set) var unmatched = 0
    /// Entries that answered at least once.
    private var used: Set<Int> = []
    /// The path of each conversation being played, by entry.
    private var conversationPaths: [Int: String] = [:]

    init(entries: Int) { self.entries = entries }

    var unused: Int { entries - used.count }

    var summary: String {
        "replayed \(counted(matched + unmatched, "request", "requests")) (\(grouped(matched)) matched, \(grouped(unmatched)) unmatched), "
            + "\(grouped(unused)) of \(counted(entries, "entry", "entries")) unused"
    }

    mutating func note(_ event: ReplayEvent) -> String? {
        switch event {
        case .answered(let request, let entry, let status):
            matched += 1
            used.insert(entry)
            return "\(request.method) \(request.path) \(status) entry \(entry)"
        case .unmatched(let mismatch, let webSocket):
            unmatched += 1
            let request = mismatch.request
            return (webSocket ? "WS" : request.method) + " \(request.path) 599 " + Self.explain(mismatch)
        case .webSocketOpened(let request, let entry):
            matched += 1
            used.insert(entry)
            conversationPaths[entry] = request.path
            return "WS \(request.path) 101 entry \(entry) opened"
        case .webSocketClosed(let entry, let sentToClient, let receivedFromClient, let code, let closedByClient):
            let path = conversationPaths.removeValue(forKey: entry) ?? "?"
            return "WS \(path) closed \(code.map(String.init) ?? "without a code") by \(closedByClient ? "client" : "replay") "
                + "(entry \(entry)): \(receivedFromClient) from client, \(sentToClient) from server"
        }
    }

    /// `no match; nearest entry 1 GET /devices: query: recorded …, got …`, or that the answers ran out.
    static func explain(_ mismatch: ReplayEngine.Mismatch) -> String {
        guard let nearest = mismatch.nearest else { return "no match; nothing recorded to compare with" }
        if mismatch.exhausted { return "no match; every recorded answer already used (entry \(nearest.index))" }
        return "no match; nearest entry \(nearest.index) \(nearest.request.method) \(nearest.request.path): "
            + mismatch.differences.map(\.description).joined(separator: "; ")
    }
}
