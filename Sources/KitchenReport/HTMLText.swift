import VirtualTime

/// Text made safe for an HTML page, and numbers written the same way every time.
///
/// Everything that comes from a recording (paths, headers, bodies, close reasons) and from a
/// findings file passes through `Markup.html.escape(_:)` before it reaches the page, in text and
/// in attribute values alike, so a hostile recording cannot add markup or script.
///
/// ```swift
/// HTMLText.number(12.3456)              // "12.35"
/// ```
enum HTMLText {
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
