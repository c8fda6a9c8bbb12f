import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPWire
import KitchenRecording
import KitchenReplay

/// An answer handed to the app's `URLSession`: a status, headers and the whole body.
struct InterceptedResponse: Sendable, Equatable {
    var status: Int
    var headers: HTTPHeaders
    var body: [UInt8]
    /// The `Content-Length` a HEAD's head declares for the body it does not carry.
    var headLength: String?

    /// Framing and hop-by-hop fields describe a wire this answer never crosses; the body is
    /// handed over decoded, so a recorded `Content-Encoding` would lie too.
    static let droppedHeaders = HopByHopHeaders.lowercasedNames.union(["content-length", "content-encoding", "via"])

    /// The recorded answer to a `method` request, as `kitchen replay` serves it to a client that
    /// asks for no coding (URLSession hands its app the body decoded), with no body for a HEAD.
    init(recorded: ReplayEngine.Entry, method: String) {
        let served = ReplayedResponse(recorded: recorded.entry.response, recordedMethod: recorded.request.method,
                                      method: method, acceptEncoding: [])
        status = served.status
        headers = HTTPHeaders(served.headers.filter { !Self.droppedHeaders.contains($0.name.lowercased()) })
        body = served.body
        headLength = served.answersHead ? served.headers["Content-Length"] : nil
    }

    /// The reply to a request the recording cannot answer: `kitchen replay`'s 599 with the
    /// nearest recorded request and the differences as its body.
    init(mismatch: ReplayEngine.Mismatch) {
        status = ReplayEngine.unmatchedStatus
        headers = ["Content-Type": "text/plain; charset=utf-8"]
        body = Array((mismatch.description + "\n").utf8)
    }

    /// An answer from `URLSession`'s view of one (its header fields as name/value pairs).
    init(status: Int, headers: [(name: String, value: String)], body: [UInt8]) {
        self.status = status
        self.headers = HTTPHeaders(headers.filter { !Self.droppedHeaders.contains($0.name.lowercased()) }
            .map { HTTPHeaders.Field(name: $0.name, value: $0.value) })
        self.body = body
    }

    /// The `HTTPURLResponse` for `url`. Fields that repeat are joined with ", " (RFC 9110 §5.3),
    /// since `HTTPURLResponse` holds one value per name.
    func httpResponse(for url: URL) -> HTTPURLResponse? {
        var fields: [String: String] = [:]
        var names: [String: String] = [:]
        for header in headers {
            let key = header.name.lowercased()
            if let name = names[key], let value = fields[name] {
                fields[name] = value + ", " + header.value
            } else {
                names[key] = header.name
                fields[header.name] = header.value
            }
        }
        fields["Content-Length"] = headLength ?? String(body.count)
        return HTTPURLResponse(url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: fields)
    }
}
