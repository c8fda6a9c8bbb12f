/// The known-secret sweep of a text that is not JSON (``Redactor``'s byte pass), over a text
/// that arrives in pieces: the same replacements, left to right and without overlaps, as
/// sweeping the whole text at once, holding back only the last `longest pattern − 1` bytes
/// (a secret could still be completing there).
///
/// A sweep may start with `context`: bytes already written by someone else just before the
/// text. They are only looked at: a secret that starts in them cannot be replaced any more,
/// and the sweep throws instead.
///
/// ```swift
/// var sweep = StreamingSecretSweep()
/// let first = try sweep.feed(piece, scanner: scanner)          // safe to write now
/// let rest = try sweep.finish(scanner: scanner)
/// ```
struct StreamingSecretSweep {
    /// Bytes not yet written: `context` first (never written again), then held-back text.
    private var pending: [UInt8]
    /// How many leading bytes of `pending` are context.
    private var contextCount: Int
    /// Whether a secret was replaced.
    private(set) var replaced = false

    /// A secret found where it was already written (in the context); its offset in the text,
    /// negative when in the context.
    struct SecretInContext: Error {
        let offset: Int
    }

    init(context: [UInt8] = []) {
        pending = context
        contextCount = context.count
    }

    /// Takes the next piece; returns the swept bytes that can be written now.
    mutating func feed(_ piece: some Collection<UInt8>, scanner: SecretScanner) throws(SecretInContext) -> [UInt8] {
        pending.append(contentsOf: piece)
        return try sweep(scanner: scanner, final: false)
    }

    /// Ends the text; returns the rest of the swept bytes.
    mutating func finish(scanner: SecretScanner) throws(SecretInContext) -> [UInt8] {
        try sweep(scanner: scanner, final: true)
    }

    private mutating func sweep(scanner: SecretScanner, final: Bool) throws(SecretInContext) -> [UInt8] {
        let matcher = scanner.matcher
        let holdBack = final || matcher.isEmpty ? 0 : matcher.longestPattern - 1
        var output: [UInt8] = []
        var cursor = 0
        let result = pending.withUnsafeBufferPointer { buffer -> SecretInContext? in
            while let match = matcher.isEmpty ? nil : matcher.firstMatch(in: buffer, from: cursor),
                  final || match.range.lowerBound + matcher.longestPattern <= buffer.count {
                if match.range.lowerBound < contextCount { return SecretInContext(offset: match.range.lowerBound - contextCount) }
                output.append(contentsOf: buffer[max(cursor, contextCount)..<match.range.lowerBound])
                output.append(contentsOf: scanner.alias(replacing: match.pattern).utf8)
                replaced = true
                cursor = match.range.upperBound
            }
            // Every position before `safe` was tested with the whole of any pattern in view.
            let safe = max(cursor, buffer.count - holdBack)
            if safe > contextCount { output.append(contentsOf: buffer[max(cursor, contextCount)..<safe]) }
            cursor = safe
            return nil
        }
        if let result { throw result }
        pending.removeFirst(cursor)
        contextCount = max(0, contextCount - cursor)
        return output
    }
}
