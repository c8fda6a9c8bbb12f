import HTTPWire

/// What a test route answers; runs on the connection's event loop, so it must not block.
typealias Route = @Sendable (HTTPRequest, HTTPRequestContext) -> HTTPReply

/// An `HTTPServer` bound to 127.0.0.1 port 0 with the routes a test needs. Unrouted paths
/// get `Routes.describe`. Call `stop()` (usually in a `defer`) when the test is done.
///
/// ```swift
/// let server = try TestServer(limits: HTTPLimits(maxBodyBytes: 10))
/// defer { server.stop() }
/// let connection = try RawConnection(port: server.port)
/// ```
final class TestServer: Sendable {
    let server: HTTPServer
    let port: Int

    init(limits: HTTPLimits = HTTPLimits(), webSocket: WebSocketConfiguration = WebSocketConfiguration(),
         routes: [String: Route] = [:]) throws {
        let configuration = HTTPServerConfiguration(host: "127.0.0.1", port: 0, limits: limits, webSocket: webSocket)
        server = HTTPServer(configuration: configuration, responder: RoutingResponder(routes: routes))
        try server.start()
        guard let address = server.address else { throw RawConnectionError.malformed("server has no address") }
        port = address.port
    }

    /// A server with every setting of `configuration` but its address (127.0.0.1, port 0).
    init(configuration: HTTPServerConfiguration, routes: [String: Route] = [:]) throws {
        var configuration = configuration
        configuration.host = "127.0.0.1"
        configuration.port = 0
        server = HTTPServer(configuration: configuration, responder: RoutingResponder(routes: routes))
        try server.start()
        guard let address = server.address else { throw RawConnectionError.malformed("server has no address") }
        port = address.port
    }

    func stop() { server.stop() }
}

/// Dispatches on the request path; everything else is described back to the client.
struct RoutingResponder: HTTPResponder {
    let routes: [String: Route]

    func respond(to request: HTTPRequest, context: HTTPRequestContext) -> HTTPReply {
        (routes[request.path] ?? Routes.describe)(request, context)
    }
}

/// Routes shared by several test files.
enum Routes {
    /// 200 with a body naming the request, so pipelined answers can be matched to requests:
    /// `GET /a request=0 connection=3 body=hello`.
    static let describe: Route = { request, context in
        .response(HTTPResponse(status: .ok, headers: ["Content-Type": "text/plain"],
                               body: Array(describe(request, context).utf8)))
    }

    static func describe(_ request: HTTPRequest, _ context: HTTPRequestContext) -> String {
        "\(request.method) \(request.target) request=\(context.requestIndex) connection=\(context.connectionID) "
            + "body=\(request.body.text)"
    }

    /// Echoes every message until the connection ends.
    static let webSocketEcho: Route = { _, _ in .webSocketOnLoop(handler: Echo(closesOnRequest: false)) }

    /// Echoes messages; the text `close <code>` makes the server start the closing handshake
    /// with that code, after which it keeps reading until the connection ends.
    static let webSocketEchoOrClose: Route = { _, _ in .webSocketOnLoop(handler: Echo(closesOnRequest: true)) }

    /// A body pushed piece by piece with no Content-Length: `one two three`.
    static let stream: Route = { _, _ in
        .response(HTTPResponse(status: .ok, headers: ["Content-Type": "text/plain"], pushing: HTTPBodyPusher { writer in
            for piece in ["one ", "two ", "three"] { writer.write(Array(piece.utf8)) }
            writer.end()
        }))
    }

    /// The WebSocket echo of ``webSocketEcho`` and ``webSocketEchoOrClose``.
    struct Echo: WebSocketLoopHandler {
        let closesOnRequest: Bool

        func received(_ message: WebSocketMessage, on connection: WebSocketConnection) {
            if closesOnRequest, case .text(let text) = message, text.hasPrefix("close "), let code = UInt16(text.dropFirst(6)) {
                connection.close(code: WebSocketCloseCode(rawValue: code), reason: "server closing")
            } else {
                try? connection.send(message)
            }
        }
    }
}
