import Foundation
import HarnessCore
import Synchronization

/// The live-update client: opens `GET /ws`, turns frames into
/// ``LiveEvent``s, and reconnects after a drop per its ``ReconnectPolicy``.
///
/// The connection itself comes from a ``WebSocketConnecting`` (the
/// production one is built on HTTPWire's client), waits happen on the
/// injected ``HarnessCore/SchedulingClock``, and jitter comes from the
/// injected generator, so a test can run the whole reconnect schedule at once.
///
/// ```swift
/// let live = WebSocketService(baseURL: URL(string: "http://127.0.0.1:8080")!, connector: connector)
/// for await event in live.events(token: session.token) { handle(event) }
/// ```
public final class WebSocketService: WebSocketProviding {
    /// The `ws://` or `wss://` URL of `/ws`, derived from the REST base URL.
    public let liveUpdatesURL: URL
    /// The backoff schedule.
    public let policy: ReconnectPolicy
    private let connector: any WebSocketConnecting
    private let clock: any SchedulingClock
    private let random: Mutex<any RandomNumberGenerator & Sendable>

    /// A client for the API whose REST base URL is `baseURL` (`http` becomes
    /// `ws`, `https` becomes `wss`; a path prefix is kept).
    public init(
        baseURL: URL,
        connector: any WebSocketConnecting,
        policy: ReconnectPolicy = .init(),
        clock: any SchedulingClock = SystemClock(),
        random: some RandomNumberGenerator & Sendable = SystemRandomNumberGenerator()
    ) {
        self.liveUpdatesURL = Self.liveUpdatesURL(for: baseURL)
        self.connector = connector
        self.policy = policy
        self.clock = clock
        self.random = Mutex(random)
    }

    /// Starts a connection loop for `token`. Cancelling the iterating task, or
    /// dropping the stream, stops it; the socket is then closed with 1000.
    ///
    /// The loop starts at once (`Task.immediate`) and runs in `isolation`, the
    /// caller's: see ``run(token:isolation:deliver:)``.
    public func events(token: String, isolation: isolated (any Actor)? = #isolation) -> AsyncStream<LiveEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: LiveEvent.self)
        let loop = Task.immediate { [self] in
            _ = isolation  // Isolates the loop to the caller's actor.
            await run(token: token, isolation: isolation) { continuation.yield($0) }
            continuation.finish()
        }
        continuation.onTermination = { _ in loop.cancel() }
        return stream
    }

    /// Runs the connection loop in the calling task: connects, reads until the
    /// connection ends, waits, and tries again, until the token is refused, attempts
    /// run out, or the task is cancelled (the socket is then closed with 1000).
    /// Each event goes to `deliver` as it happens, with no buffer in between.
    ///
    /// Everything runs in `isolation`, the caller's: connecting, reading and the
    /// backoff waits are `nonisolated(nonsending)` calls, so on the main actor every
    /// step is main-actor work that a virtual clock sees.
    ///
    /// (`isolation` is an `isolated` parameter, not `nonisolated(nonsending)`: the
    /// operation of `withTaskCancellationHandler` in the read loop must capture it to
    /// run without a hop to the global pool, on Swift 6.3.1.)
    public func run(token: String, isolation: isolated (any Actor)? = #isolation,
                    deliver: (LiveEvent) -> Void) async {
        var attempt = 0  // reconnect attempts since the last successful connection
        while !Task.isCancelled {
            let ending: ConnectionEnding
            do {
                let channel = try await connector.connect(url: liveUpdatesURL, token: token)
                deliver(.connected(attempt: attempt))
                attempt = 0
                ending = await read(channel, isolation: isolation, deliver: deliver)
            } catch WebSocketConnectError.unauthorized {
                ending = .unauthorized
            } catch {
                if Task.isCancelled { return }
                ending = .dropped(code: nil, reason: Self.describe(error))
            }
            switch ending {
            case .cancelled:
                return
            case .unauthorized:
                deliver(.unauthorized)
                return
            case .dropped(let code, let reason):
                deliver(.disconnected(code: code, reason: reason))
            }
            attempt += 1
            guard policy.allowsAttempt(attempt) else { return }
            let delay = random.withLock { generator in policy.delay(forAttempt: attempt, using: &generator) }
            deliver(.reconnecting(attempt: attempt, delay: delay))
            do {
                try await clock.sleep(for: delay)
            } catch {
                return
            }
        }
    }

    /// `/ws` on the same host and port as the REST API, in the WebSocket scheme
    /// (RFC 6455 §3: `ws` for `http`, `wss` for `https`).
    public static func liveUpdatesURL(for baseURL: URL) -> URL {
        var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: true) ?? URLComponents()
        components.scheme = components.scheme?.lowercased() == "https" ? "wss" : "ws"
        var path = components.percentEncodedPath
        while path.hasSuffix("/") { path.removeLast() }
        components.percentEncodedPath = path + APIOperation.openLiveUpdates.pathTemplate
        components.query = nil
        components.fragment = nil
        guard let url = components.url else { preconditionFailure("No WebSocket URL for \(baseURL)") }
        return url
    }

    // MARK: The connection loop

    /// Reads one connection to its end. The consumer cancelling closes the
    /// socket with 1000 (RFC 6455 §7.4.1, normal closure), even while a
    /// `receive()` is pending.
    private func read(_ channel: any WebSocketChannel, isolation: isolated (any Actor)?,
                      deliver: (LiveEvent) -> Void) async -> ConnectionEnding
    {
        let closer = ChannelCloser(channel)
        return await withTaskCancellationHandler {
            _ = isolation  // Capturing the isolated parameter itself (not a copy) isolates the closure to it.
            while true {
                let event: WebSocketChannelEvent
                do {
                    event = try await channel.receive()
                } catch {
                    if Task.isCancelled { break }
                    // The connection failed without a close handshake; release it before reconnecting.
                    await closer.close(code: 1001, reason: "reconnecting")
                    return .dropped(code: nil, reason: Self.describe(error))
                }
                if Task.isCancelled { break }
                switch event {
                case .text(let text):
                    deliver(Self.liveEvent(for: StateMessage.decode(text: text)))
                case .binary(let bytes):
                    deliver(.unreadable("Binary frame of \(bytes.count) bytes; the API sends only text frames."))
                case .closed(let code, let reason):
                    // API.md: 4001 means the token expired or was revoked.
                    if code == 4001 { return .unauthorized }
                    return .dropped(code: code, reason: reason)
                }
            }
            await closer.close(code: 1000, reason: "")
            return .cancelled
        } onCancel: {
            Task { await closer.close(code: 1000, reason: "") }
        }
    }

    static func liveEvent(for message: IncomingMessage) -> LiveEvent {
        switch message {
        case .state(let message):
            .message(message)
        case .unknown(let type, let deviceType):
            .unreadable("Unknown message: type \(type)" + (deviceType.map { ", deviceType \($0)" } ?? ""))
        case .malformed(let reason):
            .unreadable("Malformed message: \(reason)")
        }
    }

    private static func describe(_ error: any Error) -> String {
        switch error {
        case WebSocketConnectError.failed(let reason): reason
        default: String(describing: error)
        }
    }
}

/// How one connection ended.
private enum ConnectionEnding {
    case dropped(code: Int?, reason: String)
    case unauthorized
    case cancelled
}

/// Sends a channel's close once, whether the loop or the cancellation handler gets there first.
private final class ChannelCloser: Sendable {
    private let channel: any WebSocketChannel
    private let isClosed = Mutex(false)

    init(_ channel: any WebSocketChannel) {
        self.channel = channel
    }

    nonisolated(nonsending) func close(code: Int, reason: String) async {
        let alreadyClosed = isClosed.withLock { closed in
            defer { closed = true }
            return closed
        }
        guard !alreadyClosed else { return }
        await channel.close(code: code, reason: reason)
    }
}
