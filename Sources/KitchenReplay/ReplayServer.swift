import Dispatch
import Foundation
import HTTPWire
import HarnessCore
import KitchenRecording

/// Serves a recording over real sockets (`kitchen replay`): HTTP answers from the
/// recording, WebSocket conversations on their recorded timeline (scaled by `speed`),
/// an unmatched request answered 599 with the nearest recorded request and the differences.
///
/// ```swift
/// let engine = ReplayEngine(document: try HARFile.load(from: url), volatile: VolatileFields(["**.sentAt"]))
/// let server = ReplayServer(engine: engine, port: 0, speed: .max)
/// try server.start()
/// … point the app at server.baseURL …
/// let report = server.stop()   // unused entries, mismatches
/// ```
public final class ReplayServer: Sendable {
    public let engine: ReplayEngine
    public let speed: ReplaySpeed
    private let server: HTTPServer

    /// A server answering from `engine` on `host:port` (0 for any free port); `observer` hears of
    /// every request and WebSocket conversation as it is answered (default: nobody).
    public init(engine: ReplayEngine, host: String = "127.0.0.1", port: Int = 8080, speed: ReplaySpeed = .scaled(1),
                observer: @escaping @Sendable (ReplayEvent) -> Void = { _ in }) {
        self.engine = engine
        self.speed = speed
        let responder = ReplayResponder(engine: engine, speed: speed, observer: observer)
        server = HTTPServer(configuration: HTTPServerConfiguration(host: host, port: port, limits: HTTPLimits(maxBodyBytes: 64 << 20)),
                            responder: responder)
    }

    public func start() throws(SocketError) { try server.start() }

    /// `http://host:port`, once started.
    public var baseURL: URL? { server.address.flatMap { URL(string: "http://\(server.configuration.host):\($0.port)") } }

    /// Stops serving and reports what the recording had that was never asked for, and what was
    /// asked for that it did not have.
    @discardableResult
    public func stop() -> ReplayReport {
        server.stop()
        return report
    }

    /// The report so far.
    public var report: ReplayReport {
        ReplayReport(unused: engine.unusedEntries.map { "entry \($0.index): \($0.request)" },
                     mismatches: engine.mismatches.map(\.description) + engine.webSocketMismatches)
    }
}

/// What a replay left over.
public struct ReplayReport: Sendable, CustomStringConvertible {
    public let unused: [String]
    public let mismatches: [String]

    public var isClean: Bool { unused.isEmpty && mismatches.isEmpty }

    public var description: String {
        var lines: [String] = []
        lines.append(unused.isEmpty ? "Every recorded entry was used." : "Never used (\(unused.count)):")
        lines += unused.map { "  \($0)" }
        if !mismatches.isEmpty {
            lines.append("Unmatched (\(mismatches.count)):")
            lines += mismatches.map { "  " + $0.replacingOccurrences(of: "\n", with: "\n  ") }
        }
        return lines.joined(separator: "\n")
    }
}

/// Answers each request from the engine.
struct ReplayResponder: HTTPResponder {
    let engine: ReplayEngine
    let speed: ReplaySpeed
    let observer: @Sendable (ReplayEvent) -> Void

    func respond(to request: HTTPRequest, context: HTTPRequestContext) -> HTTPReply {
        let replay = ReplayRequest(request, volatile: engine.volatile)
        switch engine.answer(replay, webSocket: request.isWebSocketUpgrade) {
        case .unmatched(let mismatch):
            observer(.unmatched(mismatch, webSocket: request.isWebSocketUpgrade))
            return .response(ReplayedResponse(mismatch: mismatch).httpResponse)
        case .answer(let recorded) where recorded.entry.isWebSocket && recorded.entry.response.status == 101:
            observer(.webSocketOpened(request: replay, entry: recorded.index))
            return .webSocketOnLoop(handler: ConversationPlayer(
                conversation: ReplayConversation(recorded.entry), speed: speed, engine: engine) { ended in
                    observer(.webSocketClosed(entry: recorded.index, sentToClient: ended.sent, receivedFromClient: ended.received,
                                              code: ended.close?.code.map { Int($0.rawValue) },
                                              closedByClient: ended.close?.initiator == .peer))
                })
        case .answer(let recorded):
            observer(.answered(request: replay, entry: recorded.index, status: recorded.entry.response.status))
            return .response(ReplayedResponse(
                recorded: recorded.entry.response, recordedMethod: recorded.request.method, method: replay.method,
                acceptEncoding: request.headers.values(for: "Accept-Encoding")).httpResponse)
        }
    }
}

/// Plays one recorded conversation on a live socket, on its event loop: the server's messages
/// at their (scaled) offsets, each on a loop timer; the client's messages checked against the
/// recording as they arrive; the recorded close. The client leaving ends the timeline early.
final class ConversationPlayer: WebSocketLoopHandler, @unchecked Sendable {
    // Unchecked: every property is touched on the connection's event loop only (the handler's
    // calls and its timers all come there).
    private let engine: ReplayEngine
    private var timeline: ConversationTimeline
    private var expected: IndexingIterator<[HAR.WebSocketMessage]>
    private let finished: @Sendable (Ending) -> Void
    private var ending = Ending()
    private var start = Duration.zero
    private var timer: UInt64?
    private var over = false

    /// How a played conversation went: messages sent and received, and its close.
    struct Ending: Sendable {
        var sent = 0
        var received = 0
        var close: WebSocketCloseInfo?
    }

    /// A player for `conversation`; `finished` hears how it went, once it has ended.
    init(conversation: ReplayConversation, speed: ReplaySpeed, engine: ReplayEngine,
         finished: @escaping @Sendable (Ending) -> Void) {
        self.engine = engine
        timeline = ConversationTimeline(conversation, speed: speed)
        expected = conversation.fromClient.makeIterator()
        self.finished = finished
    }

    func opened(_ connection: WebSocketConnection) {
        start = connection.eventLoop.now
        playNext(on: connection)
    }

    func received(_ message: WebSocketMessage, on connection: WebSocketConnection) {
        ending.received += 1
        let got: [UInt8] = switch message {
        case .text(let text): Array(text.utf8)
        case .binary(let bytes): bytes
        }
        let want = expected.next()
        if want.map({ (try? $0.payload) ?? [] }) != got {
            engine.noteWebSocketMismatch("WebSocket: the client sent \(String(decoding: got, as: UTF8.self)); "
                                         + "the recording expected " + (want.map { $0.data } ?? "nothing"))
        }
    }

    func ended(_ info: WebSocketCloseInfo, on connection: WebSocketConnection) {
        over = true
        if let timer { connection.eventLoop.cancelTimer(timer) }
        timer = nil
        ending.close = info
        finished(ending)
    }

    /// Performs the steps that are due, then waits on a timer for the next.
    private func playNext(on connection: WebSocketConnection) {
        let loop = connection.eventLoop
        while !over, let (due, step) = timeline.next() {
            guard loop.now >= start + due else {
                timer = loop.scheduleTimer(at: start + due) { [self] in
                    timer = nil
                    perform(step, on: connection)
                    playNext(on: connection)
                }
                return
            }
            perform(step, on: connection)
        }
    }

    private func perform(_ step: ConversationTimeline.Step, on connection: WebSocketConnection) {
        guard !over else { return }
        switch step {
        case .message(let message):
            let sent: Void? = switch message {
            case .text(let text): try? connection.send(.text(text))
            case .binary(let bytes): try? connection.send(.binary(bytes))
            }
            if sent != nil { ending.sent += 1 }
        case .close(let close):
            // RFC 6455 §7.4: never a code the wire forbids, whatever the recording holds.
            switch ReplayClose(close) {
            case .frame(let code, let reason): connection.close(code: WebSocketCloseCode(rawValue: code), reason: reason)
            case .frameWithoutCode: connection.close(code: nil)
            case .drop: connection.dropWithoutClosing()
            }
        case .awaitClientClose:
            break
        }
    }
}
