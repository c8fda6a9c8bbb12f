/// A client connection to one server, reused across requests (keep-alive) and
/// able to pipeline. Blocking; use it from one thread.
///
/// ```swift
/// let connection = try HTTPClientConnection(host: "127.0.0.1", port: 8080)
/// let response = try connection.send(HTTPRequest(method: .get, target: "/devices"))
///
/// let secure = try HTTPClientConnection(host: "api.example.com", port: 443, tls: TLSClientConfiguration())
/// ```
/// For relaying, `write(_:)` then `readHead()` and `readBodyChunk()` stream the
/// response as it arrives. An event loop can drive a plain-TCP connection instead, without
/// blocking (``open(host:port:limits:responseTimeout:connectTimeout:on:_:)``,
/// ``exchange(_:_:)``, ``exchangeStreaming(_:bodyLength:_:)``).
package final class HTTPClientConnection: @unchecked Sendable {
    // Unchecked: used by one thread at a time (a caller's thread, or the event loop it is
    // attached to); it moves between them only through a hand-over that orders every use
    // before the move before every use after it (a lock, a thread start, `EventLoop.execute`).
    package let host: String
    package let port: Int
    /// How the connection speaks TLS; nil for plain TCP.
    package let tls: TLSClientConfiguration?
    let socket: Socket
    var decoder: HTTPResponseDecoder
    var reachedEndOfStream = false
    var closeAfterResponse = false
    /// Whether the body being written piece by piece is chunked.
    private var streamsChunked = false
    /// How long a read may wait for the response; nil: forever.
    let responseTimeout: Duration?
    /// The event loop driving the connection, while one is (see `HTTPClientConnection+Loop`).
    var onLoop: LoopAttachment?

    /// Connects to `host:port`; with `tls` (https://), also runs the TLS handshake, each of its
    /// steps bounded by `connectTimeout`. TLS failures throw `.tls` (e.g. a certificate issued
    /// for another host); `nil` means plain TCP.
    package convenience init(host: String, port: Int, tls: TLSClientConfiguration? = nil, limits: HTTPLimits = HTTPLimits(),
                            connectTimeout: Duration = .seconds(10),
                            responseTimeout: Duration? = .seconds(60)) throws(HTTPClientError) {
        let socket: Socket
        do throws(SocketError) {
            socket = try Socket.connect(host: host, port: port, timeoutMilliseconds: connectTimeout.socketTimeoutMilliseconds, tls: tls)
        } catch {
            throw HTTPClientError(error)
        }
        self.init(socket: socket, host: host, port: port, tls: tls, limits: limits, responseTimeout: responseTimeout)
    }

    /// A connection over `socket`, already connected (by an event loop, for plain TCP).
    init(socket: Socket, host: String, port: Int, tls: TLSClientConfiguration? = nil, limits: HTTPLimits,
         responseTimeout: Duration?) {
        self.host = host
        self.port = port
        self.tls = tls
        self.socket = socket
        socket.setReadTimeout(milliseconds: responseTimeout?.socketTimeoutMilliseconds)
        decoder = HTTPResponseDecoder(limits: limits)
        self.responseTimeout = responseTimeout
    }

    /// Whether another request may be sent on this connection.
    package var isReusable: Bool { !closeAfterResponse && !reachedEndOfStream && !socket.isClosed }

    /// Sends `request` and reads the whole response.
    package func send(_ request: HTTPRequest) throws(HTTPClientError) -> HTTPResponse {
        try write(request)
        var response = try readHead()
        var body: [UInt8] = []
        while let chunk = try readBodyChunk() { body.append(contentsOf: chunk) }
        response.body = .bytes(body)
        return response
    }

    /// Writes `request`: adds `Host` when missing, frames the body with Content-Length, or
    /// chunked when the request says `Transfer-Encoding: chunked`.
    package func write(_ request: HTTPRequest) throws(HTTPClientError) {
        let output = try encode(request)
        do throws(SocketError) { try socket.write(output) } catch {
            // The server may have answered and closed already (e.g. 413); let the read tell.
            if error.kind != .brokenPipe && error.kind != .connectionReset { throw HTTPClientError(error) }
        }
    }

    /// The bytes of `request` as ``write(_:)`` sends them; the decoder then expects its response.
    func encode(_ request: HTTPRequest) throws(HTTPClientError) -> [UInt8] {
        var request = request
        let chunked = request.headers.containsToken("chunked", in: "Transfer-Encoding")
        if chunked {
            request.headers.remove("Content-Length")
        } else if !request.body.isEmpty || [.post, .put, .patch].contains(request.method) {
            request.headers["Content-Length"] = String(request.body.count)
        }
        var output = try encodeHead(&request)
        guard chunked else {
            output.append(contentsOf: request.body)
            return output
        }
        var offset = 0
        while offset < request.body.count {
            let end = min(offset + 16_384, request.body.count)
            output.append(contentsOf: HTTPEncoder.chunk(request.body[offset..<end]))
            offset = end
        }
        output.append(contentsOf: HTTPEncoder.lastChunk)
        return output
    }

    /// Writes `request`'s head for a body that follows piece by piece (``writeBodyPiece(_:)``,
    /// then ``finishBody()``): framed with `Content-Length: length`, or chunked when `length`
    /// is `nil` (RFC 9112 §6). `request.body` is ignored.
    package func writeHead(_ request: HTTPRequest, bodyLength length: Int?) throws(HTTPClientError) {
        let head = try encodeHead(request, bodyLength: length)
        streamsChunked = length == nil
        try send(head)
    }

    /// The head of `request` for a body that follows piece by piece, as ``writeHead(_:bodyLength:)``
    /// writes it; the decoder then expects its response.
    func encodeHead(_ request: HTTPRequest, bodyLength length: Int?) throws(HTTPClientError) -> [UInt8] {
        var request = request
        request.headers.remove("Transfer-Encoding")
        request.headers.remove("Content-Length")
        if let length {
            request.headers["Content-Length"] = String(length)
        } else {
            request.headers["Transfer-Encoding"] = "chunked"
        }
        return try encodeHead(&request)
    }

    /// The head of `request`, framed already, with `Host` added when it has none (in place: the
    /// caller's copy is the only one); the decoder then expects its response.
    private func encodeHead(_ request: inout HTTPRequest) throws(HTTPClientError) -> [UInt8] {
        if !request.headers.contains("Host") { request.headers.add("Host", "\(host):\(port)") }
        let head: [UInt8]
        do throws(HTTPEncodeError) { head = try HTTPEncoder.requestHead(request) } catch { throw .encode(error) }
        decoder.expectResponse(to: request.method)
        if !request.keepsConnectionAlive { closeAfterResponse = true }
        return head
    }

    /// Writes the next piece of the body announced by ``writeHead(_:bodyLength:)`` (as one
    /// chunk when the body is chunked). Throws `.socket` with `brokenPipe` or `connectionReset`
    /// when the server stopped reading (it may have answered early: read the response).
    package func writeBodyPiece(_ bytes: ArraySlice<UInt8>) throws(HTTPClientError) {
        guard !bytes.isEmpty else { return }
        try send(streamsChunked ? HTTPEncoder.chunk(bytes) : Array(bytes))
    }

    /// Ends the body announced by ``writeHead(_:bodyLength:)`` (the last chunk, when chunked).
    package func finishBody() throws(HTTPClientError) {
        if streamsChunked { try send(HTTPEncoder.lastChunk) }
        streamsChunked = false
    }

    private func send(_ bytes: [UInt8]) throws(HTTPClientError) {
        do throws(SocketError) { try socket.write(bytes) } catch { throw HTTPClientError(error) }
    }

    /// Reads the next response's head (interim 1xx responses are skipped).
    package func readHead() throws(HTTPClientError) -> HTTPResponse {
        while true {
            switch try nextEvent() {
            case .head(let response)?:
                if response.headers.containsToken("close", in: "Connection") || response.version == .http1_0 {
                    closeAfterResponse = true
                }
                return response
            case .body?, .end?:
                continue
            case nil:
                throw .closedBeforeResponse
            }
        }
    }

    /// The next piece of the current response's body, or `nil` at its end.
    package func readBodyChunk() throws(HTTPClientError) -> [UInt8]? {
        switch try nextEvent() {
        case .body(let bytes)?: return bytes
        case .end?: return nil
        case .head?: throw .parse(.truncated)
        case nil: throw .parse(.truncated)
        }
    }

    /// Bytes received after the last response (e.g. WebSocket frames right after a 101).
    func takeBufferedBytes() -> [UInt8] { decoder.takeBufferedBytes() }

    /// Closes the connection (over TLS, sending close_notify first when that cannot block); on
    /// an event loop, call it on the loop's thread.
    package func close() {
        detach()
        socket.close()
    }

    /// Closes with a TCP reset.
    package func reset() { socket.reset() }

    /// The next decoder event, reading from the socket as needed; `nil` at end of stream
    /// with nothing pending.
    private func nextEvent() throws(HTTPClientError) -> HTTPResponseDecoder.Event? {
        while true {
            do throws(HTTPParseError) {
                if let event = try decoder.next() { return event }
            } catch {
                throw .parse(error)
            }
            if reachedEndOfStream { return nil }
            let count: Int
            do throws(SocketError) {
                count = try decoder.feed(capacity: 65_536) { (buffer) throws(SocketError) -> Int in
                    try socket.read(into: buffer)
                }
            } catch {
                throw HTTPClientError(error)
            }
            if count == 0 {
                reachedEndOfStream = true
                decoder.finish()
            }
        }
    }
}
