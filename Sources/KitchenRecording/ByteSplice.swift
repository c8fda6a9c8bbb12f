import HarnessCore

/// Replacements of byte ranges in a text, applied in one pass so that every byte outside
/// them is kept exactly: how redaction puts aliases into a body without re-serialising it.
///
/// ```swift
/// var splice = ByteSplice()
/// splice.replace(13..<23, with: ByteSplice.jsonString("<password-1>"))
/// let recorded = splice.applied(to: body)
/// ```
struct ByteSplice: Sendable {
    /// The replacements, in text order, none overlapping.
    private(set) var edits: [(range: Range<Int>, bytes: [UInt8])] = []

    /// Whether nothing is replaced.
    var isEmpty: Bool { edits.isEmpty }

    /// Replaces `range`, which must start at or after the end of the last range replaced;
    /// an overlapping range is ignored (the text there is already replaced).
    mutating func replace(_ range: Range<Int>, with bytes: [UInt8]) {
        if let last = edits.last, range.lowerBound < last.range.upperBound { return }
        edits.append((range, bytes))
    }

    /// `text` with the replacements made.
    func applied(to text: [UInt8]) -> [UInt8] {
        guard !edits.isEmpty else { return text }
        var output: [UInt8] = []
        output.reserveCapacity(text.count + edits.reduce(0) { $0 + $1.bytes.count })
        var copied = 0
        for edit in edits {
            output.append(contentsOf: text[copied..<edit.range.lowerBound])
            output.append(contentsOf: edit.bytes)
            copied = edit.range.upperBound
        }
        output.append(contentsOf: text[copied...])
        return output
    }

    /// `text` as a JSON string token, quotes included (RFC 8259 §7).
    static func jsonString(_ text: String) -> [UInt8] {
        var bytes: [UInt8] = []
        JSONSerializer.writeString(text, into: &bytes)
        return bytes
    }
}

/// The JSON Pointers of redacted values, in the order first found, each once.
struct RedactedPointers: Sendable {
    private(set) var list: [String] = []
    private var seen: Set<String> = []

    /// Adds the pointer of `path`.
    mutating func add(_ path: [JSONPathComponent]) {
        add(JSONPointer(tokens: path.map(\.token)).description)
    }

    /// Adds `pointer` unless it is already there.
    mutating func add(_ pointer: String) {
        if seen.insert(pointer).inserted { list.append(pointer) }
    }

    /// Adds each of `pointers`.
    mutating func add(contentsOf pointers: [String]) {
        for pointer in pointers { add(pointer) }
    }
}
