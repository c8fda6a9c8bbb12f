import KitchenRecording

/// Which mark each finding goes on: an exchange or connection (by entry), or a message.
///
/// A finding without an entry whose location starts `(entry #N)` (how the scenario replay
/// check names a recorded request) goes on entry N. Findings about the recording as a whole,
/// and those whose entry the recording does not have, get a mark beside the axis instead.
struct FindingPlacement: Sendable {
    /// Findings on an entry itself, by entry index (indices into the findings list).
    var onEntry: [Int: [Int]] = [:]
    /// Findings on one message.
    var onMessage: [MessageKey: [Int]] = [:]
    /// Findings marked beside the axis: about the whole recording, or about an entry it lacks.
    var onRecording: [Int] = []
    /// The entry each finding is marked on, when it is marked on one.
    var entryOf: [Int: Int] = [:]
    /// Why a finding is not (or not exactly) where it says.
    var notes: [Int: String] = [:]

    init(findings: [Finding], model: TimelineModel) {
        let exchanges = Set(model.exchanges.map(\.entry))
        let messageCounts = Dictionary(model.connections.map { ($0.entry, $0.messages.count) }, uniquingKeysWith: { first, _ in first })
        for (index, finding) in findings.enumerated() {
            guard let entry = finding.entry ?? Self.entry(named: finding.location) else {
                onRecording.append(index)
                notes[index] = "about the recording as a whole"
                continue
            }
            guard exchanges.contains(entry) || messageCounts[entry] != nil else {
                onRecording.append(index)
                notes[index] = "entry #\(entry) is not in this recording"
                continue
            }
            entryOf[index] = entry
            if let count = messageCounts[entry], let message = finding.message {
                if message < count {
                    onMessage[MessageKey(entry: entry, message: message), default: []].append(index)
                    continue
                }
                notes[index] = "message \(message) is not in entry #\(entry) (it has \(count)); marked on the connection"
            } else if let message = finding.message {
                notes[index] = "entry #\(entry) is not a WebSocket connection (message \(message)); marked on the exchange"
            }
            onEntry[entry, default: []].append(index)
        }
    }

    /// N of a location that starts `(entry #N)`.
    static func entry(named location: String) -> Int? {
        guard location.hasPrefix("(entry #"), let close = location.firstIndex(of: ")") else { return nil }
        let digits = location[location.index(location.startIndex, offsetBy: 8)..<close]
        guard !digits.isEmpty, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber) else { return nil }
        return Int(digits)
    }

    /// The subjects that must stay visible.
    var pinned: PinnedSubjects {
        PinnedSubjects(entries: Set(onEntry.keys), messages: Set(onMessage.keys))
    }

    /// Every finding drawn on an entry or a message.
    var marked: Int { onEntry.values.reduce(0) { $0 + $1.count } + onMessage.values.reduce(0) { $0 + $1.count } }
}
