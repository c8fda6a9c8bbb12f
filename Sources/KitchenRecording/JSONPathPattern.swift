import HarnessCore

/// A pattern naming places in a JSON document, for the fields that are volatile or secret.
///
/// The syntax is dot-separated segments, matched from the root:
/// - a name matches the object member of that name; digits also match that array index;
/// - `*` matches exactly one member or element, whatever its name or index;
/// - `**` matches any number of members or elements, none included.
///
/// | pattern          | matches                                                  |
/// |------------------|----------------------------------------------------------|
/// | `expiresAt`      | the top-level `expiresAt` only                           |
/// | `**.lastUpdated` | `lastUpdated` at any depth, the top level included       |
/// | `state.*`        | every direct member of the top-level `state`             |
/// | `*.0.id`         | `id` of the first element of any top-level array member  |
///
/// Names containing `.`, and members literally called `*` or `**`, cannot be written.
///
/// ```swift
/// let pattern: JSONPathPattern = "**.sentAt"
/// pattern.matches(["state", "sentAt"])   // true
/// ```
public struct JSONPathPattern: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// One step of a pattern.
    public enum Segment: Sendable, Hashable {
        /// A member name (or array index written in decimal).
        case name(String)
        /// Any one member or element: `*`.
        case anyOne
        /// Any run of members or elements, possibly empty: `**`.
        case anyDepth
    }

    /// The steps, outermost first.
    public let segments: [Segment]

    /// Parses the dotted form; every text is a valid pattern.
    public init(_ text: String) {
        segments = text.split(separator: ".", omittingEmptySubsequences: false).map { part in
            switch part {
            case "*": .anyOne
            case "**": .anyDepth
            default: .name(String(part))
            }
        }
    }

    /// Parses the dotted form.
    public init(stringLiteral value: String) { self.init(value) }

    /// The dotted form.
    public var description: String {
        segments.map { segment in
            switch segment {
            case .name(let name): name
            case .anyOne: "*"
            case .anyDepth: "**"
            }
        }.joined(separator: ".")
    }

    /// Whether the location `path` (member names and decimal indices from the root) matches.
    public func matches(_ path: [String]) -> Bool {
        Self.match(segments[...], path[...])
    }

    /// Whether the location `pointer` matches.
    public func matches(_ pointer: JSONPointer) -> Bool {
        matches(pointer.tokens)
    }

    private static func match(_ segments: ArraySlice<Segment>, _ path: ArraySlice<String>) -> Bool {
        guard let segment = segments.first else { return path.isEmpty }
        let rest = segments.dropFirst()
        switch segment {
        case .anyDepth:
            return (0...path.count).contains { match(rest, path.dropFirst($0)) }
        case .anyOne:
            return !path.isEmpty && match(rest, path.dropFirst())
        case .name(let name):
            return path.first == name && match(rest, path.dropFirst())
        }
    }
}

extension JSONValue {
    /// This value with `transform` applied at every location some pattern matches. Locations
    /// are visited outermost first; a replaced value is not descended into.
    func replacing(
        at patterns: [JSONPathPattern], path: inout [String], _ transform: (JSONValue) -> JSONValue?
    ) -> JSONValue {
        if !path.isEmpty, patterns.contains(where: { $0.matches(path) }), let replacement = transform(self) {
            return replacement
        }
        switch self {
        case .array(let elements):
            return .array(elements.enumerated().map { index, element in
                path.append(String(index))
                defer { path.removeLast() }
                return element.replacing(at: patterns, path: &path, transform)
            })
        case .object(let object):
            return .object(JSONObject(object.members.map { member in
                path.append(member.key)
                defer { path.removeLast() }
                return JSONObject.Member(key: member.key, value: member.value.replacing(at: patterns, path: &path, transform))
            }))
        case .null, .bool, .number, .string:
            return self
        }
    }
}
