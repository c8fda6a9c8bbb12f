import Foundation
import HTTPWire
import HarnessCore

/// Opens live-update sockets with HTTPWire's WebSocket client (Linux's
/// URLSession has no WebSocket support; this works on every platform).
/// Pings are answered and closes echoed inside HTTPWire.
///
/// ```swift
/// let service = WebSocketService(baseURL: url, connector: HTTPWireWebSocketConnector())
/// for await event in service.events(token: token) { … }
/// ```
public struct HTTPWireWebSocketConnector: WebSocketConnecting {
    /// How the token reaches the server.
    public enum TokenPlacement: Sendable {
        /// `Authorization: Bearer TOKEN` on the upgrade request.
        case authorizationHeader
        /// `?token=TOKEN` (API.md's form for clients that cannot set headers).
        case queryParameter
    }

    public let placement: TokenPlacement
    public let configuration: WebSocketConfiguration
    /// Which certificates a `wss://` server may present.
    public let trust: TLSClientConfiguration.Trust

    public init(placement: TokenPlacement = .authorizationHeader, configuration: WebSocketConfiguration = .init(),
                trust: TLSClientConfiguration.Trust = .system) {
        self.placement = placement
        self.configuration = configuration
        self.trust = trust
    }

    nonisolated(nonsending) public func connect(url: URL, token: String) async throws -> any WebSocketChannel {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false), let host = components.host else {
            throw WebSocketConnectError.failed("not a WebSocket URL: \(url)")
        }
        guard components.scheme == "ws" || components.scheme == "wss" else {
            throw WebSocketConnectError.failed("\(components.scheme ?? "?")://: only ws:// and wss:// are WebSocket URLs")
        }
        let tls = components.scheme == "wss" ? TLSClientConfiguration(serverName: host, trust: trust) : nil
        var target = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
        var query = components.percentEncodedQuery.map { [$0] } ?? []
        var headers: HTTPHeaders = [:]
        switch placement {
        case .authorizationHeader: headers.add("Authorization", "Bearer \(token)")
        case .queryParameter: query.append("token=" + PercentEncoding.encode(token))
        }
        if !query.isEmpty { target += "?" + query.joined(separator: "&") }
        let port = components.port ?? (tls == nil ? 80 : 443)
        let connection: WebSocketConnection
        do throws(WebSocketClientError) {
            connection = try await WebSocketClient.connect(host: host, port: port, target: target, headers: headers,
                                                           configuration: configuration, tls: tls)
        } catch .rejected(let response) where response.status.code == 401 {
            throw WebSocketConnectError.unauthorized
        } catch {
            throw WebSocketConnectError.failed(error.description)
        }
        return HTTPWireWebSocketChannel(connection: connection)
    }
}

/// A `WebSocketChannel` over an HTTPWire connection: `receive()` awaits what the connection's
/// event loop decodes (no thread per connection); a cancelled wait throws `CancellationError`.
final class HTTPWireWebSocketChannel: WebSocketChannel {
    private let connection: WebSocketConnection

    init(connection: WebSocketConnection) {
        self.connection = connection
    }

    nonisolated(nonsending) func receive() async throws -> WebSocketChannelEvent {
        switch await connection.receive() {
        case .message(.text(let text)): return .text(text)
        case .message(.binary(let bytes)): return .binary(bytes)
        case .closed(let info):
            // 1005/1006 are never on the wire: report them as "no close code".
            return .closed(code: info.code.flatMap { $0.isValidOnWire ? Int($0.rawValue) : nil }, reason: info.reason)
        case .cancelled: throw CancellationError()
        case .frame: preconditionFailure("a connection opened for messages delivered a frame")
        }
    }

    nonisolated(nonsending) func close(code: Int, reason: String) async {
        connection.close(code: WebSocketCloseCode(rawValue: UInt16(clamping: code)), reason: reason)
    }
}
