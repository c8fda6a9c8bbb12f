/// Text compared as JSON compares it: by Unicode code points, not by Swift's canonical
/// equivalence. RFC 8259 §8.3 compares member names code unit by code unit, and JSON Schema
/// 2020-12 (Core §4.2.2) calls two strings equal when they hold the same code points, so
/// `"ä"` (U+00E4) and `"a\u{308}"` are different names and different values, though Swift's
/// `==` calls them equal.
///
/// ```swift
/// "ä" == "a\u{308}"                          // true: canonically equivalent
/// "ä".hasSameCodePoints(as: "a\u{308}")     // false
/// ```
extension String {
    /// Whether the two strings hold the same sequence of Unicode scalars (equivalently, the
    /// same UTF-8 bytes).
    @inlinable
    package func hasSameCodePoints(as other: String) -> Bool {
        var mine = self, theirs = other
        return mine.withUTF8 { a in
            theirs.withUTF8 { b in a.count == b.count && a.elementsEqual(b) }
        }
    }
}

/// A string key hashed and compared by its code points (see ``Swift/String/hasSameCodePoints(as:)``),
/// for dictionaries and sets whose keys are JSON member names.
///
/// ```swift
/// var seen: Set<CodePointKey> = [CodePointKey("ä")]
/// seen.contains(CodePointKey("a\u{308}"))   // false
/// ```
package struct CodePointKey: Hashable, Sendable, CustomStringConvertible {
    /// The text.
    package let text: String

    /// The key for `text`.
    @inlinable
    package init(_ text: String) { self.text = text }

    @inlinable
    package static func == (lhs: CodePointKey, rhs: CodePointKey) -> Bool {
        lhs.text.hasSameCodePoints(as: rhs.text)
    }

    @inlinable
    package func hash(into hasher: inout Hasher) {
        var text = text
        text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }

    package var description: String { text }
}
