/// Finds and parses a message head (start line + header section) at the front
/// of a buffer, RFC 9112 §2–§5. Limits are enforced on the bytes seen so far,
/// so an oversized head is refused before it is buffered whole.
struct HTTPHeadParser: Sendable {
    /// A parsed head: the start line's bytes and the header fields.
    struct Head {
        var startLine: ArraySlice<UInt8>
        var headers: HTTPHeaders
    }

    let limits: HTTPLimits
    /// Whether empty lines before the start line are skipped (requests: RFC 9112 §2.2).
    let skipsLeadingEmptyLines: Bool
    /// How far the buffer has been scanned without finding the end of the head.
    private var scanned = 0

    init(limits: HTTPLimits, skipsLeadingEmptyLines: Bool) {
        self.limits = limits
        self.skipsLeadingEmptyLines = skipsLeadingEmptyLines
    }

    /// Consumes and returns a complete head from `buffer`, or `nil` if more bytes are needed.
    mutating func parse(_ buffer: inout ByteBuffer) throws(HTTPParseError) -> Head? {
        if skipsLeadingEmptyLines {
            while buffer.readableCount >= 2, buffer[0] == 0x0D, buffer[1] == 0x0A { buffer.consume(2) }
            if buffer.readableCount == 1, buffer[0] == 0x0D { return nil }
        }
        // Limits before syntax.
        let tooLong = HTTPParseError.startLineTooLong(limit: limits.maxStartLineBytes)
        guard let startLineEnd = try buffer.lineFeed(within: limits.maxStartLineBytes, or: tooLong) else { return nil }
        guard startLineEnd > 0, buffer[startLineEnd - 1] == 0x0D else {
            throw .startLineWithoutCRLF(Self.text(buffer.bytes(at: 0, count: startLineEnd)))
        }
        let headersStart = startLineEnd + 1
        // Scan for the empty line that ends the header section.
        var lineStart = max(headersStart, scanned)
        while true {
            guard let lineFeed = buffer.firstIndex(of: 0x0A, from: lineStart) else {
                scanned = lineStart
                // +1: the CR of the final empty line may already be here; it is not a field line.
                if buffer.readableCount - headersStart > limits.maxHeaderBytes + 1 {
                    throw .headerSectionTooLarge(limit: limits.maxHeaderBytes)
                }
                return nil
            }
            if lineFeed - headersStart > limits.maxHeaderBytes + 1 {
                throw .headerSectionTooLarge(limit: limits.maxHeaderBytes)
            }
            guard lineFeed > lineStart, buffer[lineFeed - 1] == 0x0D else {
                throw .fieldLineWithoutCRLF(Self.text(buffer.bytes(at: lineStart, count: lineFeed - lineStart)))
            }
            // The limit counts field lines and their CRLFs, not the empty line that ends them.
            if lineFeed != lineStart + 1, lineFeed + 1 - headersStart > limits.maxHeaderBytes {
                throw .headerSectionTooLarge(limit: limits.maxHeaderBytes)
            }
            if lineFeed == lineStart + 1 {
                // Empty line: the head is complete.
                let headers = try parseFields(buffer.bytes(at: headersStart, count: lineStart - headersStart))
                let startLine = buffer.bytes(at: 0, count: startLineEnd - 1)
                buffer.consume(lineFeed + 1)
                scanned = 0
                return Head(startLine: startLine, headers: headers)
            }
            lineStart = lineFeed + 1
        }
    }

    /// Parses CRLF-terminated field lines (RFC 9112 §5).
    private func parseFields(_ section: ArraySlice<UInt8>) throws(HTTPParseError) -> HTTPHeaders {
        var fields: [HTTPHeaders.Field] = []
        var index = section.startIndex
        let end = section.endIndex
        while index < end {
            // The line ends at the LF (every LF here follows a CR, checked by `parse`); a bare CR
            // earlier in the line stays in it and is refused below as a control byte (RFC 9110 §5.5).
            var lineEnd = index
            while section[lineEnd] != 0x0A { lineEnd += 1 }
            lineEnd -= 1
            let line = section[index..<lineEnd]
            index = lineEnd + 2
            // §5.2: obs-fold is refused.
            if line.first == 0x20 || line.first == 0x09 { throw .obsoleteLineFolding }
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon > line.startIndex else {
                throw .fieldLineWithoutName(Self.text(line))
            }
            let name = line[line.startIndex..<colon]
            // §5.1: no whitespace between the field name and the colon.
            if name.last == 0x20 || name.last == 0x09 { throw .whitespaceBeforeColon(Self.text(name)) }
            guard name.allSatisfy(HTTPSyntax.isTokenByte) else { throw .invalidFieldName(Self.text(name)) }
            var valueStart = colon + 1
            var valueEnd = line.endIndex
            while valueStart < valueEnd, line[valueStart] == 0x20 || line[valueStart] == 0x09 { valueStart += 1 }
            while valueEnd > valueStart, line[valueEnd - 1] == 0x20 || line[valueEnd - 1] == 0x09 { valueEnd -= 1 }
            let value = line[valueStart..<valueEnd]
            guard value.allSatisfy(HTTPSyntax.isFieldValueByte) else { throw .invalidFieldValue(Self.text(line)) }
            fields.append(.init(name: Self.text(name), value: Self.text(value)))
            if fields.count > limits.maxHeaderCount { throw .tooManyHeaderFields(limit: limits.maxHeaderCount) }
        }
        return HTTPHeaders(fields)
    }

    static func text(_ bytes: ArraySlice<UInt8>) -> String { String(decoding: bytes, as: UTF8.self) }
}

/// Character classes from RFC 9110 §5.6.
enum HTTPSyntax {
    /// tchar: the characters of a token (method names, field names).
    static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"),
             UInt8(ascii: "'"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."),
             UInt8(ascii: "^"), UInt8(ascii: "_"), UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
            true
        default:
            false
        }
    }

    /// field-vchar, SP or HTAB (obs-text allowed); never CR, LF, NUL or another control.
    static func isFieldValueByte(_ byte: UInt8) -> Bool {
        byte == 0x09 || (byte >= 0x20 && byte != 0x7F)
    }

    /// Whether `text` can be written as a field name.
    static func isValidFieldName(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy(isTokenByte)
    }

    /// A request target: visible ASCII only (RFC 9112 §3.2).
    static func isTargetByte(_ byte: UInt8) -> Bool { byte > 0x20 && byte < 0x7F }
}
