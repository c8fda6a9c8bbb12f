import HarnessCore

/// Opens client WebSocket connections (RFC 6455 §4.1).
///
/// ```swift
/// let socket = try await WebSocketClient.connect(host: "127.0.0.1", port: 8080, target: "/ws",
///                                                headers: ["Authorization": "Bearer \(token)"])
/// try socket.send(text: "hello")
///
/// // wss://kitchen.example.com/ws
/// let secure = try await WebSocketClient.connect(host: "kitchen.example.com", port: 443, target: "/ws",
///                                                tls: TLSClientConfiguration())
/// ```
package enum WebSocketClient {
    /// Connects, performs the opening handshake and returns the open connection, driven by
    /// `loop` (default: ``EventLoop/sharedClientLoop``): read it with `await receive()` (messages, or with
    /// `receiveMode` `.frames`, frames), or give a `handler` to have it served on the loop. With
    /// `tls` (wss://) the connection is encrypted; `nil` means plain TCP (ws://). The caller
    /// awaits while `loop` opens the connection (``open(host:port:target:headers:configuration:timeout:key:tls:on:handler:receiveMode:_:)``);
    /// no thread is held meanwhile.
    package static func connect(
        host: String, port: Int, target: String, headers: HTTPHeaders = [:],
        configuration: WebSocketConfiguration = WebSocketConfiguration(),
        timeout: Duration = .seconds(10), tls: TLSClientConfiguration? = nil,
        on loop: EventLoop? = EventLoop.sharedClientLoop, handler: (any WebSocketLoopHandler)? = nil,
        receiveMode: WebSocketReceiveMode = .messages
    ) async throws(WebSocketClientError) -> WebSocketConnection {
        guard let loop else { throw .connection(.noEventLoop) }
        let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<WebSocketConnection, WebSocketClientError>, Never>) in
            let submitted = loop.execute {
                open(host: host, port: port, target: target, headers: headers, configuration: configuration, timeout: timeout,
                     tls: tls, on: loop, handler: handler, receiveMode: receiveMode) { result in
                    continuation.resume(returning: result.map(\.connection))
                }
            }
            if !submitted { continuation.resume(returning: .failure(.connection(.noEventLoop))) }
        }
        return try result.get()
    }
}

/// Why a WebSocket could not be opened.
package enum WebSocketClientError: Error, Sendable, CustomStringConvertible {
    /// Connecting, TLS (wss://) or the HTTP exchange failed.
    case connection(HTTPClientError)
    /// The server answered the upgrade with another status (e.g. 401); the response, body included.
    case rejected(HTTPResponse)
    /// The server's 101 broke the handshake rules.
    case handshake(WebSocketHandshakeError)

    package var description: String {
        switch self {
        case .connection(let error): "\(error)"
        case .rejected(let response): "the server refused the upgrade with \(response.status)"
        case .handshake(let error): "invalid handshake: \(error)"
        }
    }
}
