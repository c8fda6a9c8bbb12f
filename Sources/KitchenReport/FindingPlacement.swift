/// Which mark each finding goes on: an exchange or connection (by entry), or a message.
/// Findings whose entry or message the recording does not have, and findings about the file
/// as a whole, are only listed.
struct FindingPlacement: Sendable {
    /// Findings on an entry itself, by entry index (indices into the findings list).
    var onEntry: [Int: [Int]] = [:]
    /// Findings on one message.
    var onMessage: [MessageKey: [Int]] = [:]
    /// Why a finding is not (or not exactly) where it says: it points at nothing this page
    /// draws, or at a message the entry does not have.
    var notes: [Int: String] = [:]

    init(findings: [ReportFinding], model: TimelineModel) {
        let exchanges = Set(model.exchanges.map(\.entry))
        let messageCounts = Dictionary(model.connections.map { ($0.entry, $0.messages.count) }, uniquingKeysWith: { first, _ in first })
        for (index, finding) in findings.enumerated() {
            guard let entry = finding.entry else {
                notes[index] = "about the recording as a whole"
                continue
            }
            if let count = messageCounts[entry] {
                if let message = finding.message {
                    if message < count {
                        onMessage[MessageKey(entry: entry, message: message), default: []].append(index)
                    } else {
                        onEntry[entry, default: []].append(index)
                        notes[index] = "message \(message) is not in entry #\(entry) (it has \(count)); marked on the connection"
                    }
                } else {
                    onEntry[entry, default: []].append(index)
                }
            } else if exchanges.contains(entry) {
                onEntry[entry, default: []].append(index)
                if let message = finding.message {
                    notes[index] = "entry #\(entry) is not a WebSocket connection (message \(message)); marked on the exchange"
                }
            } else {
                notes[index] = "entry #\(entry) is not in this recording"
            }
        }
    }

    /// The subjects that must stay visible.
    var pinned: PinnedSubjects {
        PinnedSubjects(entries: Set(onEntry.keys), messages: Set(onMessage.keys))
    }

    /// Every finding drawn on a mark.
    var marked: Int { onEntry.values.reduce(0) { $0 + $1.count } + onMessage.values.reduce(0) { $0 + $1.count } }
}
