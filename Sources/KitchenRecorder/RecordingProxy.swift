import Foundation
import HTTPWire
import KitchenRecording

/// A recording proxy: forwards HTTP and WebSocket traffic to an upstream and
/// journals every exchange as it completes; `stop()` turns the journal into a
/// redacted, secret-checked HAR, written atomically.
///
/// ```swift
/// let proxy = try RecordingProxy(configuration: .init(upstream: URL(string: "http://127.0.0.1:8080")!,
///                                                       output: URL(fileURLWithPath: "session.har")))
/// try proxy.start()
/// // … point the client at proxy.port …
/// let summary = try proxy.stop()
/// ```
public final class RecordingProxy: Sendable {
    public let configuration: RecordingProxyConfiguration
    private let server: HTTPServer
    let pool: UpstreamPool
    let recorder: ExchangeRecorder
    private let redactor: Redactor
    /// The WebSocket conversations being relayed.
    let registry = RelayRegistry()

    /// Creates the journal (refusing one left by a crash, and a symbolic link in its place) and
    /// prepares the server. Refuses to replace an existing HAR unless `overwrite` is set.
    public init(configuration: RecordingProxyConfiguration) throws(RecorderError) {
        self.configuration = configuration
        if !configuration.overwrite, FileManager.default.fileExists(atPath: configuration.output.path) {
            throw .outputExists(configuration.output.path)
        }
        guard let (host, port) = RecordingProxyConfiguration.endpoint(of: configuration.upstream) else {
            throw .invalidUpstream(configuration.upstream.absoluteString)
        }
        let limits = HTTPLimits(maxBodyBytes: configuration.maxBodyBytes)
        pool = UpstreamPool(host: host, port: port, tls: configuration.upstreamTLS, limits: limits,
                            responseTimeout: configuration.upstreamTimeout,
                            maxConnections: configuration.maxUpstreamConnections,
                            idleTimeout: configuration.upstreamIdleTimeout,
                            checkoutTimeout: configuration.upstreamCheckoutTimeout)
        redactor = Redactor(policy: configuration.redaction.underBasePath(configuration.upstreamBasePath))
        let journal: JournalWriter
        do throws(RecordingError) {
            journal = try JournalWriter(url: configuration.journal, creator: Self.creator, startedAt: configuration.clock.currentDate,
                                        redactor: redactor, durability: configuration.durability)
        } catch {
            throw .recording(error)
        }
        let registry = self.registry, onFailure = configuration.onJournalFailure
        recorder = ExchangeRecorder(journal: journal, configuration: configuration,
                                    upstreamAuthority: configuration.authority ?? "\(host):\(port)") { error in
            registry.abortAll()
            onFailure(error)
        }
        server = HTTPServer(
            configuration: HTTPServerConfiguration(host: configuration.host, port: configuration.port, limits: limits,
                                                   eventLoopThreads: configuration.servingLoops),
            responder: ProxyResponder(pool: pool, recorder: recorder, configuration: configuration,
                                      registry: registry, basePath: configuration.upstreamBasePath))
        pool.serve(on: server.eventLoops)
    }

    /// The HAR's `creator`.
    public static let creator = HAR.Creator(name: "KitchenHarness recorder", version: "1")

    /// Starts listening. When it cannot (the port is taken), the journal this proxy created is
    /// removed again: a failed start leaves no stray file behind. Sets the process's allocator to
    /// give large blocks back to the system when they are freed (`ProcessMemory`, process-wide).
    public func start() throws(RecorderError) {
        // A WebSocket message or body of up to `maxBodyBytes` passes through several buffers:
        // once freed, their memory goes back to the system rather than staying resident.
        ProcessMemory.returnLargeBlocksWhenFreed()
        do throws(SocketError) { try server.start() } catch {
            try? recorder.journal.close()
            try? FileManager.default.removeItem(at: configuration.journal)
            throw .listen(error)
        }
    }

    /// Records written to the journal so far, the session record included.
    public var journaledRecords: Int { recorder.journal.statistics.records }

    /// The port clients connect to, once started.
    public var port: Int? { server.address?.port }

    /// Records refused by redaction or the secret check (never written).
    public var refusedRecords: [RecordingError] { recorder.refused }

    /// Stops, finalizes the journal into the HAR (scanning for every secret seen and the
    /// configured extra ones) and removes the journal. WebSocket conversations still closing
    /// get up to `drainTimeout` to finish, so their close is recorded rather than cut off.
    @discardableResult
    public func stop(drainTimeout: Duration = .seconds(2)) throws(RecorderError) -> RecordingSummary {
        registry.waitUntilEnded(timeout: drainTimeout)
        pool.shutDown()
        server.stop()
        // What the loops' last turns recorded is written once they have stopped.
        recorder.finishPendingRecords()
        do throws(RecordingError) {
            try recorder.journal.close()
            let scanner = redactor.scanner(extraSecrets: configuration.extraSecrets())
            let report = try Journal.finalize(journal: configuration.journal, to: configuration.output, scanner: scanner)
            return RecordingSummary(output: configuration.output, entries: report.entryCount, refused: recorder.refused.count)
        } catch {
            throw .recording(error)
        }
    }

    /// Turns a journal left by a crash into a HAR (secrets in `extraSecrets` are refused).
    @discardableResult
    public static func recover(journal: URL, to output: URL, extraSecrets: [String] = []) throws(RecorderError) -> RecordingSummary {
        do throws(RecordingError) {
            let report = try Journal.finalize(journal: journal, to: output, scanner: SecretScanner(secrets: [], extraSecrets: extraSecrets))
            return RecordingSummary(output: output, entries: report.entryCount, refused: 0, recovery: report)
        } catch {
            throw .recording(error)
        }
    }
}

/// What a finished recording holds.
public struct RecordingSummary: Sendable, CustomStringConvertible {
    /// The HAR written; a caller that moves it elsewhere sets where it went.
    public var output: URL
    public let entries: Int
    /// Records refused (not written) because they could not be redacted safely.
    public let refused: Int
    public var recovery: RecoveryReport?

    public var description: String {
        "wrote \(entries) \(entries == 1 ? "entry" : "entries") to \(output.path)"
            + (refused > 0 ? " (\(refused) refused as unsafe to record)" : "")
    }
}

/// Why the recorder could not run or finish.
public enum RecorderError: Error, Sendable, CustomStringConvertible {
    case invalidUpstream(String)
    case listen(SocketError)
    case recording(RecordingError)
    /// The HAR to write exists already (`--force` replaces it).
    case outputExists(String)

    public var description: String {
        switch self {
        case .outputExists(let path): "\(path) exists; refusing to replace it (pass --force to overwrite)"
        case .invalidUpstream(let url): "upstream must be an http:// or https:// URL with a host, not '\(url)'"
        case .listen(let error): "cannot listen: \(error)"
        case .recording(let error): "\(error)"
        }
    }
}
