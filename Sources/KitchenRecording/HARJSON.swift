import HarnessCore

/// A HAR value as `JSONValue`, written fast because the recorder journals every exchange on
/// its hot path. Every HAR type gets it from its one field declaration (``HARFields``).
protocol HARJSONRepresentable {
    var json: JSONValue { get }
}
