import Dispatch
import Synchronization

/// Serialises writes to one socket from any thread without letting a slow
/// reader block the writer: bytes go straight out while the socket accepts
/// them, and otherwise queue for a background writer. A peer whose backlog
/// passes `maxQueuedBytes` is dropped. Over TLS, ciphertext the socket holds
/// back (`hasUnsentBytes`) also wakes the writer, and `flush` waits for it.
final class OutboundQueue: Sendable {
    private struct State {
        var pending: [UInt8] = []
        var writerActive = false
        var failure: WebSocketConnectionError?
        /// Threads blocked in `flush`, woken when the writer goes idle.
        var flushWaiters = 0
        /// Bytes `send` accepted, and bytes the socket took whole, since the connection opened.
        var progress = OutboundProgress()
    }

    private let socket: Socket
    private let maxQueuedBytes: Int
    private let state = Mutex(State())
    private let drained = DispatchSemaphore(value: 0)

    init(socket: Socket, maxQueuedBytes: Int) {
        self.socket = socket
        self.maxQueuedBytes = maxQueuedBytes
    }

    /// Queues `bytes` after everything sent before; returns without waiting for the peer.
    func send(_ bytes: [UInt8]) throws(WebSocketConnectionError) {
        let startWriter = try state.withLock { (state) throws(WebSocketConnectionError) -> Bool in
            if let failure = state.failure { throw failure }
            if state.writerActive {
                guard state.pending.count + bytes.count <= maxQueuedBytes else {
                    let failure = WebSocketConnectionError.peerTooSlow(queuedBytes: state.pending.count + bytes.count)
                    state.failure = failure
                    socket.shutdown()
                    throw failure
                }
                state.pending.append(contentsOf: bytes)
                state.progress.accepted += bytes.count
                return false
            }
            let written: Int
            do throws(SocketError) {
                written = try socket.writeWithoutBlocking(bytes)
            } catch {
                let failure = WebSocketConnectionError.socket(error)
                state.failure = failure
                throw failure
            }
            state.progress.accepted += bytes.count
            state.progress.handedToKernel += written
            // Over TLS the socket may have taken the bytes but not yet sent all their ciphertext;
            // the writer's next (possibly empty) write sends it.
            guard written < bytes.count || socket.hasUnsentBytes else { return false }
            state.pending = Array(bytes[written...])
            state.writerActive = true
            return true
        }
        if startWriter { startThread(name: "websocket-writer") { [self] in drain() } }
    }

    /// Waits until everything queued has been handed to the kernel, or `timeout` passes.
    func flush(timeout: Duration) {
        let mustWait = state.withLock { state in
            guard state.writerActive else { return false }
            state.flushWaiters += 1
            return true
        }
        guard mustWait else { return }
        if drained.wait(timeout: .now() + .milliseconds(timeout.milliseconds)) == .timedOut {
            state.withLock { $0.flushWaiters -= 1 }
        }
    }

    /// How far sending has come.
    var progress: OutboundProgress { state.withLock { $0.progress } }

    /// Why sending stopped, if it has (`.peerTooSlow` for a peer that stopped reading).
    var failure: WebSocketConnectionError? { state.withLock { $0.failure } }

    /// Stops accepting bytes; later sends throw `.closed`.
    func close() {
        state.withLock { if $0.failure == nil { $0.failure = .closed } }
    }

    private func drain() {
        var waitersToWake = 0
        while true {
            let chunk: [UInt8]? = state.withLock { state in
                guard !state.pending.isEmpty || socket.hasUnsentBytes,
                      state.failure == nil || state.failure == .closed else {
                    state.writerActive = false
                    waitersToWake = state.flushWaiters
                    state.flushWaiters = 0
                    return nil
                }
                defer { state.pending = [] }
                return state.pending
            }
            guard let chunk else { break }
            do throws(SocketError) {
                try socket.write(chunk)
                state.withLock { $0.progress.handedToKernel += chunk.count }
            } catch {
                state.withLock {
                    // The first reason stands: a peer dropped for being too slow makes this write fail too.
                    if $0.failure == nil || $0.failure == .closed { $0.failure = .socket(error) }
                    $0.writerActive = false
                    waitersToWake = $0.flushWaiters
                    $0.flushWaiters = 0
                }
                socket.shutdown()
                break
            }
        }
        for _ in 0..<waitersToWake { drained.signal() }
    }
}

/// How far a connection's sending has come, in bytes since it opened: what `send` accepted,
/// and how much of that the socket has taken (handed to the kernel). The difference was
/// still queued in the process.
public struct OutboundProgress: Sendable, Hashable {
    /// Bytes accepted by sends.
    public var accepted = 0
    /// Bytes written to the socket.
    public var handedToKernel = 0
}

/// Why a WebSocket send or receive failed.
public enum WebSocketConnectionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The connection is closing or closed.
    case closed
    /// The peer read so slowly that more than this many bytes piled up; it was dropped.
    case peerTooSlow(queuedBytes: Int)
    case socket(SocketError)

    public var description: String {
        switch self {
        case .closed: "the WebSocket connection is closed"
        case .peerTooSlow(let bytes): "the peer fell \(bytes) bytes behind and was dropped"
        case .socket(let error): "socket error: \(error)"
        }
    }
}
