/// Frames one response on a server connection (RFC 9112 §6): Content-Length for bytes, chunked
/// for a pushed body without a length (or read-to-close for an HTTP/1.0 client), and no body for
/// HEAD, 1xx, 204, 304.
enum ResponseWriter {
    /// Written instead of a response whose head cannot be encoded (RFC 9110 §15.6.1).
    static let unwritableResponseHead = Array("HTTP/1.1 500 Internal Server Error\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".utf8)

    /// Bodies up to this size go out in one write with their head; longer ones follow it.
    static let coalescedBodyLimit = 65_536

    /// A response framed for one request: its encoded head, the body that follows it (`.none`
    /// where none may), whether a pushed body goes out chunked, and whether the connection
    /// closes after it.
    struct Framed {
        var head: [UInt8]
        var body: HTTPBody
        var chunked = false
        var closes: Bool
    }

    /// Frames `response` for a request with `method`/`version`.
    static func frame(_ response: HTTPResponse, method: HTTPMethod, version: HTTPVersion, keepAlive: Bool) -> Framed {
        var headers = response.headers
        var closes = !keepAlive || headers.containsToken("close", in: "Connection")
        var body = HTTPBody.none
        var chunked = false

        headers.remove("Transfer-Encoding")
        if response.status.forbidsBody {
            // RFC 9110 §8.6: no Content-Length in 1xx or 204; a 304 may carry the one a GET would have.
            if response.status.code != 304 { headers.remove("Content-Length") }
        } else {
            switch response.body {
            case .bytes(let bytes):
                headers["Content-Length"] = String(bytes.count)
                body = .bytes(bytes)
            case .pushed(let pusher):
                // A pushed body keeps its Content-Length; without one it is chunked (HTTP/1.1) or
                // ends with the connection (HTTP/1.0).
                if (try? BodyFraming.contentLength(in: headers)) ?? nil == nil {
                    headers.remove("Content-Length")
                    if version == .http1_1 {
                        headers["Transfer-Encoding"] = "chunked"
                        chunked = true
                    } else {
                        closes = true
                    }
                }
                body = .pushed(pusher)
            case .none:
                break
            }
        }
        if closes {
            headers["Connection"] = "close"
        } else if version == .http1_0 {
            headers["Connection"] = "keep-alive"
        }
        guard let head = try? HTTPEncoder.responseHead(status: response.status, headers: headers) else {
            // A response we must not write (e.g. CR/LF in a header value) becomes a 500.
            return Framed(head: unwritableResponseHead, body: .none, closes: true)
        }
        // HEAD: the head a GET would get, no body.
        return Framed(head: head, body: method == .head ? .none : body, chunked: chunked, closes: closes)
    }

    /// The whole of `response` as bytes, for writing without blocking; nil when its body is
    /// pushed. The defaults frame an answer that ends the connection (a refusal).
    static func bytes(of response: HTTPResponse, method: HTTPMethod = .get, version: HTTPVersion = .http1_1,
                      keepAlive: Bool = false) -> [UInt8]? {
        let framed = frame(response, method: method, version: version, keepAlive: keepAlive)
        switch framed.body {
        case .none: return framed.head
        case .bytes(let body): return framed.head + body
        case .pushed: return nil
        }
    }
}
