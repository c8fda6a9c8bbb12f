import HarnessCore

/// One asserted `format`: the grammar, and how the expectation is worded.
struct FormatCheck: Sendable {
    let expected: String
    /// Whether the text's UTF-8 bytes match the format's grammar.
    let grammar: @Sendable ([UInt8]) -> Bool

    func accepts(_ text: String) -> Bool { grammar(Array(text.utf8)) }
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
        "date-time": FormatCheck(expected: "RFC 3339 date-time", grammar: FormatGrammar.isDateTime),
        "date": FormatCheck(expected: "RFC 3339 full-date", grammar: FormatGrammar.isDate),
        "time": FormatCheck(expected: "RFC 3339 full-time", grammar: FormatGrammar.isTime),
        "duration": FormatCheck(expected: "RFC 3339 duration", grammar: FormatGrammar.isDuration),
        "uuid": FormatCheck(expected: "RFC 4122 UUID", grammar: FormatGrammar.isUUID),
        "email": FormatCheck(expected: "RFC 5321 mailbox", grammar: FormatGrammar.isEmail),
        "hostname": FormatCheck(expected: "RFC 1123 host name", grammar: FormatGrammar.isHostname),
        "ipv4": FormatCheck(expected: "IPv4 address", grammar: FormatGrammar.isIPv4),
        "ipv6": FormatCheck(expected: "IPv6 address", grammar: FormatGrammar.isIPv6),
        "uri": FormatCheck(expected: "RFC 3986 URI", grammar: FormatGrammar.isURI),
        "uri-reference": FormatCheck(expected: "RFC 3986 URI reference", grammar: FormatGrammar.isURIReference),
        "json-pointer": FormatCheck(expected: "RFC 6901 JSON Pointer", grammar: FormatGrammar.isJSONPointer),
        "regex": FormatCheck(expected: "ECMA-262 regular expression") { (try? SchemaPattern(String(decoding: $0, as: UTF8.self))) != nil },
    ]
}
