/// A JSON Pointer (RFC 6901): the location of a value inside a document,
/// written like `/state/targetTemperature` or `/compartments/0/key`.
///
/// ```swift
/// let pointer = JSONPointer.root.appending("state").appending("isOn")
/// pointer.description          // "/state/isOn"
/// pointer.resolve(in: message) // the value there, if any
/// ```
public struct JSONPointer: Sendable, Hashable, CustomStringConvertible, Comparable {
    /// The unescaped reference tokens, outermost first.
    public private(set) var tokens: [String]

    /// The whole document.
    public static let root = JSONPointer(tokens: [])

    public init(tokens: [String]) { self.tokens = tokens }

    /// Parses the RFC 6901 string form. Returns `nil` when it does not start with `/`
    /// (and is not empty) or holds a `~` not followed by `0` or `1`.
    public init?(_ text: String) {
        guard !text.isEmpty else { self.tokens = []; return }
        guard text.hasPrefix("/") else { return nil }
        var tokens: [String] = []
        for raw in text.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            var token = ""
            var iterator = raw.makeIterator()
            while let character = iterator.next() {
                guard character == "~" else { token.append(character); continue }
                switch iterator.next() {
                case "0": token.append("~")
                case "1": token.append("/")
                default: return nil
                }
            }
            tokens.append(token)
        }
        self.tokens = tokens
    }

    /// This pointer extended by an object member name.
    public func appending(_ key: String) -> JSONPointer {
        var copy = self
        copy.tokens.append(key)
        return copy
    }

    /// This pointer extended by an array index.
    public func appending(_ index: Int) -> JSONPointer { appending(String(index)) }

    /// The pointer one level up; the root's parent is the root.
    public var parent: JSONPointer { JSONPointer(tokens: Array(tokens.dropLast())) }

    /// The value this pointer designates in `document`, if there is one.
    public func resolve(in document: JSONValue) -> JSONValue? {
        var current = document
        for token in tokens {
            switch current {
            case .object(let object):
                guard let next = object[token] else { return nil }
                current = next
            case .array(let elements):
                guard let index = Int(token), String(index) == token, elements.indices.contains(index) else { return nil }
                current = elements[index]
            default:
                return nil
            }
        }
        return current
    }

    public var description: String {
        var text = ""
        for token in tokens {
            text.append("/")
            for character in token {
                switch character {
                case "~": text.append("~0")
                case "/": text.append("~1")
                default: text.append(character)
                }
            }
        }
        return text
    }

    public static func < (lhs: JSONPointer, rhs: JSONPointer) -> Bool {
        lhs.tokens.lexicographicallyPrecedes(rhs.tokens)
    }
}
