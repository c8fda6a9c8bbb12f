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
    var headers: [(name: String, value: String)]
    var body: [UInt8]
    /// The `Content-Length` a HEAD's head declares for the body it does not carry.
    var headLength: String?

    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.status == rhs.status && lhs.body == rhs.body
            && lhs.headers.map { [$0.name, $0.value] } == rhs.headers.map { [$0.name, $0.value] }
    }

    /// Framing and hop-by-hop fields describe a wire this answer never crosses; the body is
    /// handed over decoded, so a recorded `Content-Encoding` would lie too.
    static let droppedHeaders = HopByHopHeaders.lowercasedNames.union(["content-length", "content-encoding", "via"])

    /// The recorded answer to a `method` request, as `kitchen replay` serves it to a client that
    /// asks for no coding (URLSession hands its app the body decoded), with no body for a HEAD.
    init(recorded: ReplayEngine.Entry, method: String) {
        let served = ReplayedResponse(recorded: recorded.entry.response, recordedMethod: recorded.request.method,
                                      method: method, acceptEncoding: [], encoder: IdentityBodyEncoder())
        status = served.status
        headers = served.headers.filter { !Self.droppedHeaders.contains($0.name.lowercased()) }.map { ($0.name, $0.value) }
        body = served.body
        headLength = served.answersHead ? served.headers["Content-Length"] : nil
    }

    /// The reply to a request the recording cannot answer: `kitchen replay`'s 599 with the
    /// nearest recorded request and the differences as its body.
    init(mismatch: ReplayEngine.Mismatch) {
        status = ReplayEngine.unmatchedStatus
        headers = [("Content-Type", "text/plain; charset=utf-8")]
        body = Array((mismatch.description + "\n").utf8)
    }

    init(status: Int, headers: [(name: String, value: String)], body: [UInt8]) {
        self.status = status
        self.headers = headers.filter { !Self.droppedHeaders.contains($0.name.lowercased()) }
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
