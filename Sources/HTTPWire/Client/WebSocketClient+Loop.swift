import Foundation

extension WebSocketClient {
    /// What ``open(host:port:target:headers:configuration:timeout:key:tls:on:handler:_:)`` hands
    /// back: the open connection, the upgrade request sent and the server's 101.
    package typealias Opened = (connection: WebSocketConnection, request: HTTPRequest, response: HTTPResponse)

    /// Opens a client WebSocket from `loop`'s thread without blocking it (a TLS connection's
    /// own handshake runs on a thread of its own first): the upgrade goes out and its answer is
    /// read on the loop, and the open connection is served there by `handler`. `done` is called
    /// once, on the loop's thread: with the connection, or why there is none (a refusal such as
    /// 401 with its response, body included). `timeout` bounds the connect and each read of the
    /// answer; `key` is as for ``handshake(host:port:target:headers:configuration:timeout:key:tls:on:handler:)``.
    package static func open(
        host: String, port: Int, target: String, headers: HTTPHeaders = [:],
        configuration: WebSocketConfiguration = WebSocketConfiguration(), timeout: Duration = .seconds(10),
        key: String = WebSocketHandshake.makeKey(), tls: TLSClientConfiguration? = nil,
        on loop: EventLoop, handler: any WebSocketLoopHandler,
        _ done: @escaping @Sendable (Result<Opened, WebSocketClientError>) -> Void
    ) {
        var extraHeaders = headers
        let defaultPort = tls == nil ? 80 : 443
        let hostHeader = extraHeaders["Host"] ?? (port == defaultPort ? host : "\(host):\(port)")
        extraHeaders.remove("Host")
        let request = WebSocketHandshake.upgradeRequest(host: hostHeader, target: target, key: key, headers: extraHeaders)
        connectFromLoop(host: host, port: port, tls: tls, timeout: timeout, on: loop) { connected in
            let connection: HTTPClientConnection
            switch connected {
            case .success(let opened): connection = opened
            case .failure(let error): return done(.failure(WebSocketClientError(error)))
            }
            do throws(HTTPClientError) { try connection.attach(to: loop, onClosedWhileIdle: {}) } catch {
                connection.close()
                return done(.failure(WebSocketClientError(error)))
            }
            UpgradeExchange(connection: connection, request: request, key: key, configuration: configuration,
                            loop: loop, handler: handler, done: done).start()
        }
    }

    /// A connection for `loop`: plain TCP without blocking it; TLS on a thread of its own (its
    /// handshake blocks), handed back to the loop once established.
    private static func connectFromLoop(host: String, port: Int, tls: TLSClientConfiguration?, timeout: Duration,
                                        on loop: EventLoop,
                                        _ done: @escaping @Sendable (Result<HTTPClientConnection, HTTPClientError>) -> Void) {
        guard let tls else {
            return HTTPClientConnection.open(host: host, port: port, responseTimeout: timeout, connectTimeout: timeout,
                                             on: loop, done)
        }
        startThread(name: "websocket-tls-connect") {
            let result = Result { () throws(HTTPClientError) -> HTTPClientConnection in
                try HTTPClientConnection(host: host, port: port, tls: tls, connectTimeout: timeout, responseTimeout: timeout)
            }
            let delivered = loop.execute { done(result) }
            if !delivered, case .success(let connection) = result { connection.close() }
        }
    }
}

/// One upgrade exchange on an event loop: the request written, the answer read; a 101 that
/// keeps the rules (RFC 6455 §4.1) turns the connection into a WebSocket on the same loop, with
/// the bytes that followed it as its first frames.
private final class UpgradeExchange: @unchecked Sendable {
    // Unchecked: used on `loop`'s thread only.
    private let connection: HTTPClientConnection
    private let request: HTTPRequest
    private let key: String
    private let configuration: WebSocketConfiguration
    private let loop: EventLoop
    private let handler: any WebSocketLoopHandler
    private let done: @Sendable (Result<WebSocketClient.Opened, WebSocketClientError>) -> Void
    private var head: HTTPResponse?
    private var body: [UInt8] = []

    init(connection: HTTPClientConnection, request: HTTPRequest, key: String, configuration: WebSocketConfiguration,
         loop: EventLoop, handler: any WebSocketLoopHandler,
         done: @escaping @Sendable (Result<WebSocketClient.Opened, WebSocketClientError>) -> Void) {
        self.connection = connection
        self.request = request
        self.key = key
        self.configuration = configuration
        self.loop = loop
        self.handler = handler
        self.done = done
    }

    func start() {
        connection.exchange(request) { [self] event in
            switch event {
            case .head(let response): head = response
            case .body(let bytes): body.append(contentsOf: bytes)
            case .end: answered()
            case .failed(let error):
                connection.close()
                done(.failure(WebSocketClientError(error)))
            }
        }
    }

    private func answered() {
        guard let head else { return }
        guard head.status.code == 101 else {
            // The refusal, body included, for the caller (e.g. a JSON error).
            connection.close()
            var refusal = head
            refusal.body = .bytes(body)
            return done(.failure(.rejected(refusal)))
        }
        do throws(WebSocketHandshakeError) { try WebSocketHandshake.validate(response: head, key: key) } catch {
            connection.close()
            return done(.failure(.handshake(error)))
        }
        connection.detach()
        connection.socket.setReadTimeout(milliseconds: nil)
        let open = WebSocketConnection(socket: connection.socket, role: .client, configuration: configuration,
                                       bufferedBytes: connection.takeBufferedBytes(), loop: loop, handler: handler)
        done(.success((open, request, head)))
    }
}
