/// The markup language a report writes text into, and the escaping each needs.
///
/// Both escape the markup characters and replace the characters they cannot carry with
/// U+FFFD, so a hostile recording cannot add markup or break the file. They differ on purpose
/// where the two standards differ.
///
/// ```swift
/// Markup.html.escape("'a'\n")   // "&#39;a&#39;\n"
/// Markup.xml.escape("'a'\n")    // "&apos;a&apos;&#10;"
/// ```
package enum Markup: Sendable {
    /// HTML 5 text and attribute values (§13.1.2.6, §13.5): `'` as `&#39;` (HTML 4 has no
    /// `&apos;`); tab, line feed and carriage return kept; DEL replaced, as the HTML parser
    /// reports it as a parse error.
    case html
    /// XML 1.0 text and attribute values (§2.2, §2.4, §3.3.3): `'` as `&apos;`; tab, line feed
    /// and carriage return as character references, because attribute-value normalisation
    /// would turn them into spaces; DEL kept, as XML allows it.
    case xml

    /// `text` with `&`, `<`, `>`, `"` and `'` as references and the C0 controls (and, for HTML,
    /// DEL) and the noncharacters U+FFFE/U+FFFF as U+FFFD.
    package func escape(_ text: some StringProtocol) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += self == .html ? "&#39;" : "&apos;"
            case "\t", "\n", "\r":
                if self == .html { result.unicodeScalars.append(scalar) } else { result += "&#\(scalar.value);" }
            default:
                let value = scalar.value
                let forbidden = value < 0x20 || (value == 0x7F && self == .html) || value == 0xFFFE || value == 0xFFFF
                result.unicodeScalars.append(forbidden ? "\u{FFFD}" : scalar)
            }
        }
        return result
    }
}
