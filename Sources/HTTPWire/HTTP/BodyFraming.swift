/// How a message's body is delimited on the wire (RFC 9112 §6.3).
enum BodyFraming: Sendable, Equatable {
    case none
    case length(Int)
    case chunked
    /// Responses only: the body runs until the connection closes.
    case untilClose

    /// Content-Length per RFC 9110 §8.6: exactly one field of 1*DIGIT.
    /// `+5`, `-1`, ` 5,5`, `0x5` and overflow are refused.
    static func contentLength(in headers: HTTPHeaders) throws(HTTPParseError) -> Int? {
        let values = headers.values(for: "Content-Length")
        guard let value = values.first else { return nil }
        guard values.count == 1 else { throw .multipleContentLength }
        guard !value.isEmpty, value.utf8.count <= 18,
              value.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
        else { throw .invalidContentLength(value) }
        var length = 0
        for byte in value.utf8 { length = length * 10 + Int(byte - UInt8(ascii: "0")) }
        return length
    }

    /// Whether Transfer-Encoding says chunked; throws for codings we do not implement
    /// or where chunked is not final (RFC 9112 §6.1).
    static func isChunked(_ headers: HTTPHeaders) throws(HTTPParseError) -> Bool? {
        let values = headers.values(for: "Transfer-Encoding")
        guard !values.isEmpty else { return nil }
        let codings = values.flatMap { $0.split(separator: ",") }.map { $0.trimmingOWS() }.filter { !$0.isEmpty }
        let joined = values.joined(separator: ", ")
        guard let last = codings.last else { throw .unsupportedTransferCoding(joined) }
        for coding in codings.dropLast() where !HTTPHeaders.namesMatch(coding, "chunked") {
            throw .unsupportedTransferCoding(String(coding))
        }
        guard HTTPHeaders.namesMatch(last, "chunked") else {
            if codings.contains(where: { HTTPHeaders.namesMatch($0, "chunked") }) { throw .chunkedNotFinal(joined) }
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
