import Foundation
import HTTPWire
import HarnessCore
import Synchronization

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
        let configuration = self.configuration
        let finalTarget = target
        let headerFields = headers
        // Events go straight from the connection's event loop into the channel's queue.
        let events = ChannelEventQueue()
        // The handshake blocks; run it on its own thread and resume when it is done.
        let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<WebSocketConnection, WebSocketClientError>, Never>) in
            let thread = Thread {
                continuation.resume(returning: Result { () throws(WebSocketClientError) -> WebSocketConnection in
                    try WebSocketClient.connect(host: host, port: port, target: finalTarget, headers: headerFields,
                                                configuration: configuration, tls: tls, handler: ChannelFeed(queue: events))
                })
            }
            thread.name = "websocket-connect"
            thread.start()
        }
        switch result {
        case .success(let connection):
            return HTTPWireWebSocketChannel(connection: connection, events: events)
        case .failure(.rejected(let response)) where response.status.code == 401:
            throw WebSocketConnectError.unauthorized
        case .failure(let error):
            throw WebSocketConnectError.failed(error.description)
        }
    }
}

/// A `WebSocketChannel` over an HTTPWire connection: the connection's event loop pushes each
/// message and the close into a queue that `receive()` awaits (no thread per connection).
final class HTTPWireWebSocketChannel: WebSocketChannel {
    private let connection: WebSocketConnection
    private let queue: ChannelEventQueue

    init(connection: WebSocketConnection, events: ChannelEventQueue) {
        self.connection = connection
        queue = events
    }

    nonisolated(nonsending) func receive() async throws -> WebSocketChannelEvent { try await queue.next() }

    nonisolated(nonsending) func close(code: Int, reason: String) async {
        connection.close(code: WebSocketCloseCode(rawValue: UInt16(clamping: code)), reason: reason)
    }
}

/// Hands what a client connection's event loop reads to the channel's queue.
private struct ChannelFeed: WebSocketLoopHandler {
    let queue: ChannelEventQueue

    func received(_ message: WebSocketMessage, on connection: WebSocketConnection) {
        switch message {
        case .text(let text): queue.push(.text(text))
        case .binary(let bytes): queue.push(.binary(bytes))
        }
    }

    func ended(_ info: WebSocketCloseInfo, on connection: WebSocketConnection) {
        // 1005/1006 are never on the wire: report them as "no close code".
        let code = info.code.flatMap { $0.isValidOnWire ? Int($0.rawValue) : nil }
        queue.push(.closed(code: code, reason: info.reason))
    }
}

/// A single-consumer queue of channel events; the last event (`.closed`) repeats forever.
final class ChannelEventQueue: Sendable {
    private struct State {
        var events: [WebSocketChannelEvent] = []
        var waiter: CheckedContinuation<WebSocketChannelEvent, any Error>?
        var final: WebSocketChannelEvent?
    }

    private let state = Mutex(State())

    func push(_ event: WebSocketChannelEvent) {
        let waiter = state.withLock { state -> CheckedContinuation<WebSocketChannelEvent, any Error>? in
            if case .closed = event { state.final = event }
            guard let waiter = state.waiter else {
                state.events.append(event)
                return nil
            }
            state.waiter = nil
            return waiter
        }
        waiter?.resume(returning: event)
    }

    nonisolated(nonsending) func next() async throws -> WebSocketChannelEvent {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let ready = state.withLock { state -> Result<WebSocketChannelEvent, any Error>? in
                    if Task.isCancelled { return .failure(CancellationError()) }
                    if !state.events.isEmpty { return .success(state.events.removeFirst()) }
                    if let final = state.final { return .success(final) }
                    state.waiter = continuation
                    return nil
                }
                if let ready { continuation.resume(with: ready) }
            }
        } onCancel: {
            let waiter = state.withLock { state -> CheckedContinuation<WebSocketChannelEvent, any Error>? in
                defer { state.waiter = nil }
                return state.waiter
            }
            waiter?.resume(throwing: CancellationError())
        }
    }
}
