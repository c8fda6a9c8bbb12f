import HarnessCore

/// The JSON shapes a set of recordings shows, values ignored: per response subject
/// (`GET /devices/{deviceId}/oven → 200`) and per WebSocket message type
/// (`/ws message state oven`), every member path with the JSON types seen there and how often
/// it was present. Array elements share one path segment, `*`.
///
/// ```swift
/// let shapes = RecordingShapes(recordings)
/// shapes.subjects["GET /devices → 200"]?.fields["/*/compartments"]?.types   // ["array"]
/// ```
public struct RecordingShapes: Sendable, Hashable {
    /// What was seen at one path.
    public struct Field: Sendable, Hashable {
        /// JSON Schema type names seen (`integer`, `number`, `string`, `null`, …).
        public var types: Set<String> = []
        /// How many times the path held a value.
        public var occurrences = 0
        /// How many of those values were objects (the denominator of their members' presence).
        public var objects = 0
        /// How many of those values were non-empty arrays (so their elements were seen).
        public var filledArrays = 0
    }

    /// Every path of one subject.
    public struct Subject: Sendable, Hashable {
        /// Path (`""` for the root, `/state/isOn`, `/*/key`) → what was seen.
        public var fields: [String: Field] = [:]
        /// How many instances (bodies or messages) were seen.
        public var instances = 0
        /// The operation's `METHOD template`, for HTTP subjects.
        public var operation: String?

        /// Folds one instance in (`nil` for an exchange without a body).
        mutating func add(_ value: JSONValue?) {
            instances += 1
            guard let value else {
                fields["", default: Field()].types.insert("absent")
                fields["", default: Field()].occurrences += 1
                return
            }
            walk(value, at: "")
        }

        private mutating func walk(_ value: JSONValue, at path: String) {
            fields[path, default: Field()].types.insert(value.typeName)
            fields[path, default: Field()].occurrences += 1
            switch value {
            case .object(let object):
                fields[path, default: Field()].objects += 1
                // RFC 6901 escaping, so a member called `*` or `a/b` cannot collide with structure.
                for member in object { walk(member.value, at: path + JSONPointer(tokens: [member.key]).description) }
            case .array(let elements):
                if !elements.isEmpty { fields[path, default: Field()].filledArrays += 1 }
                for element in elements { walk(element, at: path + "/*") }
            default:
                break
            }
        }
    }

    /// Subject name → shape.
    public var subjects: [String: Subject]

    /// The shapes of `recordings`: every exchange's response body (entries with an upstream
    /// error skipped) and every server message of a WebSocket entry.
    public init(_ recordings: [LoadedRecording]) {
        var subjects: [String: Subject] = [:]
        for recording in recordings {
            for entry in recording.entries where entry.entry.error == nil {
                let operation = "\(entry.exchange.method.uppercased()) \(entry.route?.operation.pathTemplate ?? entry.apiPath)"
                let name = "\(operation) → \(entry.exchange.status)"
                subjects[name, default: Subject(operation: operation)].add(entry.exchange.responseBody)
                for message in entry.messages where message.isFromServer {
                    let channel = entry.apiPath
                    subjects["\(channel) message \(message.label)", default: Subject()].add(message.payload)
                }
            }
        }
        self.subjects = subjects
    }
}
