import HTTPWire
import KitchenRecording

/// What crossed the wire, in the shapes the journal records: the raw request and response of an
/// entry, and an upstream failure's kind.
extension ExchangeRecorder {
    /// A request as it went upstream, to `scheme://authority`.
    static func raw(_ request: HTTPRequest, scheme: String, authority: String) -> HAR.RawRequest {
        HAR.RawRequest(
            scheme: scheme, authority: authority, method: Array(request.method.rawValue.utf8),
            target: Array(request.target.utf8), httpVersion: request.version.rawValue,
            headers: request.headers.map { HAR.Header(name: $0.name, value: $0.value) }, body: request.body,
            headersSize: headSize(request))
    }

    /// A response as it came back, with the body it carried.
    static func raw(_ response: HTTPResponse, body: [UInt8]) -> HAR.RawResponse {
        HAR.RawResponse(
            status: response.status.code, reason: Array(response.status.reasonPhrase.utf8),
            httpVersion: response.version.rawValue,
            headers: response.headers.map { HAR.Header(name: $0.name, value: $0.value) }, body: body,
            headersSize: headSize(response))
    }

    // A head's `headersSize` is counted, not encoded a second time. Every head recorded passed
    // HTTPWire's parser or was made by the proxy, so it is one ``HTTPEncoder`` writes: its layout
    // (RFC 9112 §3, §4, §5) is the start line, each field as `name: value` and CRLF, and the empty line.

    /// The bytes of `request`'s request line and fields: `METHOD target HTTP/1.1\r\n`, then the fields.
    static func headSize(_ request: HTTPRequest) -> Int {
        request.method.rawValue.utf8.count + 1 + request.target.utf8.count + 1 + request.version.rawValue.utf8.count + 2
            + fieldsSize(request.headers)
    }

    /// The bytes of `response`'s status line and fields: `HTTP/1.1 200 reason\r\n`, then the fields.
    static func headSize(_ response: HTTPResponse) -> Int {
        response.version.rawValue.utf8.count + 5 + response.status.reasonPhrase.utf8.count + 2 + fieldsSize(response.headers)
    }

    /// Each field's `name: value\r\n`, then the empty line's CRLF.
    private static func fieldsSize(_ headers: HTTPHeaders) -> Int {
        headers.reduce(2) { $0 + $1.name.utf8.count + 2 + $1.value.utf8.count + 2 }
    }
}

extension HAR.ExchangeError {
    /// The error for a failed upstream call, classified as refused, reset, timeout or protocol.
    init(_ error: HTTPClientError) {
        switch error {
        case .socket(let socket):
            switch socket.kind {
            case .connectionRefused, .unresolvable: self.init(kind: .refused, message: socket.description)
            case .timedOut: self.init(kind: .timeout, message: socket.description)
            default: self.init(kind: .reset, message: socket.description)
            }
        case .closedBeforeResponse, .parse(.truncated): self.init(kind: .reset, message: error.description)
        case .parse, .encode, .tls: self.init(kind: .protocol, message: error.description)
        }
    }
}
