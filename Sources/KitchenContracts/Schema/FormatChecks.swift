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
    /// The check for `name`, or `nil` when the format is not asserted.
    static func named(_ name: String) -> FormatCheck? {
        switch name {
        // RFC 3339 §5.6 date-time, e.g. 2026-11-20T10:15:30.123Z.
        case "date-time": FormatCheck(name: name, expected: "RFC 3339 date-time") { Timestamp.milliseconds(from: $0) != nil }
        default: nil
        }
    }
}
