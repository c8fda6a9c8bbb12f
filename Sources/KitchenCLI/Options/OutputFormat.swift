/// How a command writes its report on standard output: the one spelling, `--format`, for
/// every command that has more than one (`verify` and `diff`: all three; `reproduce`: text and
/// json, a timeline not being a test result).
enum OutputFormat: String, Sendable, CaseIterable {
    /// For people: lines.
    case text
    /// For tools: one JSON document.
    case json
    /// For CI: JUnit XML.
    case junit

    /// Whether progress belongs on standard error, leaving standard output to the document.
    var isMachineReadable: Bool { self != .text }
}
