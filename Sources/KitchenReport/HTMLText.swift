import VirtualTime

/// Text made safe for an HTML page, and numbers written the same way every time.
///
/// Everything that comes from a recording (paths, headers, bodies, close reasons) and from a
/// findings file passes through ``escape(_:)`` before it reaches the page, in text and in
/// attribute values alike, so a hostile recording cannot add markup or script.
///
/// ```swift
/// HTMLText.escape("<token-1> & \"x\"")   // "&lt;token-1&gt; &amp; &quot;x&quot;"
/// HTMLText.number(12.3456)              // "12.35"
/// ```
enum HTMLText {
    /// HTML 5 §13.1.2.6 and §13.5: `&`, `<`, `>`, `"` and `'` as character references; C0
    /// controls other than tab, line feed and carriage return, DEL, and the noncharacters
    /// U+FFFE/U+FFFF become U+FFFD (the HTML parser treats them as parse errors).
    static func escape(_ text: some StringProtocol) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
            default:
                let value = scalar.value
                let forbidden = value < 0x20 || value == 0x7F || value == 0xFFFE || value == 0xFFFF
                result.unicodeScalars.append(forbidden ? "\u{FFFD}" : scalar)
            }
        }
        return result
    }

    /// `value` rounded to two decimals, without trailing zeros or a locale (`12.5`, `3`, `-0.25`).
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let hundredths = Int64((value * 100).rounded())
        let sign = hundredths < 0 ? "-" : ""
        let magnitude = hundredths.magnitude
        let whole = magnitude / 100, fraction = magnitude % 100
        if fraction == 0 { return sign + String(whole) }
        if fraction % 10 == 0 { return sign + "\(whole).\(fraction / 10)" }
        return sign + "\(whole).\(fraction < 10 ? "0" : "")\(fraction)"
    }

    /// A relative instant as the virtual clock, `kitchen reproduce` and progress lines print it: `+12.345s`.
    static func offset(milliseconds: Int64) -> String {
        Duration.milliseconds(milliseconds).offsetText
    }

    /// A duration in milliseconds, e.g. `0 ms`, `12.5 ms`, `1.2 s`.
    static func duration(milliseconds: Double) -> String {
        milliseconds < 1000 ? "\(number(milliseconds)) ms" : "\(number(milliseconds / 1000)) s"
    }

    /// A width estimate for an 11 px label, used to keep labels from overlapping before the
    /// browser has measured anything.
    static func labelWidth(_ text: String) -> Double {
        Double(text.count) * 6.9 + 6
    }
}
