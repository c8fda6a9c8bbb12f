import HarnessCore

/// ``JSONSpanScanner``'s walk over a JSON text that arrives in pieces: the same events on
/// the same paths, each token handed over whole once its last byte is in. Only the token
/// being read is held (up to `maximumTokenBytes`), so a body of any size is walked in
/// bounded memory; whitespace and punctuation are handed on as soon as they are seen.
///
/// Tokens are checked by ``JSONTokenCursor``, as the span scanner checks them, and the
/// grammar around them is the same, so the two accept the same texts.
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
        case open(path: [JSONSpanScanner.Component])
        /// The container at `path` closed (its `]` or `}` came just before, as `.verbatim`).
        case close(path: [JSONSpanScanner.Component])
        /// A whole token starting at `offset`: a member name (the path ends with it), a
        /// string, a number or a literal.
        case token(Token, bytes: [UInt8], offset: Int, path: [JSONSpanScanner.Component])
    }

    /// The kind of a token.
    enum Token: Equatable {
        case name(escaped: Bool)
        case string(escaped: Bool)
        case number
        case literal
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

    private enum Expect {
        case value, firstElementOrClose, firstNameOrClose, name, colon, commaOrClose, end
    }

    private enum Held {
        case none
        case string(isName: Bool, escapeNext: Bool)
        case bare(isNumber: Bool)
    }

    typealias Visitor = (Step) throws(RecordingError) -> Void

    let maximumTokenBytes: Int
    private var expect = Expect.value
    private var held = Held.none
    private var token: [UInt8] = []
    private var tokenOffset = 0
    /// Offset in the text of the next byte to be fed.
    private(set) var offset = 0
    private var path: [JSONSpanScanner.Component] = []
    /// One entry per open container: whether it is an object.
    private var open: [Bool] = []

    init(maximumTokenBytes: Int) {
        self.maximumTokenBytes = maximumTokenBytes
    }

    /// Offset in the text up to which bytes were handed on (as verbatim bytes or tokens).
    private(set) var handedOn = 0
    /// Offset in the text of the first byte of the piece being walked.
    private var pieceOffset = 0

    /// After ``feed(_:_:)`` failed on `piece`: the bytes of the text from ``handedOn`` to the
    /// end of `piece`, none of which were handed on.
    func unhandedBytes(of piece: ArraySlice<UInt8>) -> [UInt8] {
        guard handedOn < pieceOffset else { return Array(piece.dropFirst(handedOn - pieceOffset)) }
        return Array(token.prefix(pieceOffset - handedOn)) + piece
    }

    /// Walks `piece`. On a failure, the bytes from ``handedOn`` on were not handed on
    /// (``unhandedBytes(of:)``).
    mutating func feed(_ piece: ArraySlice<UInt8>, _ visit: Visitor) throws(Failure) {
        var index = piece.startIndex
        var verbatimStart = index
        pieceOffset = offset
        let base = offset - piece.startIndex
        func flush(_ end: Int) throws(Failure) {
            if verbatimStart < end {
                try Self.call(visit, .verbatim(piece[verbatimStart..<end]))
                handedOn = base + end
            }
            verbatimStart = end
        }
        while index < piece.endIndex {
            switch held {
            case .string(let isName, var escapeNext):
                var end = index
                var closes = false
                while end < piece.endIndex {
                    let next = piece[end]
                    end += 1
                    if escapeNext { escapeNext = false } else if next == UInt8(ascii: "\\") { escapeNext = true } else if next == UInt8(ascii: "\"") {
                        closes = true
                        break
                    }
                }
                token.append(contentsOf: piece[index..<end])
                offset += end - index
                index = end
                verbatimStart = end
                held = .string(isName: isName, escapeNext: escapeNext)
                try checkHeldSize()
                if closes { try completeString(isName: isName, visit) }
                continue
            case .bare(let isNumber):
                let byte = piece[index]
                if Self.continuesBare(byte) {
                    token.append(byte)
                    index += 1
                    offset += 1
                    verbatimStart = index
                    try checkHeldSize()
                    continue
                }
                try completeBare(isNumber: isNumber, visit)
            case .none:
                break
            }
            let byte = piece[index]
            if Self.isWhitespace(byte) {
                index += 1
                offset += 1
                continue
            }
            switch expect {
            case .end:
                throw .notJSON(JSONParseError(offset: offset, reason: .trailingData))
            case .colon:
                guard byte == UInt8(ascii: ":") else { throw unexpected(byte) }
                expect = .value
            case .commaOrClose:
                guard let isObject = open.last else { throw unexpected(byte) }
                if byte == UInt8(ascii: ",") {
                    let last = path.removeLast()
                    if isObject {
                        expect = .name
                    } else {
                        if case .element(let position) = last { path.append(.element(position + 1)) }
                        expect = .value
                    }
                } else if byte == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    path.removeLast()
                    try flush(index + 1)
                    try closeContainer(visit)
                } else {
                    throw unexpected(byte)
                }
            case .firstElementOrClose where byte == UInt8(ascii: "]"), .firstNameOrClose where byte == UInt8(ascii: "}"):
                try flush(index + 1)
                    try closeContainer(visit)
            case .firstElementOrClose:
                path.append(.element(0))
                expect = .value
                continue  // the same byte starts the first element
            case .firstNameOrClose, .name:
                guard byte == UInt8(ascii: "\"") else { throw unexpected(byte) }
                try flush(index)
                startToken(.string(isName: true, escapeNext: false), byte)
                index += 1
                verbatimStart = index
                continue
            case .value:
                switch byte {
                case UInt8(ascii: "["), UInt8(ascii: "{"):
                    guard open.count < JSONSpanScanner.maximumDepth else {
                        throw .notJSON(JSONParseError(offset: offset, reason: .nestingTooDeep(limit: JSONSpanScanner.maximumDepth)))
                    }
                    try flush(index)
                    try Self.call(visit, .open(path: path))
                    let isObject = byte == UInt8(ascii: "{")
                    open.append(isObject)
                    expect = isObject ? .firstNameOrClose : .firstElementOrClose
                case UInt8(ascii: "\""):
                    try flush(index)
                    startToken(.string(isName: false, escapeNext: false), byte)
                    index += 1
                    verbatimStart = index
                    continue
                case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                    try flush(index)
                    startToken(.bare(isNumber: byte == UInt8(ascii: "-") || byte <= UInt8(ascii: "9")), byte)
                    index += 1
                    verbatimStart = index
                    continue
                default:
                    throw unexpected(byte)
                }
            }
            index += 1
            offset += 1
        }
        try flush(index)
    }

    /// Ends the text: completes a number or literal at its very end; fails unless exactly one
    /// whole value was read.
    mutating func finish(_ visit: Visitor) throws(Failure) {
        pieceOffset = offset
        if case .bare(let isNumber) = held { try completeBare(isNumber: isNumber, visit) }
        guard case .none = held, case .end = expect else {
            throw .notJSON(JSONParseError(offset: offset, reason: .unexpectedEnd))
        }
    }

    private static func call(_ visit: Visitor, _ step: Step) throws(Failure) {
        do throws(RecordingError) { try visit(step) } catch { throw .refused(error) }
    }

    private mutating func closeContainer(_ visit: Visitor) throws(Failure) {
        open.removeLast()
        try Self.call(visit, .close(path: path))
        valueCompleted()
    }

    private mutating func startToken(_ kind: Held, _ byte: UInt8) {
        held = kind
        // The buffer of the last token is reused, so a token costs no allocation.
        token.removeAll(keepingCapacity: true)
        token.append(byte)
        tokenOffset = offset
        offset += 1
    }

    private func checkHeldSize() throws(Failure) {
        if token.count > maximumTokenBytes { throw .tokenTooLong(offset: tokenOffset, limit: maximumTokenBytes) }
    }

    private func unexpected(_ byte: UInt8) -> Failure {
        .notJSON(JSONParseError(offset: offset, reason: .unexpectedByte(byte)))
    }

    private mutating func valueCompleted() {
        expect = open.isEmpty ? .end : .commaOrClose
    }

    /// A string token is whole: checked as the span scanner checks it, then handed on.
    private mutating func completeString(isName: Bool, _ visit: Visitor) throws(Failure) {
        let bytes = token
        let checked = bytes.withUnsafeBufferPointer { buffer -> Result<(range: Range<Int>, escaped: Bool), JSONParseError> in
            var cursor = JSONTokenCursor(bytes: buffer)
            do throws(JSONParseError) { return .success(try cursor.scanString()) } catch { return .failure(error) }
        }
        let escaped: Bool
        switch checked {
        case .success(let scanned): escaped = scanned.escaped
        case .failure(let error): throw .notJSON(JSONParseError(offset: tokenOffset + error.offset, reason: error.reason))
        }
        if isName {
            let name = bytes.withUnsafeBufferPointer { JSONSpanScanner.decodeString($0, range: 0..<bytes.count, escaped: escaped) }
            path.append(.member(name))
            try Self.call(visit, .token(.name(escaped: escaped), bytes: bytes, offset: tokenOffset, path: path))
            expect = .colon
        } else {
            try Self.call(visit, .token(.string(escaped: escaped), bytes: bytes, offset: tokenOffset, path: path))
            valueCompleted()
        }
        handedOver()
    }

    /// A number or literal ended (at a byte that cannot continue it): checked, then handed on.
    private mutating func completeBare(isNumber: Bool, _ visit: Visitor) throws(Failure) {
        let bytes = token
        let valid: Bool
        if isNumber {
            valid = bytes.withUnsafeBufferPointer { buffer in
                var cursor = JSONTokenCursor(bytes: buffer)
                return (try? cursor.scanNumber()) != nil && cursor.index == buffer.count
            }
        } else {
            valid = bytes.elementsEqual("true".utf8) || bytes.elementsEqual("false".utf8) || bytes.elementsEqual("null".utf8)
        }
        guard valid else { throw .notJSON(JSONParseError(offset: tokenOffset, reason: isNumber ? .invalidNumber : .unexpectedByte(bytes[0]))) }
        try Self.call(visit, .token(isNumber ? .number : .literal, bytes: bytes, offset: tokenOffset, path: path))
        valueCompleted()
        handedOver()
    }

    /// The held token was handed on.
    private mutating func handedOver() {
        handedOn = tokenOffset + token.count
        held = .none
        token.removeAll(keepingCapacity: true)
    }

    /// Bytes that can continue a number or a literal (anything else ends it).
    private static func continuesBare(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."):
            true
        default:
            false
        }
    }

    /// RFC 8259 §2: space, tab, line feed, carriage return.
    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}
