import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import KitchenRecording
import KitchenRecorder
import KitchenSimulator

/// A recording made on a test's first run: the `RecordingProxy` (redaction, the write-ahead
/// journal, the secret check) in front of a live server — `upstream`, or an embedded simulator
/// (manual clock, seed 2026, recorded as `127.0.0.1:8080`) — with intercepted requests forwarded
/// to it. The HAR is written to a staging file and moved to `output` only by `finish(keep: true)`.
///
/// ```swift
/// let recording = try LiveRecording.start(output: url, upstream: nil)
/// try await InterceptScope(recording: recording).run { … the app's requests … }
/// let summary = try recording.finish(keep: true)   // "wrote 3 entries to …"
/// ```
public final class LiveRecording: Sendable {
    /// Where the HAR goes.
    public let output: URL
    /// The server the traffic reaches (the embedded simulator's address when none was given).
    public let upstream: URL
    /// Whether the embedded simulator is the server.
    public var usesEmbeddedSimulator: Bool { simulator != nil }

    /// The authority written in recordings made against the embedded simulator, so files do not
    /// depend on the free port it got.
    public static let simulatorAuthority = "127.0.0.1:8080"

    private let proxy: RecordingProxy
    private let simulator: Simulator?
    private let staging: URL
    private let basePath: String
    private let session: URLSession

    private init(output: URL, upstream: URL, proxy: RecordingProxy, simulator: Simulator?, staging: URL) {
        self.output = output
        self.upstream = upstream
        self.proxy = proxy
        self.simulator = simulator
        self.staging = staging
        basePath = proxy.configuration.upstreamBasePath
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.httpShouldSetCookies = false
        session = URLSession(configuration: configuration)
    }

    /// Starts the server (unless `upstream` is given) and the recorder.
    public static func start(output: URL, upstream: URL?) throws(LiveRecordingError) -> LiveRecording {
        let staging = URL(fileURLWithPath: output.path + ".recording")
        try? FileManager.default.createDirectory(at: output.deletingLastPathComponent(), withIntermediateDirectories: true)
        var simulator: Simulator?
        let server: URL
        if let upstream {
            guard upstream.scheme == "http", upstream.host != nil else { throw .invalidUpstream(upstream.absoluteString) }
            server = upstream
        } else {
            let embedded = Simulator(configuration: SimulatorConfiguration(
                port: 0, seed: 2026, manualClock: true, householdDoorOpeningsPerHour: 0))
            do { try embedded.start() } catch { throw .simulator(error.description) }
            guard let address = embedded.baseURL.flatMap(URL.init(string:)) else {
                embedded.stop()
                throw .simulator("no address after start")
            }
            simulator = embedded
            server = address
        }
        let recorded = simulator
        let configuration = RecordingProxyConfiguration(
            upstream: server, output: staging, port: 0, redaction: .kitchen,
            clock: recorded,
            extraSecrets: { recorded?.issuedTokens ?? [] },
            authority: recorded == nil ? nil : simulatorAuthority,
            canonicalHeaderOrder: true, recordedHost: recorded == nil ? nil : simulatorAuthority, overwrite: true)
        do throws(RecorderError) {
            let proxy = try RecordingProxy(configuration: configuration)
            try proxy.start()
            return LiveRecording(output: output, upstream: server, proxy: proxy, simulator: simulator, staging: staging)
        } catch {
            simulator?.stop()
            throw .recorder(error)
        }
    }

    /// Stops the recorder (which writes the HAR) and the embedded simulator. With `keep`, the HAR
    /// replaces `output` in one step and its summary is returned; without, it is removed.
    @discardableResult
    public func finish(keep: Bool) throws(LiveRecordingError) -> RecordingSummary? {
        session.finishTasksAndInvalidate()
        defer { simulator?.stop() }
        let summary: RecordingSummary
        do throws(RecorderError) { summary = try proxy.stop() } catch { throw .recorder(error) }
        guard keep else {
            try? FileManager.default.removeItem(at: staging)
            return nil
        }
        if let reason = POSIXFile.move(staging.path, onto: output.path) {
            throw .cannotPlace(path: output.path, reason: reason)
        }
        return RecordingSummary(output: output, entries: summary.entries, refused: summary.refused)
    }

    /// A task, not yet resumed, that sends `request` to the recorder: same method, headers and
    /// body; the path (less the upstream's base path, which the recorder puts back) and query
    /// kept; scheme, host and port the recorder's. `nil` when the request has no URL.
    ///
    /// Resume it off the intercepted task's queue: FoundationNetworking runs every session's
    /// work queue on one shared queue, and `resume()` waits for its own on it (resuming from
    /// `startLoading` traps in `dispatch_sync`).
    func forwardingTask(_ request: URLRequest, body: [UInt8],
                        completion: @escaping @Sendable (Result<InterceptedResponse, InterceptError>) -> Void) -> URLSessionDataTask? {
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
            let headers = response.allHeaderFields.compactMap { field -> (name: String, value: String)? in
                guard let name = field.key as? String, let value = field.value as? String else { return nil }
                return (name, value)
            }.sorted { $0.name < $1.name }
            completion(.success(InterceptedResponse(status: response.statusCode, headers: headers, body: Array(data ?? Data()))))
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
