import HarnessCore

/// A ``JSONTokenizer`` walk over a JSON text that arrives in pieces, telling where each value
/// is: every token is handed over whole once its last byte is in, with its path. Only the
/// token being read is held (up to `maximumTokenBytes`), so a body of any size is walked in
/// bounded memory; whitespace and punctuation are handed on as soon as they are seen.
///
/// ```swift
/// var scanner = StreamingJSONScanner(maximumTokenBytes: 1 << 20)
/// try scanner.feed(piece[...]) { step in … }    // .verbatim, .open, .close, .token
/// try scanner.finish { step in … }
/// ```
struct StreamingJSONScanner {
    /// What the walk found, in text order.
    enum Step {
        /// Whitespace and punctuation, to be kept as they are.
        case verbatim(ArraySlice<UInt8>)
        /// A container opens at `path` (its `[` or `{` follows as `.verbatim`).
        case open(path: [JSONPathComponent])
        /// The container at `path` closed (its `]` or `}` came just before, as `.verbatim`).
        case close(path: [JSONPathComponent])
        /// A whole token starting at `offset`: a member name (the path ends with it), a
        /// string, a number or a literal.
        case token(JSONTokenizer.Token, bytes: [UInt8], offset: Int, path: [JSONPathComponent])
    }

    /// Why the walk stopped.
    enum Failure: Error {
        /// The text stops being JSON here.
        case notJSON(JSONParseError)
        /// A token grew past `maximumTokenBytes`.
        case tokenTooLong(offset: Int, limit: Int)
        /// The visitor refused a step.
        case refused(RecordingError)
    }

    typealias Visitor = (Step) throws(RecordingError) -> Void

    let maximumTokenBytes: Int
    private var tokenizer = JSONTokenizer()
    private var paths = JSONPathTracker()
    /// The bytes of the token being read, from the tokenizer's offset on.
    private var held: [UInt8] = []
    /// The token handed on last: one buffer, reused while the visitor keeps no copy.
    private var token: [UInt8] = []
    /// Offset in the text up to which bytes were handed on (as verbatim bytes or tokens).
    private(set) var handedOn = 0
    /// After a failure: the bytes of the text from ``handedOn`` to the end of the last piece,
    /// none of which were handed on.
    private(set) var unhanded: [UInt8] = []

    init(maximumTokenBytes: Int) {
        self.maximumTokenBytes = maximumTokenBytes
    }

    /// Walks `piece`. On a failure, the bytes from ``handedOn`` on were not handed on (``unhanded``).
    mutating func feed(_ piece: ArraySlice<UInt8>, _ visit: Visitor) throws(Failure) {
        try walk(piece, isFinal: false, visit)
    }

    /// Ends the text: hands on a number at its very end; fails unless exactly one whole value
    /// was read.
    mutating func finish(_ visit: Visitor) throws(Failure) {
        try walk([][...], isFinal: true, visit)
    }

    /// Walks `text`, all of a text at once.
    mutating func walkWhole(_ text: [UInt8], _ visit: Visitor) throws(Failure) {
        try walk(text[...], isFinal: true, visit)
    }

    private mutating func walk(_ piece: ArraySlice<UInt8>, isFinal: Bool, _ visit: Visitor) throws(Failure) {
        var window: ArraySlice<UInt8>
        if held.isEmpty {
            window = piece
        } else {
            held.append(contentsOf: piece)
            window = held[...]
        }
        let windowStart = tokenizer.offset
        // Window indices of the text's offsets.
        let shift = window.startIndex - windowStart
        do throws(Failure) {
            try window.withUnsafeBufferPointer { (buffer) throws(Failure) in
                func handOn(upTo end: Int) throws(Failure) {
                    if handedOn < end { try Self.call(visit, .verbatim(window[(handedOn + shift)..<(end + shift)])) }
                    handedOn = end
                }
                func handOnToken(_ event: JSONTokenizer.Event) throws(Failure) {
                    let range = event.range
                    guard range.count <= maximumTokenBytes else { throw .tokenTooLong(offset: range.lowerBound, limit: maximumTokenBytes) }
                    token.removeAll(keepingCapacity: true)
                    token.append(contentsOf: window[(range.lowerBound + shift)..<(range.upperBound + shift)])
                    try Self.call(visit, .token(event.token, bytes: token, offset: range.lowerBound, path: paths.path))
                    handedOn = range.upperBound
                }
                while true {
                    let event: JSONTokenizer.Event
                    do throws(JSONParseError) {
                        guard let next = try tokenizer.next(in: buffer, startingAt: windowStart, isFinal: isFinal) else { break }
                        event = next
                    } catch {
                        throw .notJSON(error)
                    }
                    let range = event.range
                    switch event.token {
                    case .beginArray, .beginObject:
                        try handOn(upTo: range.lowerBound)
                        paths.valueStarts()
                        try Self.call(visit, .open(path: paths.path))
                        paths.open(isObject: event.token == .beginObject)
                    case .endArray, .endObject:
                        try handOn(upTo: range.upperBound)
                        paths.close()
                        try Self.call(visit, .close(path: paths.path))
                        paths.valueEnds()
                    case .key(let escaped):
                        try handOn(upTo: range.lowerBound)
                        paths.key(JSONTokenizer.decodeString(buffer, token: (range.lowerBound - windowStart)..<(range.upperBound - windowStart), escaped: escaped))
                        try handOnToken(event)
                    case .string, .number, .literal:
                        try handOn(upTo: range.lowerBound)
                        paths.valueStarts()
                        try handOnToken(event)
                        paths.valueEnds()
                    }
                }
                try handOn(upTo: tokenizer.offset)
            }
        } catch {
            unhanded = Array(window[(handedOn + shift)...])
            throw error
        }
        // The token still being read stays where it is, so that a long one grows by appends;
        // the window lets go of `held` first, so that it changes in place.
        let consumed = tokenizer.offset - windowStart
        window = []
        if held.isEmpty {
            held.append(contentsOf: piece.dropFirst(consumed))
        } else if consumed > 0 {
            held.removeFirst(consumed)
        }
        if held.count > maximumTokenBytes { throw .tokenTooLong(offset: tokenizer.offset, limit: maximumTokenBytes) }
    }

    private static func call(_ visit: Visitor, _ step: Step) throws(Failure) {
        do throws(RecordingError) { try visit(step) } catch { throw .refused(error) }
    }
}
