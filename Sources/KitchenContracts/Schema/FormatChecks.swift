import HarnessCore

/// One asserted `format`: the test, and how the expectation is worded.
struct FormatCheck: Sendable {
    let expected: String
    let accepts: @Sendable (String) -> Bool
}

/// The formats asserted when ``SchemaOptions/formats`` is ``SchemaOptions/Formats/assert``
/// (Validation 2020-12 §7.3), by name. Any other format stays an annotation.
///
/// ```swift
/// FormatChecks.named["date-time"]?.accepts("2026-11-20T10:15:30Z")   // true
/// FormatChecks.named["x-colour"]                                     // nil: annotation only
/// ```
enum FormatChecks {
    static let named: [String: FormatCheck] = [
        "date-time": FormatCheck(expected: "RFC 3339 date-time", accepts: FormatGrammar.isDateTime),
        "date": FormatCheck(expected: "RFC 3339 full-date", accepts: FormatGrammar.isDate),
        "time": FormatCheck(expected: "RFC 3339 full-time", accepts: FormatGrammar.isTime),
        "duration": FormatCheck(expected: "RFC 3339 duration", accepts: FormatGrammar.isDuration),
        "uuid": FormatCheck(expected: "RFC 4122 UUID", accepts: FormatGrammar.isUUID),
        "email": FormatCheck(expected: "RFC 5321 mailbox", accepts: FormatGrammar.isEmail),
        "hostname": FormatCheck(expected: "RFC 1123 host name", accepts: FormatGrammar.isHostname),
        "ipv4": FormatCheck(expected: "IPv4 address", accepts: FormatGrammar.isIPv4),
        "ipv6": FormatCheck(expected: "IPv6 address", accepts: FormatGrammar.isIPv6),
        "uri": FormatCheck(expected: "RFC 3986 URI", accepts: FormatGrammar.isURI),
        "uri-reference": FormatCheck(expected: "RFC 3986 URI reference", accepts: FormatGrammar.isURIReference),
        "json-pointer": FormatCheck(expected: "RFC 6901 JSON Pointer", accepts: FormatGrammar.isJSONPointer),
        "regex": FormatCheck(expected: "ECMA-262 regular expression") { (try? SchemaPattern($0)) != nil },
    ]
}
