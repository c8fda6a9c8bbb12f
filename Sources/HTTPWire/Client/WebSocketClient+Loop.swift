extension WebSocketClient {
    /// What ``open(host:port:target:headers:configuration:timeout:key:tls:on:handler:receiveMode:_:)`` hands
    /// back: the open connection, the upgrade request sent and the server's 101.
    package typealias Opened = (connection: WebSocketConnection, request: HTTPRequest, response: HTTPResponse)

    /// Opens a client WebSocket from `loop`'s thread without blocking it (a TLS connection's
    /// own handshake runs on a thread of its own first): the upgrade goes out and its answer is
    /// read on the loop, and the open connection is served there by `handler` (without one, a task
    /// reads it with `receive()`, in `receiveMode`). `done` is called once, on the loop's thread:
    /// with the connection, or why there is none (a refusal such as 401 with its response, body
    /// included). `timeout` bounds the connect and each read of the answer. `key` is normally
    /// fresh and random (RFC 6455 §4.1); a recorder that must write identical files on every run
    /// may pass its own. A Host in `headers` (a relay naming its upstream) replaces the default.
    package static func open(
        host: String, port: Int, target: String, headers: HTTPHeaders = [:],
        configuration: WebSocketConfiguration = WebSocketConfiguration(), timeout: Duration = .seconds(10),
        key: String = WebSocketHandshake.makeKey(), tls: TLSClientConfiguration? = nil,
        on loop: EventLoop, handler: (any WebSocketLoopHandler)?, receiveMode: WebSocketReceiveMode = .messages,
        _ done: @escaping @Sendable (Result<Opened, WebSocketClientError>) -> Void
    ) {
        var extraHeaders = headers
        let defaultPort = tls == nil ? 80 : 443
        let hostHeader = extraHeaders["Host"] ?? (port == defaultPort ? host : "\(host):\(port)")
        extraHeaders.remove("Host")
        let request = WebSocketHandshake.upgradeRequest(host: hostHeader, target: target, key: key, headers: extraHeaders)
        HTTPClientConnection.openAttached(host: host, port: port, tls: tls, timeouts: (timeout, timeout), on: loop) { opened in
            let connection: HTTPClientConnection
            do throws(HTTPClientError) { connection = try opened.get() } catch { return done(.failure(.connection(error))) }
            // The answer is read on the loop; a 101 that keeps the rules (RFC 6455 §4.1) turns the
            // connection into a WebSocket on the same loop, with the bytes that followed it as its
            // first frames.
            connection.fetch(request) { answer in
                let head: HTTPResponse
                do throws(HTTPClientError) { head = try answer.get() } catch {
                    connection.close()
                    return done(.failure(.connection(error)))
                }
                guard head.status.code == 101 else {
                    // The refusal, body included, for the caller (e.g. a JSON error).
                    connection.close()
                    return done(.failure(.rejected(head)))
                }
                do throws(WebSocketHandshakeError) { try WebSocketHandshake.validate(response: head, key: key) } catch {
                    connection.close()
                    return done(.failure(.handshake(error)))
                }
                connection.detach()
                connection.socket.setReadTimeout(milliseconds: nil)
                let open = WebSocketConnection(socket: connection.socket, role: .client, configuration: configuration,
                                               bufferedBytes: connection.decoder.takeBufferedBytes(), loop: loop,
                                               handler: handler, receiveMode: receiveMode)
                done(.success((open, request, head)))
            }
        }
    }
}
