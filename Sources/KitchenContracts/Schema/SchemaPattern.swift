/// A `pattern` / `patternProperties` regular expression, in the ECMA-262 dialect JSON
/// Schema names (Validation 2020-12 §4.3), run by the Swift standard library's `Regex`.
///
/// `Regex` reads a superset of ECMA-262's syntax; the differences that change a match are
/// translated before compiling: `\d` and `\w` are ASCII only, `\s` includes U+FEFF, `$`
/// matches only at the end (not before a final newline), `\cX` is the control character,
/// and matching is by Unicode scalar, not by grapheme cluster. Unicode properties
/// (`\p{Letter}`, `\p{Script=Greek}`) work as in ECMA-262's `u` mode. Foundation's
/// `NSRegularExpression` is ICU's dialect, so it is not used.
///
/// ```swift
/// let ids = try SchemaPattern("^dev-[0-9a-f]{8}$")
/// ids.matches("dev-0badf00d")   // true
/// ids.matches("dev-0badf00d\n") // false: `$` is the end of the text
/// ```
struct SchemaPattern: @unchecked Sendable {
    // @unchecked: `Regex` holds an immutable compiled program and is safe to share; it is
    // not declared Sendable for every output type.
    /// The pattern as written in the schema.
    let source: String
    private let regex: Regex<AnyRegexOutput>
    /// For a pattern that is plain text, optionally after `^`: that text, and whether it is
    /// anchored. Such a pattern is matched by comparing scalars, without running the regex.
    private let literal: (scalars: [Unicode.Scalar], anchored: Bool)?

    /// The characters with a meaning in an ECMA-262 pattern (ECMA-262 §22.2.1 SyntaxCharacter).
    private static let syntaxCharacters: Set<Unicode.Scalar> = Set("^$\\.*+?()[]{}|/".unicodeScalars)

    /// Compiles `source`; throws when it is not a regular expression.
    init(_ source: String) throws {
        self.source = source
        regex = try Regex(Self.translate(source))
            .matchingSemantics(.unicodeScalar)
            .asciiOnlyDigits()
            .asciiOnlyWordCharacters()
        let anchored = source.unicodeScalars.first == "^"
        let text = Array(source.unicodeScalars.dropFirst(anchored ? 1 : 0))
        literal = text.contains(where: Self.syntaxCharacters.contains) ? nil : (text, anchored)
    }

    /// Whether the pattern matches anywhere in `text` (patterns are not implicitly anchored).
    func matches(_ text: String) -> Bool {
        if let literal {
            let scalars = text.unicodeScalars
            if literal.anchored || literal.scalars.isEmpty { return scalars.starts(with: literal.scalars) }
            var start = scalars.startIndex
            while start != scalars.endIndex {
                if scalars[start...].starts(with: literal.scalars) { return true }
                scalars.formIndex(after: &start)
            }
            return false
        }
        return (try? regex.firstMatch(in: text)) != nil
    }

    /// The ECMA-262 pattern rewritten in `Regex` syntax with ECMA-262's meaning.
    static func translate(_ source: String) -> String {
        var output = ""
        var inClass = false
        var iterator = Array(source.unicodeScalars).makeIterator()
        while let scalar = iterator.next() {
            switch scalar {
            case "\\":
                guard let next = iterator.next() else { output += "\\\\"; break }
                switch next {
                case "s": output += inClass ? "\\s\\u{FEFF}" : "[\\s\\u{FEFF}]"
                case "S": output += inClass ? "\\S" : "[^\\s\\u{FEFF}]"
                case "c":
                    if let letter = iterator.next(), letter.properties.isAlphabetic, letter.isASCII {
                        output += "\\u{" + String(letter.value % 32, radix: 16) + "}"
                    } else {
                        output += "\\\\c"
                    }
                default: output.unicodeScalars.append("\\"); output.unicodeScalars.append(next)
                }
            case "[" where !inClass: inClass = true; output += "["
            case "]" where inClass: inClass = false; output += "]"
            case "$" where !inClass: output += "\\z"
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output
    }
}
