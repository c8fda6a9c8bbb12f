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
            headersSize: HeadSize.request(request))
    }

    /// A response as it came back, with the body it carried.
    static func raw(_ response: HTTPResponse, body: [UInt8]) -> HAR.RawResponse {
        HAR.RawResponse(
            status: response.status.code, reason: Array(response.status.reasonPhrase.utf8),
            httpVersion: response.version.rawValue,
            headers: response.headers.map { HAR.Header(name: $0.name, value: $0.value) }, body: body,
            headersSize: HeadSize.response(status: response.status, headers: response.headers))
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
