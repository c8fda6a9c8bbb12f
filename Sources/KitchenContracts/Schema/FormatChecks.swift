import HarnessCore

/// One asserted `format`: its name, the test, and how the expectation is worded.
struct FormatCheck: Sendable {
    let name: String
    let expected: String
    let accepts: @Sendable (String) -> Bool
}

/// The formats asserted when ``SchemaOptions/formats`` is ``SchemaOptions/Formats/assert``
/// (Validation 2020-12 §7.3). Any other format stays an annotation.
///
/// ```swift
/// FormatChecks.named("date-time")?.accepts("2026-11-20T10:15:30Z")   // true
/// FormatChecks.named("x-colour")                                     // nil: annotation only
/// ```
enum FormatChecks {
    /// The formats asserted, in the order the README lists them.
    static let asserted = [
        "date-time", "date", "time", "duration", "uuid", "email", "hostname", "ipv4", "ipv6",
        "uri", "uri-reference", "json-pointer", "regex",
    ]

    /// The check for `name`, or `nil` when the format is not asserted.
    static func named(_ name: String) -> FormatCheck? {
        switch name {
        case "date-time": FormatCheck(name: name, expected: "RFC 3339 date-time", accepts: FormatGrammar.isDateTime)
        case "date": FormatCheck(name: name, expected: "RFC 3339 full-date", accepts: FormatGrammar.isDate)
        case "time": FormatCheck(name: name, expected: "RFC 3339 full-time", accepts: FormatGrammar.isTime)
        case "duration": FormatCheck(name: name, expected: "RFC 3339 duration", accepts: FormatGrammar.isDuration)
        case "uuid": FormatCheck(name: name, expected: "RFC 4122 UUID", accepts: FormatGrammar.isUUID)
        case "email": FormatCheck(name: name, expected: "RFC 5321 mailbox", accepts: FormatGrammar.isEmail)
        case "hostname": FormatCheck(name: name, expected: "RFC 1123 host name", accepts: FormatGrammar.isHostname)
        case "ipv4": FormatCheck(name: name, expected: "IPv4 address", accepts: FormatGrammar.isIPv4)
        case "ipv6": FormatCheck(name: name, expected: "IPv6 address", accepts: FormatGrammar.isIPv6)
        case "uri": FormatCheck(name: name, expected: "RFC 3986 URI", accepts: FormatGrammar.isURI)
        case "uri-reference": FormatCheck(name: name, expected: "RFC 3986 URI reference", accepts: FormatGrammar.isURIReference)
        case "json-pointer": FormatCheck(name: name, expected: "RFC 6901 JSON Pointer", accepts: FormatGrammar.isJSONPointer)
        case "regex": FormatCheck(name: name, expected: "ECMA-262 regular expression") { (try? SchemaPattern($0)) != nil }
        default: nil
        }
    }
}
