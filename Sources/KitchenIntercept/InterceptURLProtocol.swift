import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import KitchenReplay
import Synchronization

/// Serves an intercepted request from the scope it is attributed to. The scope is named when the
/// protocol object is made, by what the request carries or the session it was sent on, in the
/// order ``InterceptIsolation`` gives: the session's own interceptor class, the request's
/// marker header, on FoundationNetworking the resuming task's task-local (`URLSession.shared`
/// under ``InterceptIsolation/task`` only), the process lock's holder. Only `http` and `https`
/// are claimed: `URLSessionWebSocketTask` does not go through `URLProtocol` (on
/// FoundationNetworking its frames are sent only through the built-in WebSocket protocol), so
/// WebSockets keep the in-process connector.
class InterceptURLProtocol: URLProtocol {
    // Not Sendable (URLProtocol is not): URLSession makes one object per task and calls
    // `startLoading`/`stopLoading` on the task's serial queue. `resolution` is immutable; the
    // forwarding state, set and cancelled from different threads, is behind a Mutex.
    private let resolution: Resolution
    /// The request forwarded to the recorder, and whether the app stopped waiting for it.
    private let forwarding = Mutex<(task: URLSessionDataTask?, stopped: Bool)>((nil, false))

    enum Resolution {
        case scope(InterceptScope)
        case failed(InterceptError)
    }

    /// The scope slot this class stands for: none here; each scope's own class
    /// (``ScopedSessionInterceptor``) names its slot.
    class var scopeSlot: Int? { nil }

    override class func canInit(with request: URLRequest) -> Bool { isHTTP(request) }

    override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    static func isHTTP(_ request: URLRequest) -> Bool {
        guard let scheme = request.url?.scheme?.lowercased() else { return false }
        return scheme == "http" || scheme == "https"
    }

    // FoundationNetworking declares this initializer `required`; Apple's Foundation declares it
    // an ordinary designated initializer, which a subclass overrides.
    #if canImport(FoundationNetworking)
    required init(request: URLRequest, cachedResponse: CachedURLResponse?, client: (any URLProtocolClient)?) {
        resolution = Self.resolve(request, slot: Self.scopeSlot)
        super.init(request: request, cachedResponse: nil, client: client)
    }
    #else
    override init(request: URLRequest, cachedResponse: CachedURLResponse?, client: (any URLProtocolClient)?) {
        resolution = Self.resolve(request, slot: Self.scopeSlot)
        super.init(request: request, cachedResponse: nil, client: client)
    }
    #endif

    /// The session's interceptor slot, then the request's marker header, then (FoundationNetworking
    /// only) the task-local, then the process lock's holder.
    static func resolve(_ request: URLRequest, slot: Int?, registry: InterceptRegistry = .shared) -> Resolution {
        // A slot or a marker names one scope; once it has ended, the request fails.
        let marker = request.value(forHTTPHeaderField: InterceptScope.markerHeader)
        if let named = slot.map({ registry.scope(slot: $0) }) ?? marker.map({ registry.scope(marker: $0) }) {
            return named.map { .scope($0) } ?? .failed(.scopeEnded(request.summary))
        }
        #if canImport(FoundationNetworking)
        // On Swift 6.3.1, Linux, FoundationNetworking asks `canInit` and makes the protocol
        // object inside `resume()`, on the resuming thread, when the session has no URL cache. Apple
        // makes them on the session's own queue, where the test's task-local cannot be read.
        if let scope = InterceptScope.current, registry.scope(marker: scope.id) != nil { return .scope(scope) }
        #endif
        if let scope = registry.processScope { return .scope(scope) }
        return .failed(.unattributed(request.summary))
    }

    override func startLoading() {
        let scope: InterceptScope
        switch resolution {
        case .failed(let error):
            client?.urlProtocol(self, didFailWithError: error.urlError)
            return
        case .scope(let resolved):
            scope = resolved
        }
        var unmarked = self.request
        unmarked.setValue(nil, forHTTPHeaderField: InterceptScope.markerHeader)
        let request = unmarked
        let body = request.bodyBytes()
        switch scope.backend {
        case .replay(let engine):
            guard let replay = ReplayRequest(request, body: body, volatile: engine.volatile) else {
                client?.urlProtocol(self, didFailWithError: URLError(.badURL))
                return
            }
            let served = ReplayedResponse(engine.answer(replay), method: replay.method)
            deliver(request.url.flatMap(served.urlResponse(for:)), body: served.body)
        case .record(let recording):
            // Unchecked: the closures run after `startLoading` returned, once each; they read
            // `request` (fixed at init), tell the client — as any protocol that loads asynchronously
            // does — and touch the forwarding state only under its Mutex.
            nonisolated(unsafe) let this = self
            DispatchQueue.global().async {
                let task = recording.forwardingTask(request, body: body) { result in
                    switch result {
                    case .success(let (response, body)): this.deliver(response, body: body)
                    case .failure(let error): this.client?.urlProtocol(this, didFailWithError: error.urlError)
                    }
                }
                guard let task else {
                    this.client?.urlProtocol(this, didFailWithError: URLError(.badURL))
                    return
                }
                let stopped = this.forwarding.withLock { state -> Bool in
                    if !state.stopped { state.task = task }
                    return state.stopped
                }
                if !stopped { task.resume() }
            }
        }
    }

    override func stopLoading() {
        let task = forwarding.withLock { state -> URLSessionDataTask? in
            state.stopped = true
            defer { state.task = nil }
            return state.task
        }
        task?.cancel()
    }

    /// Hands the app `response` and `body`; no response (a status Foundation cannot represent) fails the request.
    private func deliver(_ response: HTTPURLResponse?, body: [UInt8]) {
        guard let response else {
            client?.urlProtocol(self, didFailWithError: URLError(.badServerResponse))
            return
        }
        client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
        if !body.isEmpty { client?.urlProtocol(self, didLoad: Data(body)) }
        client?.urlProtocolDidFinishLoading(self)
    }
}

/// Registered with `URLProtocol.registerClass` while any scope runs, and put first in
/// `URLSession.shared`'s classes on FoundationNetworking. Claims only what a scope can be named
/// for — a marker header, the task-local (FoundationNetworking only, where it is asked on the
/// thread that resumes the task), the process lock's holder — and declines the rest, which goes
/// to the network as if nothing were intercepted.
final class SharedSessionInterceptor: InterceptURLProtocol {
    override class func canInit(with request: URLRequest) -> Bool {
        let registry = InterceptRegistry.shared
        guard isHTTP(request), registry.isActive else { return false }
        if case .scope = resolve(request, slot: nil, registry: registry) { return true }
        return false
    }
}

/// The base of the classes installed in marked configurations (each scope's own
/// ``ScopedSessionInterceptor``): claims every HTTP request of such a session, so a session
/// outliving its test fails instead of reaching the network.
class MarkedSessionInterceptor: InterceptURLProtocol {}
