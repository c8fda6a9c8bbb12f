import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPWire
import KitchenRecording
import KitchenRecorder
import KitchenReplay

/// A recording made on a test's first run: the `RecordingProxy` (redaction, the write-ahead
/// journal, the secret check) in front of a live server (a ``RecordingServer``), with intercepted
/// requests forwarded to it. The HAR is written to a staging file and moved to `output` only by
/// `finish(keep: true)`.
///
/// ```swift
/// let recording = try LiveRecording.start(output: url, server: .embeddedSimulator, redaction: .kitchen)
/// try await InterceptScope(recording: recording).run { … the app's requests … }
/// let summary = try recording.finish(keep: true)   // "wrote 3 entries to …"
/// ```
public final class LiveRecording: Sendable {
    /// Where the HAR goes.
    public let output: URL
    /// The server the traffic reaches.
    public let upstream: URL
    /// How reports name the server (``RecordingServer/name``).
    public let serverName: String

    private let proxy: RecordingProxy
    private let server: RecordingServer.Running
    private let staging: URL
    private let basePath: String
    private let session: URLSession

    private init(output: URL, serverName: String, proxy: RecordingProxy, server: RecordingServer.Running, staging: URL) {
        self.output = output
        upstream = server.url
        self.serverName = serverName
        self.proxy = proxy
        self.server = server
        self.staging = staging
        basePath = proxy.configuration.upstreamBasePath
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.httpShouldSetCookies = false
        session = URLSession(configuration: configuration)
    }

    /// Starts `server` (when the recording runs it) and the recorder, which redacts with `redaction`.
    public static func start(output: URL, server: RecordingServer, redaction: RedactionPolicy) throws(LiveRecordingError) -> LiveRecording {
        let staging = URL(fileURLWithPath: output.path + ".recording")
        try? FileManager.default.createDirectory(at: output.deletingLastPathComponent(), withIntermediateDirectories: true)
        let running = try server.start()
        let configuration = RecordingProxyConfiguration(upstream: running.url, output: staging) {
            $0.port = 0
            $0.redaction = redaction
            $0.clock = running.clock
            $0.extraSecrets = running.extraSecrets
            $0.authority = running.recordedAuthority
            $0.canonicalHeaderOrder = true
            $0.recordedHost = running.recordedAuthority
            $0.overwrite = true
        }
        do throws(RecorderError) {
            let proxy = try RecordingProxy(configuration: configuration)
            try proxy.start()
            return LiveRecording(output: output, serverName: server.name, proxy: proxy, server: running, staging: staging)
        } catch {
            running.stop()
            throw .recorder(error)
        }
    }

    /// Stops the recorder (which writes the HAR) and a server the recording started. With `keep`, the HAR
    /// replaces `output` in one step and its summary is returned; without, it is removed.
    @discardableResult
    public func finish(keep: Bool) throws(LiveRecordingError) -> RecordingSummary? {
        session.finishTasksAndInvalidate()
        defer { server.stop() }
        var summary: RecordingSummary
        do throws(RecorderError) { summary = try proxy.stop() } catch { throw .recorder(error) }
        guard keep else {
            try? FileManager.default.removeItem(at: staging)
            return nil
        }
        if let reason = POSIXFile.move(staging.path, onto: output.path) {
            throw .cannotPlace(path: output.path, reason: reason)
        }
        summary.output = output
        return summary
    }

    /// A task, not yet resumed, that sends `request` to the recorder: same method, headers and
    /// body; the path (less the upstream's base path, which the recorder puts back) and query
    /// kept; scheme, host and port the recorder's. `nil` when the request has no URL.
    ///
    /// Resume it off the intercepted task's queue: FoundationNetworking runs every session's
    /// work queue on one shared queue, and `resume()` waits for its own on it (resuming from
    /// `startLoading` traps in `dispatch_sync`).
    ///
    /// The answer is handed over as it came, for the app's `url`: status, headers and the body
    /// URLSession decoded.
    func forwardingTask(_ request: URLRequest, body: [UInt8],
                        completion: @escaping @Sendable (Result<(HTTPURLResponse?, [UInt8]), InterceptError>) -> Void)
        -> URLSessionDataTask? {
        guard let url = request.url, let target = target(for: url) else { return nil }
        var forwarded = URLRequest(url: target, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: request.timeoutInterval)
        forwarded.httpMethod = request.httpMethod
        let skipped: Set<String> = ["host", "content-length", "connection", InterceptScope.markerHeader.lowercased()]
        for (name, value) in (request.allHTTPHeaderFields ?? [:]).sorted(by: { $0.key < $1.key })
        where !skipped.contains(name.lowercased()) {
            forwarded.setValue(value, forHTTPHeaderField: name)
        }
        forwarded.httpBody = body.isEmpty ? nil : Data(body)
        return session.dataTask(with: forwarded) { data, response, error in
            guard let response = response as? HTTPURLResponse else {
                completion(.failure(.recorderUnreachable(error.map { "\($0.localizedDescription)" } ?? "no HTTP response")))
                return
            }
            let headers = response.allHeaderFields.compactMap { field -> HTTPHeaders.Field? in
                guard let name = field.key as? String, let value = field.value as? String else { return nil }
                return HTTPHeaders.Field(name: name, value: value)
            }.sorted { $0.name < $1.name }
            let body = Array(data ?? Data())
            completion(.success((HTTPURLResponse.handedOver(for: url, status: response.statusCode, headers: headers,
                                                            length: String(body.count)), body)))
        }
    }

    private func target(for url: URL) -> URL? {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false), let port = proxy.port else { return nil }
        var path = components.percentEncodedPath
        if !basePath.isEmpty, path == basePath || path.hasPrefix(basePath + "/") {
            path.removeFirst(basePath.count)
        }
        components.scheme = "http"
        components.host = proxy.configuration.host
        components.port = port
        components.percentEncodedPath = path.isEmpty ? "/" : path
        return components.url
    }
}
