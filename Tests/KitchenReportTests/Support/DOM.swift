import Foundation

/// What the tests read out of a page's markup (the HTML we wrote, or the DOM Chromium dumps
/// after the script ran): the start tags of elements with a class, and their attributes.
struct DOM {
    /// One start tag.
    struct Element: Sendable {
        let name: String
        let attributes: [String: String]

        var classes: Set<String> { Set((attributes["class"] ?? "").split(separator: " ").map(String.init)) }
        func int(_ name: String) -> Int? { attributes[name].flatMap { Int($0) } }
    }

    let elements: [Element]

    init(_ html: String) {
        // Start tags with attributes; attribute values are always double-quoted by us and by Chromium's serializer.
        let tag = try! Regex(#"<([a-zA-Z][a-zA-Z0-9]*)((?:\s+[a-zA-Z_:][-a-zA-Z0-9_:.]*(?:="[^"]*")?)*)\s*/?>"#)
        let attribute = try! Regex(#"([a-zA-Z_:][-a-zA-Z0-9_:.]*)(?:="([^"]*)")?"#)
        elements = html.matches(of: tag).compactMap { match in
            guard let name = match.output[1].substring, let text = match.output[2].substring else { return nil }
            var attributes: [String: String] = [:]
            for pair in text.matches(of: attribute) {
                guard let key = pair.output[1].substring else { continue }
                attributes[String(key)] = pair.output[2].substring.map(String.init) ?? ""
            }
            return Element(name: String(name).lowercased(), attributes: attributes)
        }
    }

    /// Elements carrying `className`.
    func withClass(_ className: String) -> [Element] { elements.filter { $0.classes.contains(className) } }

    /// The `data-entry` of every `.entry` mark.
    var entries: Set<Int> { Set(withClass("entry").compactMap { $0.int("data-entry") }) }

    /// `(entry, message)` of every `.message` mark.
    var messages: Set<[Int]> {
        Set(withClass("message").compactMap { element in
            guard let entry = element.int("data-entry"), let message = element.int("data-message") else { return nil }
            return [entry, message]
        })
    }

    /// The `.finding` marks.
    var findings: [Element] { withClass("finding") }
}
