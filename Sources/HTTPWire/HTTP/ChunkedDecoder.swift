import HarnessCore

/// Decodes the chunked transfer coding (RFC 9112 §7.1) incrementally.
///
/// chunk-size is hexadecimal digits only: `+1f`, `0x1f` or ` 1f` are refused
/// (Swift's `Int(_:radix:)` would accept a sign).
package struct ChunkedDecoder: Sendable {
    enum Output: Equatable {
        case data(ArraySlice<UInt8>)
        case end
    }

    private enum State: Sendable {
        case sizeLine
        case data(remaining: Int)
        case dataEnd
        case trailers
        case done
    }

    private var state: State = .sizeLine
    private var total = 0
    private var trailerBytes = 0
    let limits: HTTPLimits

    init(limits: HTTPLimits) { self.limits = limits }

    /// Decodes as much of `buffer` as it can; returns `nil` when it needs more bytes.
    mutating func next(_ buffer: inout ByteBuffer) throws(HTTPParseError) -> Output? {
        while true {
            switch state {
            case .done:
                return .end
            case .sizeLine:
                let tooLong = HTTPParseError.chunkLineTooLong(limit: limits.maxChunkLineBytes)
                guard let lineFeed = try buffer.lineFeed(within: limits.maxChunkLineBytes, or: tooLong) else { return nil }
                guard lineFeed > 0, buffer[lineFeed - 1] == 0x0D else { throw .chunkLineWithoutCRLF }
                let size = try Self.parseSize(buffer.bytes(at: 0, count: lineFeed - 1))
                buffer.consume(lineFeed + 1)
                if size == 0 {
                    state = .trailers
                } else {
                    guard size <= limits.maxBodyBytes - total else { throw .bodyTooLarge(limit: limits.maxBodyBytes) }
                    total += size
                    state = .data(remaining: size)
                }
            case .data(let remaining):
                guard !buffer.isEmpty else { return nil }
                let count = min(remaining, buffer.readableCount)
                let chunk = buffer.bytes(at: 0, count: count)
                buffer.consume(count)
                state = count == remaining ? .dataEnd : .data(remaining: remaining - count)
                return .data(chunk)
            case .dataEnd:
                guard buffer.readableCount >= 2 else { return nil }
                guard buffer[0] == 0x0D, buffer[1] == 0x0A else { throw .missingCRLFAfterChunkData }
                buffer.consume(2)
                state = .sizeLine
            case .trailers:
                // trailer-section *( field-line CRLF ) CRLF — fields are checked for form, then dropped.
                let tooLarge = HTTPParseError.headerSectionTooLarge(limit: limits.maxHeaderBytes)
                guard let lineFeed = try buffer.lineFeed(within: limits.maxHeaderBytes - trailerBytes, or: tooLarge) else {
                    return nil
                }
                guard lineFeed > 0, buffer[lineFeed - 1] == 0x0D else { throw .trailerLineWithoutCRLF }
                let line = buffer.bytes(at: 0, count: lineFeed - 1)
                buffer.consume(lineFeed + 1)
                if line.isEmpty {
                    state = .done
                    return .end
                }
                trailerBytes += line.count + 2
                if trailerBytes > limits.maxHeaderBytes { throw tooLarge }
                guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon > line.startIndex,
                      line[line.startIndex..<colon].allSatisfy(HTTPSyntax.isTokenByte),
                      line[(colon + 1)...].allSatisfy(HTTPSyntax.isFieldValueByte)
                else { throw .malformedTrailerField }
            }
        }
    }

    /// `chunk-size [ chunk-ext ]`: 1–15 hex digits, then optionally `;ext`.
    static func parseSize(_ line: ArraySlice<UInt8>) throws(HTTPParseError) -> Int {
        var size = 0
        var digits = 0
        var index = line.startIndex
        while index < line.endIndex, let digit = PercentEncoding.hexValue(line[index]) {
            size = size << 4 | Int(digit)
            digits += 1
            index += 1
            guard digits <= 15 else { throw .chunkSizeTooLong }
        }
        guard digits > 0 else { throw .chunkSizeNotHex }
        if index < line.endIndex {
            // chunk-ext = *( BWS ";" BWS ext-name [ BWS "=" BWS ext-val ] ); accepted and ignored.
            var rest = line[index...]
            while let first = rest.first, first == 0x20 || first == 0x09 { rest = rest.dropFirst() }
            guard rest.first == UInt8(ascii: ";") else { throw .chunkSizeNotHex }
            guard rest.allSatisfy(HTTPSyntax.isFieldValueByte) else { throw .malformedChunkExtension }
        }
        return size
    }
}
