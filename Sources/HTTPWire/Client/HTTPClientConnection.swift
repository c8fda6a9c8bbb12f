/// A client connection to one server, reused across requests (keep-alive), driven by an event
/// loop (``open(host:port:tls:limits:responseTimeout:connectTimeout:on:_:)``, ``exchange(_:_:)``,
/// ``exchangeStreaming(_:bodyLength:_:)``), or for one whole exchange
/// (``fetch(_:host:port:tls:connectTimeout:responseTimeout:on:)``).
///
/// ```swift
/// let response = try await HTTPClientConnection.fetch(HTTPRequest(method: .get, target: "/devices"),
///                                                     host: "127.0.0.1", port: 8080)
/// ```
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
    var closeAfterResponse = false
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
    package var isReusable: Bool { !closeAfterResponse && !decoder.reachedEndOfStream && !socket.isClosed }

    /// The bytes of `request`: `Host` added when missing, the body framed with Content-Length, or
    /// chunked when the request says `Transfer-Encoding: chunked`; the decoder then expects its response.
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

    /// The head of `request` for a body that follows piece by piece: framed with
    /// `Content-Length: length`, or chunked when `length` is `nil` (RFC 9112 §6); the decoder then
    /// expects its response.
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

    /// Closes the connection (over TLS, sending close_notify first when that cannot block); on
    /// an event loop, call it on the loop's thread.
    package func close() {
        detach()
        socket.close()
    }
}
