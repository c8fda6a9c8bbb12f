import Dispatch
import Foundation
import HTTPWire
import KitchenRecording
import Synchronization

/// Relays one WebSocket conversation frame by frame in both directions,
/// control frames and fragmentation included, and records each complete data
/// message and how the conversation closed.
///
/// A side that ends without a close frame gets the other side closed for it:
/// the client hears 1011 when the upstream drops (RFC 6455 §7.4.1, "unexpected
/// condition"), the upstream hears 1001 when the client goes away.
final class WebSocketRelay: Sendable {
    let client: WebSocketConnection
    let upstream: WebSocketConnection
    let recorder: ExchangeRecorder
    let id: String
    private let closeRecorded = Atomic<Bool>(false)
    /// Where each journaled server message ends in the client's outbound byte stream (a lower
    /// bound until its last frame was accepted), oldest first; delivered ones are pruned.
    private let serverMessageEnds = Mutex<[Int]>([])

    init(client: WebSocketConnection, upstream: WebSocketConnection, recorder: ExchangeRecorder, id: String) {
        self.client = client
        self.upstream = upstream
        self.recorder = recorder
        self.id = id
    }

    /// Relays until both directions have ended. Runs on the client connection's thread.
    func run() {
        let upstreamDone = DispatchSemaphore(value: 0)
        let thread = Thread { [self] in
            pump(from: upstream, to: client, fromClient: false)
            upstreamDone.signal()
        }
        thread.name = "websocket-relay-\(id)"
        thread.start()
        pump(from: client, to: upstream, fromClient: true)
        upstreamDone.wait()
    }

    private func pump(from source: WebSocketConnection, to destination: WebSocketConnection, fromClient: Bool) {
        var message: (opcode: WebSocketOpcode, payload: [UInt8])?
        while true {
            switch source.receiveFrame() {
            case .frame(let frame):
                switch frame.opcode {
                case .text, .binary:
                    message = (frame.opcode, frame.payload)
                case .continuation:
                    message?.payload.append(contentsOf: frame.payload)
                case .close:
                    let payload = Self.closeCode(frame.payload)
                    recordClose(code: payload.code, reason: payload.reason, closedBy: fromClient ? .client : .server)
                case .ping, .pong:
                    break
                }
                var journaled = false
                if frame.fin, !frame.opcode.isControl, let complete = message {
                    message = nil
                    // Write-ahead: the message's last frame goes on only once the message is journaled.
                    if case .failed = recorder.message(id, sentByClient: fromClient, opcode: complete.opcode, payload: complete.payload) {
                        abortForFailedRecording()
                        return
                    }
                    journaled = !fromClient
                }
                if journaled { noteServerMessage(endingAfter: destination.outboundProgress.accepted + 1) }
                do throws(WebSocketConnectionError) {
                    try destination.send(frame: frame)
                    if journaled { noteLastServerMessageEnds(at: destination.outboundProgress.accepted) }
                } catch {
                    if Self.isSlowReaderDrop(error), !fromClient {
                        recordSlowClientDrop()
                        source.close(code: .goingAway, reason: "client too slow")
                        return
                    }
                }
            case .ended(let info):
                guard !info.wasClean else { return }
                // This side is gone without a (complete) close handshake: end the other side for it.
                // Recorded first: once the other side hears of it, its own close could race ours.
                if fromClient, let failure = client.sendFailure, Self.isSlowReaderDrop(failure) {
                    // The other direction dropped this client for not reading; say that, whoever notices first.
                    recordSlowClientDrop()
                    destination.close(code: .goingAway, reason: "client too slow")
                } else if fromClient {
                    let code = info.initiator == .local ? info.code ?? .goingAway : .goingAway
                    recordClose(code: Int(code.rawValue), reason: info.reason, closedBy: info.initiator == .local ? .proxy : .client)
                    destination.close(code: code, reason: "client went away")
                } else {
                    recordClose(code: Int(WebSocketCloseCode.internalError.rawValue),
                                reason: "upstream closed without a close frame", closedBy: .proxy)
                    destination.close(code: .internalError, reason: "upstream closed without a close frame")
                }
                return
            }
        }
    }

    /// Closes both sides with 1011 after the journal failed: nothing more is relayed unrecorded.
    func abortForFailedRecording() {
        let reason = "recording failed"
        recordClose(code: Int(WebSocketCloseCode.internalError.rawValue), reason: reason, closedBy: .proxy)
        client.close(code: .internalError, reason: reason)
        upstream.close(code: .internalError, reason: reason)
    }

    /// The first close seen is the one recorded.
    private func recordClose(code: Int?, reason: String, closedBy: HAR.WebSocketClose.Party, undelivered: Int? = nil) {
        guard !closeRecorded.exchange(true, ordering: .acquiringAndReleasing) else { return }
        recorder.close(id, code: code, reason: reason, closedBy: closedBy, undeliveredMessages: undelivered)
    }

    /// Whether sending stopped because the peer stopped reading: its backlog outgrew the queue,
    /// or a write to it blocked past the write timeout.
    static func isSlowReaderDrop(_ failure: WebSocketConnectionError) -> Bool {
        switch failure {
        case .peerTooSlow: true
        case .socket(let error): error.kind == .timedOut
        default: false
        }
    }

    /// The proxy dropped a client that stopped reading: recorded as the proxy's close, with the
    /// server messages that were journaled but never handed to the client's connection.
    private func recordSlowClientDrop() {
        let progress = client.outboundProgress
        let undelivered = serverMessageEnds.withLock { ends in ends.filter { $0 > progress.handedToKernel }.count }
        recordClose(code: Int(WebSocketCloseCode.policyViolation.rawValue),
                    reason: "the client stopped reading (\(progress.accepted - progress.handedToKernel) bytes queued); "
                        + "the proxy closed the connection",
                    closedBy: .proxy, undelivered: undelivered > 0 ? undelivered : nil)
    }

    /// A journaled server message whose last frame is about to be sent: it ends at least at `lowerBound`.
    private func noteServerMessage(endingAfter lowerBound: Int) {
        let handed = client.outboundProgress.handedToKernel
        serverMessageEnds.withLock { ends in
            // Messages wholly handed to the kernel are delivered as far as the proxy can tell.
            if let firstPending = ends.firstIndex(where: { $0 > handed }) { ends.removeFirst(firstPending) } else { ends.removeAll() }
            ends.append(lowerBound)
        }
    }

    /// The last noted message's last frame was accepted: it ends at `end`.
    private func noteLastServerMessageEnds(at end: Int) {
        serverMessageEnds.withLock { ends in
            guard !ends.isEmpty else { return }
            ends[ends.count - 1] = end
        }
    }

    private static func closeCode(_ payload: [UInt8]) -> (code: Int?, reason: String) {
        guard payload.count >= 2 else { return (nil, "") }
        return (Int(payload[0]) << 8 | Int(payload[1]), String(decoding: payload[2...], as: UTF8.self))
    }
}
