import HarnessCore
import HTTPWire
import KitchenRecording

/// A recorded response as replay sends it to one request: the recorded status and headers,
/// the body in a coding the request accepts, `Content-Length` the length of that body, and
/// no body for a `HEAD`.
///
/// A recording holds a compressed body decoded, with its `Content-Encoding` header as sent
/// (HAR 1.2 `content.text`; an older recording's coded bytes are decoded first). Sending
/// identity drops that header; sending a coding (gzip, or deflate as zlib: RFC 9110 §8.4.1.2)
/// encodes the body again with HarnessCore's `ContentEncoder`. A recorded `HEAD` has no body to measure, so its recorded `Content-Length` stays.
///
/// ```swift
/// let served = ReplayedResponse(recorded: entry.response, recordedMethod: "GET",
///                               method: "HEAD", acceptEncoding: [])
/// served.headers["Content-Length"]   // the GET body's length; served.body is empty
/// ```
package struct ReplayedResponse: Sendable {
    /// The recorded status code.
    package var status: Int
    /// The recorded reason phrase.
    package var statusText: String
    /// The recorded headers without hop-by-hop ones and `Via`, with `Content-Encoding` and
    /// `Content-Length` those of the body as served (no `Content-Length` when it is unknown).
    package var headers: HTTPHeaders
    /// The body as sent: empty for a `HEAD`.
    package var body: [UInt8]
    /// The coding the body was sent in; `nil` for a recorded coding the recorder does not decode, sent as recorded.
    package var coding: ContentCoding?
    /// Whether this answers a `HEAD`: the head alone.
    package var answersHead: Bool

    /// `recorded` (the answer to a `recordedMethod` request) as sent to a `method` request
    /// whose `Accept-Encoding` fields are `acceptEncoding` (none when it sent none).
    package init(recorded: HAR.Response, recordedMethod: String, method: String, acceptEncoding: [String]) {
        status = recorded.status
        statusText = recorded.statusText
        headers = HTTPHeaders()
        for header in recorded.headers where !Self.leftOutHeaders.contains(header.name.lowercased()) {
            headers.add(header.name, header.value)
        }
        let recordedEncoding = recorded.headerValues(named: "Content-Encoding")
        let recordedLength = recorded.headerValues(named: "Content-Length").first
            .flatMap { Int(String($0.filter { $0 != " " && $0 != "\t" })) }
        let isHead = method.uppercased() == "HEAD"
        answersHead = isHead
        let recordedCodings = ContentCoding.list(from: recordedEncoding)
        let recordedCoding = recordedCodings.isEmpty ? .identity : recordedCodings.count == 1 ? recordedCodings[0] : nil
        guard let recordedCoding, recordedCoding.isDecodable else {
            // A coding the recorder does not decode, so the body was not held decoded: the
            // recorded bytes and header go out as they are.
            coding = nil
            for value in recordedEncoding { headers.add("Content-Encoding", value) }
            let bytes = (try? recorded.bodyBytes) ?? []
            body = isHead ? [] : bytes
            headers["Content-Length"] = String(recordedMethod.uppercased() == "HEAD" ? recordedLength ?? 0 : bytes.count)
            return
        }
        let accept = AcceptEncoding(headerValues: acceptEncoding)
        let chosen = Self.coding(recorded: recordedCoding, accepting: accept, available: [.gzip, .deflate])
        coding = chosen
        if chosen != .identity { headers.add("Content-Encoding", chosen.name) }
        if recordedMethod.uppercased() == "HEAD" || HTTPStatus(status).forbidsBody {
            // RFC 9110 §9.3.2, §8.6: a HEAD's head, or a 304's, states the length a GET's body has,
            // known only in the recorded coding; a 1xx or 204 states none.
            body = []
            if chosen == recordedCoding, let recordedLength, recordedMethod.uppercased() == "HEAD" || status == 304 {
                headers["Content-Length"] = String(recordedLength)
            }
            return
        }
        let decoded = Self.decodedBody(of: recorded, coding: recordedCoding)
        let sent = chosen.decodingFormat.map { ContentEncoder.encode(decoded, format: $0) } ?? decoded
        headers["Content-Length"] = String(sent.count)
        body = isHead ? [] : sent
    }

    /// The recorded fields no answer repeats: the recorded wire's, not the answer's.
    static let leftOutHeaders = HopByHopHeaders.lowercasedNames.union(["content-length", "via", "content-encoding"])

    /// The response HTTPWire writes. A `HEAD`'s head goes out as it is, with no body: it keeps
    /// the declared `Content-Length`, where bytes in hand would set their own.
    package var httpResponse: HTTPResponse {
        let status = HTTPStatus(self.status, reasonPhrase: statusText)
        guard answersHead else { return HTTPResponse(status: status, headers: headers, body: body) }
        return .bodiless(status: status, headers: headers)
    }
}
