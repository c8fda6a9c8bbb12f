import HarnessCore

/// How a message's body is delimited on the wire (RFC 9112 §6.3), and how much of it is
/// still to come: the body half that the request and response decoders share.
package enum BodyFraming: Sendable {
    /// A Content-Length body (or none: 0) with this many bytes still to come.
    case length(remaining: Int)
    case chunked(ChunkedDecoder)
    /// Responses only: the body runs until the connection closes; `read` bytes so far.
    case untilClose(read: Int)

    /// The framing `headers` declare (RFC 9112 §6.1, §6.3), `undelimited` when they declare
    /// none. `refusingTransferEncoding`: the message is an HTTP/1.0 request, which may not be chunked.
    static func of(
        _ headers: HTTPHeaders, limits: HTTPLimits, refusingTransferEncoding: Bool, undelimited: BodyFraming
    ) throws(HTTPParseError) -> BodyFraming {
        let chunked = try isChunked(headers)
        let length = try contentLength(in: headers)
        if chunked != nil {
            // RFC 9112 §6.1: both present is a smuggling vector; refuse.
            guard length == nil else { throw .contentLengthWithTransferEncoding }
            guard !refusingTransferEncoding else { throw .transferEncodingInHTTP10 }
            return .chunked(ChunkedDecoder(limits: limits))
        }
        guard let length else { return undelimited }
        guard length <= limits.maxBodyBytes else { throw .bodyTooLarge(limit: limits.maxBodyBytes) }
        return .length(remaining: length)
    }

    /// The next step of the body from `buffer` (`.body` or `.end`, never `.head`), or `nil`
    /// when more bytes are needed. `endOfStream`: no more bytes will come, so a body cut short
    /// is `.truncated`.
    mutating func next<Head>(
        _ buffer: inout ByteBuffer, limits: HTTPLimits, endOfStream: Bool
    ) throws(HTTPParseError) -> HTTPMessageEvent<Head>? {
        switch self {
        case .length(let remaining):
            if remaining == 0 { return .end }
            guard !buffer.isEmpty else {
                if endOfStream { throw .truncated }
                return nil
            }
            let count = min(remaining, buffer.readableCount)
            self = .length(remaining: remaining - count)
            return .body(buffer.read(count))
        case .chunked(var decoder):
            let output = try decoder.next(&buffer)
            self = .chunked(decoder)
            switch output {
            case nil:
                if endOfStream { throw .truncated }
                return nil
            case .data(let bytes)?: return .body(Array(bytes))
            case .end?: return .end
            }
        case .untilClose(let read):
            if !buffer.isEmpty {
                let total = read + buffer.readableCount
                guard total <= limits.maxBodyBytes else { throw .bodyTooLarge(limit: limits.maxBodyBytes) }
                self = .untilClose(read: total)
                return .body(buffer.readAll())
            }
            return endOfStream ? .end : nil
        }
    }

    /// Content-Length per RFC 9110 §8.6: exactly one field of 1*DIGIT.
    /// `+5`, `-1`, ` 5,5`, `0x5` and overflow are refused.
    static func contentLength(in headers: HTTPHeaders) throws(HTTPParseError) -> Int? {
        let values = headers.values(for: "Content-Length")
        guard let value = values.first else { return nil }
        guard values.count == 1 else { throw .multipleContentLength }
        guard !value.isEmpty, value.utf8.count <= 18,
              value.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
        else { throw .invalidContentLength(value) }
        // Only digits, at most 18 of them: `Int(_:)` neither fails nor sees a sign here.
        return Int(value)
    }

    /// Whether Transfer-Encoding says chunked; throws for codings we do not implement
    /// or where chunked is not final (RFC 9112 §6.1).
    static func isChunked(_ headers: HTTPHeaders) throws(HTTPParseError) -> Bool? {
        let values = headers.values(for: "Transfer-Encoding")
        guard !values.isEmpty else { return nil }
        let codings = HTTPHeaders.listElements(values)
        let joined = values.joined(separator: ", ")
        guard let last = codings.last else { throw .unsupportedTransferCoding(joined) }
        for coding in codings.dropLast() where !CaseInsensitiveName.matches(coding.utf8, "chunked".utf8) {
            throw .unsupportedTransferCoding(String(coding))
        }
        guard CaseInsensitiveName.matches(last.utf8, "chunked".utf8) else {
            if codings.contains(where: { CaseInsensitiveName.matches($0.utf8, "chunked".utf8) }) { throw .chunkedNotFinal(joined) }
            throw .unsupportedTransferCoding(String(last))
        }
        // "chunked, chunked" is malformed: chunked must not be applied twice.
        guard codings.count == 1 else { throw .unsupportedTransferCoding(joined) }
        return true
    }
}

extension HTTPHeaders {
    /// The message's one valid Content-Length (RFC 9110 §8.6), or `nil` when there is none
    /// or it is malformed.
    package var contentLength: Int? { (try? BodyFraming.contentLength(in: self)) ?? nil }
}
