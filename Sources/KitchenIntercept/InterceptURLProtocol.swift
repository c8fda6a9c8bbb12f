import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import KitchenReplay
import Synchronization

/// Serves an intercepted request from the scope it is attributed to. The scope is named when the
/// protocol object is made: from the session's marker, else from the task-local of the thread
/// that resumed the task (FoundationNetworking makes the object there, inside `resume()`, when
/// the session has no URL cache — measured on Swift 6.3.1, Linux), else from the holder of the
/// process lock; a request of a marked session none of these names fails. Only `http` and `https` are claimed: `URLSessionWebSocketTask` does not go
/// through `URLProtocol` (on FoundationNetworking its frames are sent only through the built-in
/// WebSocket protocol), so WebSockets keep the in-process connector.
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

    override class func canInit(with request: URLRequest) -> Bool { isHTTP(request) }

    override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    static func isHTTP(_ request: URLRequest) -> Bool {
        guard let scheme = request.url?.scheme?.lowercased() else { return false }
        return scheme == "http" || scheme == "https"
    }

    required init(request: URLRequest, cachedResponse: CachedURLResponse?, client: (any URLProtocolClient)?) {
        resolution = Self.resolve(request, marker: ScopeMarkerCache.scopeID(in: cachedResponse))
        // The marker is not a cached answer: nothing is handed on as one.
        super.init(request: request, cachedResponse: nil, client: client)
    }

    /// Marker (the cache's, else the header), then task-local, then the process lock's holder.
    static func resolve(_ request: URLRequest, marker cacheMarker: String?,
                        registry: InterceptRegistry = .shared) -> Resolution {
        if let marker = cacheMarker ?? request.value(forHTTPHeaderField: InterceptScope.markerHeader) {
            guard let scope = registry.scope(marker: marker) else { return .failed(.scopeEnded(request.summary)) }
            return .scope(scope)
        }
        if let scope = InterceptScope.current, registry.scope(marker: scope.id) != nil { return .scope(scope) }
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
            switch engine.answer(replay) {
            case .answer(let recorded): deliver(InterceptedResponse(recorded: recorded, method: replay.method))
            case .unmatched(let mismatch): deliver(InterceptedResponse(mismatch: mismatch))
            }
        case .record(let recording):
            // Unchecked: the closures run after `startLoading` returned, once each; they read
            // `request` (fixed at init), tell the client — as any protocol that loads asynchronously
            // does — and touch the forwarding state only under its Mutex.
            nonisolated(unsafe) let this = self
            DispatchQueue.global().async {
                let task = recording.forwardingTask(request, body: body) { result in
                    switch result {
                    case .success(let response): this.deliver(response)
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

    private func deliver(_ response: InterceptedResponse) {
        guard let url = request.url, let httpResponse = response.httpResponse(for: url) else {
            client?.urlProtocol(self, didFailWithError: URLError(.badServerResponse))
            return
        }
        client?.urlProtocol(self, didReceive: httpResponse, cacheStoragePolicy: .notAllowed)
        if !response.body.isEmpty { client?.urlProtocol(self, didLoad: Data(response.body)) }
        client?.urlProtocolDidFinishLoading(self)
    }
}

/// Registered with `URLProtocol.registerClass` while any scope runs, and put first in
/// `URLSession.shared`'s classes on FoundationNetworking. Claims only what a scope can be named
/// for — a marker header, the task-local (FoundationNetworking asks on the thread that resumes
/// the task), the process lock's holder — and declines the rest, which goes to the network as if
/// nothing were intercepted.
final class SharedSessionInterceptor: InterceptURLProtocol {
    override class func canInit(with request: URLRequest) -> Bool {
        let registry = InterceptRegistry.shared
        guard isHTTP(request), registry.isActive else { return false }
        if case .scope = resolve(request, marker: nil, registry: registry) { return true }
        return false
    }
}

/// Installed in marked configurations only: claims every HTTP request of such a session, so a
/// session outliving its test, or a request no scope can be named for, fails instead of reaching
/// the network.
final class MarkedSessionInterceptor: InterceptURLProtocol {}
