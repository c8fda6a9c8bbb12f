/// A URI reference split into its five parts, and resolved against a base (RFC 3986 §4.1,
/// §5.2). Schema identifiers (`$id`, `$ref`, `$dynamicRef`) are URI references; resolution
/// is textual, so `urn:`, `tag:` and `file:` bases work the same as `https:` ones.
///
/// ```swift
/// URIReference.resolve("folder/item.json#/$defs/x", against: "http://localhost:1234/tree.json")
/// // "http://localhost:1234/folder/item.json#/$defs/x"
/// ```
struct URIReference: Equatable {
    var scheme: String?
    var authority: String?
    var path: String
    var query: String?
    var fragment: String?

    /// Splits `text` (RFC 3986 Appendix B's regular expression, written out by hand).
    init(_ text: String) {
        var rest = Substring(text)
        if let hash = rest.firstIndex(of: "#") {
            fragment = String(rest[rest.index(after: hash)...])
            rest = rest[..<hash]
        }
        if let question = rest.firstIndex(of: "?") {
            query = String(rest[rest.index(after: question)...])
            rest = rest[..<question]
        }
        if let colon = rest.firstIndex(of: ":"), rest.first?.isLetter == true,
           !rest[..<colon].contains(where: { $0 == "/" }) {
            scheme = String(rest[..<colon])
            rest = rest[rest.index(after: colon)...]
        }
        if rest.hasPrefix("//") {
            let afterSlashes = rest.dropFirst(2)
            let end = afterSlashes.firstIndex(of: "/") ?? afterSlashes.endIndex
            authority = String(afterSlashes[..<end])
            rest = afterSlashes[end...]
        }
        path = String(rest)
    }

    /// The reference written back out (RFC 3986 §5.3).
    var text: String {
        var result = ""
        if let scheme { result += scheme + ":" }
        if let authority { result += "//" + authority }
        result += path
        if let query { result += "?" + query }
        if let fragment { result += "#" + fragment }
        return result
    }

    /// `reference` resolved against `base` (RFC 3986 §5.2.2), fragment kept.
    static func resolve(_ reference: String, against base: String) -> String {
        let ref = URIReference(reference)
        if ref.scheme != nil || base.isEmpty { return ref.withDotSegmentsRemoved.text }
        let baseParts = URIReference(base)
        var target = ref
        target.scheme = baseParts.scheme
        if ref.authority == nil {
            target.authority = baseParts.authority
            if ref.path.isEmpty {
                target.path = baseParts.path
                target.query = ref.query ?? baseParts.query
            } else if ref.path.hasPrefix("/") {
                target.path = ref.path
            } else {
                target.path = merge(baseParts, ref.path)
            }
        }
        return target.withDotSegmentsRemoved.text
    }

    /// `text` without its fragment (the URI of the resource it names).
    static func absolute(_ text: String) -> String {
        guard let hash = text.firstIndex(of: "#") else { return text }
        return String(text[..<hash])
    }

    /// The fragment of `text`, `""` when there is none.
    static func fragment(_ text: String) -> String {
        guard let hash = text.firstIndex(of: "#") else { return "" }
        return String(text[text.index(after: hash)...])
    }

    /// RFC 3986 §5.2.3.
    private static func merge(_ base: URIReference, _ path: String) -> String {
        if base.authority != nil, base.path.isEmpty { return "/" + path }
        guard let slash = base.path.lastIndex(of: "/") else { return path }
        return String(base.path[...slash]) + path
    }

    /// RFC 3986 §5.2.4, for hierarchical paths only (an opaque `urn:` path is left alone).
    private var withDotSegmentsRemoved: URIReference {
        guard path.contains("."), path.hasPrefix("/") || authority != nil else { return self }
        var output: [Substring] = []
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
        for (position, segment) in segments.enumerated() {
            let isLast = position == segments.count - 1
            switch segment {
            case ".": if isLast { output.append("") }
            case "..":
                if output.count > 1 { output.removeLast() }
                if isLast { output.append("") }
            default: output.append(segment)
            }
        }
        var copy = self
        copy.path = output.joined(separator: "/")
        if path.hasPrefix("/"), !copy.path.hasPrefix("/") { copy.path = "/" + copy.path }
        return copy
    }
}
