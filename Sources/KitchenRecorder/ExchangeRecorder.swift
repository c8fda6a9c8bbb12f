import Dispatch
import Foundation
import HTTPWire
import HarnessCore
import KitchenRecording
import Synchronization

/// Turns what crossed the proxy into journal records: one entry per HTTP
/// exchange, and an open/message/close series per WebSocket. Redaction and the
/// secret check happen in the journal writer, before a byte reaches the disk.
///
/// Connection threads hand each finished record to one journal worker and go on
/// serving; the worker builds, redacts, checks and appends whatever has queued up,
/// with one `write` per batch. Records keep the order they were handed over in.
/// `drain()` waits until everything handed over is on disk (the proxy drains before
/// it finalizes); a process killed outright loses only records still queued then.
final class ExchangeRecorder: Sendable {
    let journal: JournalWriter
    let clock: RecorderClock
    let upstreamAuthority: String
    /// Queued records beyond which a connection thread waits for the worker (memory bound).
    static let backlogLimit = 50_000
    /// A batch smaller than this makes the worker wait ``batchGatherTime`` before the next.
    static let batchTarget = 64
    static let batchGatherTime = 0.001

    private struct Queue {
        var pending: [@Sendable () -> JournalEvent] = []
        var working = false
        var stopped = false
        var drainWaiters: [DispatchSemaphore] = []
    }

    private let queue = SleepingMutex(Queue())
    private let wake = DispatchSemaphore(value: 0)
    private let refusals = Mutex<[RecordingError]>([])
    private let nextSocketID = Atomic<Int>(0)

    init(journal: JournalWriter, clock: RecorderClock, upstreamAuthority: String) {
        self.journal = journal
        self.clock = clock
        self.upstreamAuthority = upstreamAuthority
        let thread = Thread { [self] in work() }
        thread.name = "kitchen-recorder-journal"
        thread.start()
    }

    /// Records that failed closed (e.g. a body that could not be redacted): counted, never written.
    var refused: [RecordingError] { refusals.withLock { $0 } }

    /// One HTTP exchange as it crossed the upstream wire.
    func record(request: HTTPRequest, response: HTTPResponse, body: [UInt8], startedAt: Date, timings: HAR.Timings,
                failure: HAR.ExchangeError? = nil, resourceType: String = "fetch") {
        let authority = upstreamAuthority
        enqueue {
            var entry = HAR.Entry(startedAt: startedAt, request: Self.raw(request, authority: authority),
                                  response: Self.raw(response, body: body), timings: timings, resourceType: resourceType)
            entry.error = failure
            return .entry(entry)
        }
    }

    /// Starts a WebSocket conversation; returns its id for the messages and the close.
    func openWebSocket(request: HTTPRequest, response: HTTPResponse, startedAt: Date) -> String {
        let id = "ws-\(nextSocketID.wrappingAdd(1, ordering: .relaxed).newValue)"
        let authority = upstreamAuthority
        enqueue {
            .websocketOpen(id: id, entry: HAR.Entry(
                startedAt: startedAt, request: Self.raw(request, authority: authority), response: Self.raw(response, body: []),
                timings: HAR.Timings(), resourceType: "websocket"))
        }
        return id
    }

    /// One complete data message of conversation `id`.
    func message(_ id: String, sentByClient: Bool, opcode: WebSocketOpcode, payload: [UInt8]) {
        let time = clock.now()
        enqueue {
            .websocketMessage(id: id, message: HAR.WebSocketMessage(
                type: sentByClient ? .send : .receive, at: time, opcode: opcode == .binary ? .binary : .text, payload: payload))
        }
    }

    /// How conversation `id` ended.
    func close(_ id: String, code: Int?, reason: String, closedBy: HAR.WebSocketClose.Party) {
        enqueue { .websocketClose(id: id, close: HAR.WebSocketClose(code: code, reason: reason, closedBy: closedBy)) }
    }

    /// Waits until every record handed over so far is written.
    func drain() {
        let waiter = DispatchSemaphore(value: 0)
        let mustWait = queue.withLock { queue -> Bool in
            guard queue.working || !queue.pending.isEmpty else { return false }
            queue.drainWaiters.append(waiter)
            return true
        }
        if mustWait { waiter.wait() }
    }

    /// Drains, then ends the worker.
    func stop() {
        drain()
        queue.withLock { $0.stopped = true }
        wake.signal()
    }

    private func enqueue(_ make: @escaping @Sendable () -> JournalEvent) {
        let (wakeWorker, backlog) = queue.withLock { queue -> (Bool, Int) in
            queue.pending.append(make)
            defer { queue.working = true }
            return (!queue.working, queue.pending.count)
        }
        if wakeWorker { wake.signal() }
        if backlog > Self.backlogLimit { drain() }
    }

    private func work() {
        while true {
            wake.wait()
            while true {
                let (batch, waiters, stopped) = queue.withLock { queue -> ([@Sendable () -> JournalEvent], [DispatchSemaphore], Bool) in
                    guard !queue.pending.isEmpty else {
                        queue.working = false
                        defer { queue.drainWaiters = [] }
                        return ([], queue.drainWaiters, queue.stopped)
                    }
                    defer { queue.pending = [] }
                    return (queue.pending, [], queue.stopped)
                }
                for waiter in waiters { waiter.signal() }
                if batch.isEmpty {
                    if stopped { return }
                    break
                }
                append(batch.map { $0() })
                // Under load, let the next batch gather for a moment rather than being woken
                // for every record: one wake-up per millisecond at most instead of one per request.
                if batch.count < Self.batchTarget { Thread.sleep(forTimeInterval: Self.batchGatherTime) }
            }
        }
    }

    private func append(_ events: [JournalEvent]) {
        do throws(RecordingError) {
            for case .failure(let error) in try journal.append(contentsOf: events) {
                refusals.withLock { $0.append(error) }
            }
        } catch {
            refusals.withLock { $0.append(error) }
        }
    }

    private static func raw(_ request: HTTPRequest, authority: String) -> HAR.RawRequest {
        HAR.RawRequest(
            scheme: "http", authority: authority, method: Array(request.method.rawValue.utf8),
            target: Array(request.target.utf8), httpVersion: request.version.description,
            headers: request.headers.map { HAR.RawHeader($0.name, $0.value) }, body: request.body,
            headersSize: (try? HTTPEncoder.requestHead(request).count) ?? -1)
    }

    private static func raw(_ response: HTTPResponse, body: [UInt8]) -> HAR.RawResponse {
        HAR.RawResponse(
            status: response.status.code, reason: Array(response.status.reasonPhrase.utf8),
            httpVersion: response.version.description,
            headers: response.headers.map { HAR.RawHeader($0.name, $0.value) }, body: body,
            headersSize: (try? HTTPEncoder.responseHead(status: response.status, headers: response.headers).count) ?? -1)
    }
}

extension HAR.ExchangeError {
    /// The error for a failed upstream call, classified as refused, reset, timeout or protocol.
    init(_ error: HTTPClientError) {
        switch error {
        case .socket(let socket):
            switch socket.kind {
            case .connectionRefused, .unresolvable: self.init(kind: .refused, message: socket.description)
            case .timedOut: self.init(kind: .timeout, message: socket.description)
            default: self.init(kind: .reset, message: socket.description)
            }
        case .closedBeforeResponse, .parse(.truncated): self.init(kind: .reset, message: error.description)
        case .parse, .encode, .tls: self.init(kind: .protocol, message: error.description)
        }
    }
}
