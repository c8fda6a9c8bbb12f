import Dispatch
import Synchronization

/// A pushed body's sink on a thread that answers with blocking writes: each piece is written
/// as it is pushed (so there is always room), and the answering thread waits for the end.
final class BlockingBodySink: ResponseBodySink, @unchecked Sendable {
    // Unchecked: `socket` is thread-safe for one writer; the state is behind its lock.
    /// A handler kept for later. Unchecked: it runs once, on the thread that found the failure,
    /// and is never touched elsewhere meanwhile.
    private struct Handler: @unchecked Sendable {
        let run: () -> Void
    }

    private struct State {
        var failure: SocketError?
        var closedHandlers: [Handler] = []
    }

    private let socket: Socket
    private let state = Mutex(State())
    private let finished = DispatchSemaphore(value: 0)

    init(socket: Socket) { self.socket = socket }

    func push(_ bytes: [UInt8]) {
        guard state.withLock({ $0.failure == nil }) else { return }
        do throws(SocketError) { try socket.write(bytes) } catch { fail(error) }
    }

    func finish() { finished.signal() }

    func abort() { fail(SocketError(kind: .closed, operation: "response body cut short")) }

    var queuedBytes: Int { 0 }

    var isClosed: Bool { state.withLock { $0.failure != nil } }

    func whenRoom(_ body: @escaping () -> Void) { body() }

    func whenClosed(_ body: @escaping () -> Void) {
        let closed = state.withLock { state -> Bool in
            guard state.failure == nil else { return true }
            state.closedHandlers.append(Handler(run: body))
            return false
        }
        if closed { body() }
    }

    /// Waits until the body ended; throws when it was cut short or could not be written.
    func waitUntilFinished() throws(SocketError) {
        finished.wait()
        if let failure = state.withLock({ $0.failure }) { throw failure }
    }

    private func fail(_ error: SocketError) {
        let handlers = state.withLock { state -> [Handler] in
            guard state.failure == nil else { return [] }
            state.failure = error
            defer { state.closedHandlers = [] }
            return state.closedHandlers
        }
        for handler in handlers { handler.run() }
        finished.signal()
    }
}
