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
        // Tokens are code points (RFC 6901 §3), not grapheme clusters: a combining
        // mark after `/` or `~` must not merge with it.
        let scalars = text.unicodeScalars
        guard scalars.first == "/" else { return nil }
        var tokens: [String] = []
        for raw in scalars.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            var token = String.UnicodeScalarView()
            var iterator = raw.makeIterator()
            while let scalar = iterator.next() {
                guard scalar == "~" else { token.append(scalar); continue }
                switch iterator.next() {
                case "0": token.append("~")
                case "1": token.append("/")
                default: return nil
                }
            }
            tokens.append(String(token))
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
        var text = String.UnicodeScalarView()
        for token in tokens {
            text.append("/")
            for scalar in token.unicodeScalars {
                switch scalar {
                case "~": text.append(contentsOf: "~0".unicodeScalars)
                case "/": text.append(contentsOf: "~1".unicodeScalars)
                default: text.append(scalar)
                }
            }
        }
        return String(text)
    }

    public static func < (lhs: JSONPointer, rhs: JSONPointer) -> Bool {
        lhs.tokens.lexicographicallyPrecedes(rhs.tokens)
    }
}
