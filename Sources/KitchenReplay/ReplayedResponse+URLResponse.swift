import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPWire

extension ReplayedResponse {
    /// The engine's `decision` as an in-process client is handed it (the app's transport, the
    /// URLSession interceptor): the recorded answer to a `method` request as `kitchen replay` serves a
    /// client that asks for no coding, since URLSession hands its app the body decoded; or the 599.
    package init(_ decision: ReplayEngine.Decision, method: String) {
        switch decision {
        case .answer(let recorded):
            self.init(recorded: recorded.entry.response, recordedMethod: recorded.request.method, method: method,
                      acceptEncoding: [])
        case .unmatched(let mismatch):
            self.init(mismatch: mismatch)
        }
    }

    /// `kitchen replay`'s answer to a request the recording cannot answer: status 599 with the
    /// nearest recorded request and the differences as its body.
    package init(mismatch: ReplayEngine.Mismatch) {
        status = ReplayEngine.unmatchedStatus
        statusText = "Replay Mismatch"
        headers = ["Content-Type": "text/plain; charset=utf-8"]
        body = Array((mismatch.description + "\n").utf8)
        coding = .identity
        answersHead = false
    }

    /// The `HTTPURLResponse` for `url` with this answer's head; a `HEAD`'s keeps its declared length.
    package func urlResponse(for url: URL) -> HTTPURLResponse? {
        let declared = answersHead ? headers["Content-Length"] : nil
        return HTTPURLResponse.handedOver(for: url, status: status, headers: headers, length: declared ?? String(body.count))
    }
}

extension HTTPURLResponse {
    /// A response handed to an in-process client (a replayed answer, or one the recorder
    /// forwarded) whose body is `length` bytes, decoded. Framing, hop-by-hop fields and
    /// `Content-Encoding` describe a wire the answer never crosses, so they are left out. Fields
    /// that repeat are joined with ", " (RFC 9110 §5.3), since `HTTPURLResponse` holds one value
    /// per name.
    package static func handedOver(for url: URL, status: Int, headers: some Sequence<HTTPHeaders.Field>,
                                   length: String) -> HTTPURLResponse? {
        var fields: [String: String] = [:]
        var names: [String: String] = [:]
        for header in headers where !ReplayedResponse.leftOutHeaders.contains(header.name.lowercased()) {
            let key = header.name.lowercased()
            if let name = names[key], let value = fields[name] {
                fields[name] = value + ", " + header.value
            } else {
                names[key] = header.name
                fields[header.name] = header.value
            }
        }
        fields["Content-Length"] = length
        return HTTPURLResponse(url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: fields)
    }
}
