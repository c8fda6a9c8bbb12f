/// Opens client WebSocket connections (RFC 6455 §4.1).
///
/// ```swift
/// let socket = try WebSocketClient.connect(host: "127.0.0.1", port: 8080, target: "/ws",
///                                          headers: ["Authorization": "Bearer \(token)"])
/// try socket.send(text: "hello")
///
/// // wss://kitchen.example.com/ws
/// let secure = try WebSocketClient.connect(host: "kitchen.example.com", port: 443, target: "/ws",
///                                          tls: TLSClientConfiguration())
/// ```
package enum WebSocketClient {
    /// The event loop that drives client connections opened without one: started with the
    /// first of them, for the life of the process.
    package static let sharedEventLoop: EventLoop? = try? EventLoop(name: "websocket-client")

    /// Connects, performs the opening handshake (blocking the calling thread) and returns the
    /// open connection, driven by `loop` (default: ``sharedEventLoop``): read it with
    /// `receive()` from a thread, or give a `handler` to have it served on the loop. With `tls`
    /// (wss://) the connection is encrypted; `nil` means plain TCP (ws://).
    package static func connect(
        host: String, port: Int, target: String, headers: HTTPHeaders = [:],
        configuration: WebSocketConfiguration = WebSocketConfiguration(),
        timeout: Duration = .seconds(10), tls: TLSClientConfiguration? = nil,
        on loop: EventLoop? = nil, handler: (any WebSocketLoopHandler)? = nil
    ) throws(WebSocketClientError) -> WebSocketConnection {
        try handshake(host: host, port: port, target: target, headers: headers, configuration: configuration,
                      timeout: timeout, tls: tls, on: loop, handler: handler).connection
    }

    /// Like `connect`, and also returns the request sent and the server's 101 response (for
    /// recording). `key` is normally fresh and random (RFC 6455 §4.1); a recorder that must
    /// write identical files on every run may pass its own. `tls` as for `connect`.
    package static func handshake(
        host: String, port: Int, target: String, headers: HTTPHeaders = [:],
        configuration: WebSocketConfiguration = WebSocketConfiguration(),
        timeout: Duration = .seconds(10), key: String = WebSocketHandshake.makeKey(),
        tls: TLSClientConfiguration? = nil, on loop: EventLoop? = nil, handler: (any WebSocketLoopHandler)? = nil
    ) throws(WebSocketClientError) -> (connection: WebSocketConnection, request: HTTPRequest, response: HTTPResponse) {
        guard let loop = loop ?? sharedEventLoop else {
            throw .connection(.socket(SocketError(kind: .other, operation: "start the WebSocket client's event loop")))
        }
        let connection: HTTPClientConnection
        do throws(HTTPClientError) {
            connection = try HTTPClientConnection(host: host, port: port, tls: tls, connectTimeout: timeout,
                                                  responseTimeout: timeout)
        } catch {
            throw WebSocketClientError(error)
        }
        // A Host given by the caller (e.g. a relay naming its upstream) replaces the default.
        var extraHeaders = headers
        let defaultPort = tls == nil ? 80 : 443
        let hostHeader = extraHeaders["Host"] ?? (port == defaultPort ? host : "\(host):\(port)")
        extraHeaders.remove("Host")
        let request = WebSocketHandshake.upgradeRequest(host: hostHeader, target: target, key: key, headers: extraHeaders)
        let head: HTTPResponse
        do throws(HTTPClientError) {
            try connection.write(request)
            head = try connection.readHead()
        } catch {
            connection.close()
            throw WebSocketClientError(error)
        }
        guard head.status.code == 101 else {
            // Read the refusal's body for the caller (e.g. a JSON error), then give up.
            var body: [UInt8] = []
            while let chunk = try? connection.readBodyChunk() { body.append(contentsOf: chunk) }
            connection.close()
            var refusal = head
            refusal.body = .bytes(body)
            throw .rejected(refusal)
        }
        do throws(WebSocketHandshakeError) {
            try WebSocketHandshake.validate(response: head, key: key)
        } catch {
            connection.close()
            throw .handshake(error)
        }
        connection.socket.setReadTimeout(milliseconds: nil)
        let open = WebSocketConnection(socket: connection.socket, role: .client, configuration: configuration,
                                       bufferedBytes: connection.takeBufferedBytes(), loop: loop, handler: handler)
        return (open, request, head)
    }
}

/// Why a WebSocket could not be opened.
package enum WebSocketClientError: Error, Sendable, CustomStringConvertible {
    /// Connecting or the HTTP exchange failed.
    case connection(HTTPClientError)
    /// The server answered the upgrade with another status (e.g. 401); the response, body included.
    case rejected(HTTPResponse)
    /// The server's 101 broke the handshake rules.
    case handshake(WebSocketHandshakeError)
    /// TLS failed (wss://): no TLS library, a refused handshake or certificate.
    case tls(TLSError)

    package var description: String {
        switch self {
        case .connection(let error): "\(error)"
        case .rejected(let response): "the server refused the upgrade with \(response.status)"
        case .handshake(let error): "invalid handshake: \(error)"
        case .tls(let error): "\(error)"
        }
    }

    /// The error for a failed connection or HTTP exchange: TLS failures as `.tls`.
    init(_ error: HTTPClientError) {
        if case .tls(let tls) = error {
            self = .tls(tls)
        } else {
            self = .connection(error)
        }
    }
}
