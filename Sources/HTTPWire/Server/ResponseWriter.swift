/// Frames and writes one response on a server connection (RFC 9112 §6):
/// Content-Length for bytes, chunked for a stream without a length (or
/// read-to-close for an HTTP/1.0 client), and no body for HEAD, 1xx, 204, 304.
enum ResponseWriter {
    /// Written instead of a response whose head cannot be encoded (RFC 9110 §15.6.1).
    static let unwritableResponseHead = Array("HTTP/1.1 500 Internal Server Error\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".utf8)

    /// Writes `response` to a request with `method`/`version`. Returns whether the
    /// connection must close afterwards.
    static func write(_ response: HTTPResponse, to socket: Socket, method: HTTPMethod,
                      version: HTTPVersion, keepAlive: Bool) throws(SocketError) -> Bool {
        var headers = response.headers
        var closes = !keepAlive || headers.containsToken("close", in: "Connection")
        let omitsBody = method == .head || response.status.forbidsBody
        enum Plan { case none, bytes([UInt8]), rawStream(HTTPBodyStream), chunkedStream(HTTPBodyStream) }
        var plan = Plan.none

        headers.remove("Transfer-Encoding")
        if response.status.forbidsBody {
            // RFC 9110 §8.6: no Content-Length in 1xx or 204; a 304 may carry the one a GET would have.
            if response.status.code != 304 { headers.remove("Content-Length") }
        } else {
            switch response.body {
            case .bytes(let bytes):
                headers["Content-Length"] = String(bytes.count)
                plan = .bytes(bytes)
            case .stream(let stream):
                if (try? BodyFraming.contentLength(in: headers)) ?? nil != nil {
                    plan = .rawStream(stream)
                } else if version == .http1_1 {
                    headers.remove("Content-Length")
                    headers["Transfer-Encoding"] = "chunked"
                    plan = .chunkedStream(stream)
                } else {
                    headers.remove("Content-Length")
                    closes = true
                    plan = .rawStream(stream)
                }
            }
        }
        if closes {
            headers["Connection"] = "close"
        } else if version == .http1_0 {
            headers["Connection"] = "keep-alive"
        }

        var output: [UInt8]
        do throws(HTTPEncodeError) {
            output = try HTTPEncoder.responseHead(status: response.status, headers: headers)
        } catch {
            // A response we must not write (e.g. CR/LF in a header value) becomes a 500.
            try socket.write(unwritableResponseHead)
            return true
        }
        if omitsBody {
            try socket.write(output)
            return closes
        }
        switch plan {
        case .none:
            try socket.write(output)
        case .bytes(let body):
            if body.count <= 65_536 {
                output.append(contentsOf: body)
                try socket.write(output)
            } else {
                try socket.write(output)
                try socket.write(body)
            }
        case .rawStream(let stream):
            try socket.write(output)
            try produce(stream) { (chunk) throws(SocketError) in try socket.write(Array(chunk)) }
        case .chunkedStream(let stream):
            try socket.write(output)
            try produce(stream) { (chunk) throws(SocketError) in try socket.write(HTTPEncoder.chunk(chunk)) }
            try socket.write(HTTPEncoder.lastChunk)
        }
        return closes
    }

    /// Runs a body stream; a failure inside the producer ends the connection (the body is cut short).
    private static func produce(_ stream: HTTPBodyStream,
                                _ write: (ArraySlice<UInt8>) throws(SocketError) -> Void) throws(SocketError) {
        do {
            try stream.produce { chunk in try write(chunk) }
        } catch let error as SocketError {
            throw error
        } catch {
            throw SocketError(kind: .other, operation: "response body stream: \(error)")
        }
    }
}
