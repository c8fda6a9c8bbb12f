import Dispatch
import Foundation
import Synchronization
import KitchenRecorder

/// `kitchen record`: a recording proxy in front of any server, until SIGINT/SIGTERM;
/// `kitchen record --recover JOURNAL` turns a crashed session's journal into a HAR.
enum RecordCommand: KitchenCommand {
    static let upstream = Option<URL?>(
        "upstream", httpURL: "URL",
        help: "The server to record: its API base URL, e.g. http://127.0.0.1:8080 or https://staging.example/api/v1.",
        requirement: .requiredUnless("recover"))
    static let out = Option<String?>("out", short: "o", "FILE", help: "The HAR to write; the journal is FILE.journal.",
                                     requirement: .requiredUnless("recover"))
    static let host = Option<String>("host", "HOST", default: "127.0.0.1", help: "Address to listen on.")
    static let port = Option<Int>("port", short: "p", "PORT", default: 8081, in: 0...65_535, help: "Port to listen on; 0 picks a free one.")
    static let upstreamTimeout = Option<Int>("upstream-timeout", "SECONDS", default: 30, in: 1...3600,
                                             help: "Seconds to wait for the upstream before answering 502.")
    static let maxUpstreamConnections = Option<Int>(
        "max-upstream-connections", "N", default: 64, in: 1...10_000,
        help: "Keep-alive connections to the upstream at most, all clients together (WebSockets not counted), "
            + "split evenly among the proxy's event loops (one a core, at most N); "
            + "a request that finds all of its loop's share busy for --upstream-timeout seconds gets 503.")
    static let maxWebSocketQueue = Option<Int>(
        "max-websocket-queue", "KIB", default: RecordingProxyConfiguration.defaultMaxQueuedWebSocketBytes >> 10,
        in: 64...1_048_576,
        help: "KiB a relayed WebSocket may queue toward a side that stops reading before the proxy closes that side; "
            + "a client closed so has its close recorded with the messages it never got.")
    static let maxDecodedBody = Option<Int>(
        "max-decoded-body-mib", "MIB", default: RecordingProxyConfiguration.defaultMaxDecodedBodyBytes >> 20,
        in: 1...65_536,
        help: "MiB a gzip or deflate body may decode to before its exchange is refused as a decompression bomb "
            + "(the client still gets the answer; nothing of it is recorded).")
    static let syncInterval = Option<Int>(
        "sync-interval", "MS", default: 50, in: 0...60_000,
        help: "How often the journal is forced to the disk with fdatasync, in milliseconds; 0 syncs every record.")
    static let force = Flag("force", help: "Replace the HAR at --out if it exists (refused otherwise).")
    static let recover = Option<String?>(
        "recover", "JOURNAL",
        help: "Instead of recording, turn a journal left by a crash into a HAR (--out defaults to the journal's name with .har).")

    static let spec = CommandSpec(
        name: "record",
        summary: "Record traffic to a server through a proxy into a HAR (secrets redacted).",
        options: [upstream, out, host, port, upstreamTimeout, maxUpstreamConnections, maxWebSocketQueue, maxDecodedBody, syncInterval, force, recover] + ProgressOptions.options + TrustOptions.options,
        discussion: """
            Write-ahead: every HTTP exchange and WebSocket message is written to the journal before the client \
            receives its last byte (group-committed across connections), with the \
            Authorization header, token query parameter, login token and login password replaced by stable \
            aliases (<token-1>, <password-1>, ...). On Ctrl-C (SIGINT) or SIGTERM the journal becomes the HAR, \
            written atomically; a secret found anywhere in it stops the write. After a crash, run \
            kitchen record --recover FILE.journal. If the journal cannot be written (a full disk, an I/O error, \
            the file removed), the recorder says so at once, answers every request with 503 and closes open \
            WebSockets with 1011, and exits with status 2 three seconds later (or at Ctrl-C), naming the count \
            of exchanges recorded.
            """)

    static func run(_ arguments: ParsedArguments, console: Console) throws -> CLI.ExitStatus {
        if let journal = arguments[Self.recover] {
            let journalURL = URL(fileURLWithPath: journal)
            let output = arguments[Self.out].map { URL(fileURLWithPath: $0) } ?? Self.harPath(forJournal: journalURL)
            if Self.looksLikeHAR(journalURL) {
                console.error("kitchen record: \(journal) is a HAR, not a journal: it needs no recovery (open it with kitchen replay or kitchen verify)\n")
                return .error
            }
            let summary = try RecordingProxy.recover(journal: journalURL, to: output)
            console.out("Recovered \(journal): \(summary)\n")
            if let report = summary.recovery { console.out("\(report)\n") }
            return .success
        }
        // Both required unless --recover, which the parser checked.
        guard let upstream = arguments[Self.upstream] else { throw UsageError("--upstream is required") }
        guard let output = arguments[Self.out] else { throw UsageError("--out is required") }
        let trust = try TrustOptions.trust(from: arguments, console: console, command: "record")
        let syncInterval = arguments[Self.syncInterval]
        let progress = ProgressOptions.printer(RecordTally(), from: arguments, console: console)
        let termination = Termination()
        let failure = Mutex<String?>(nil)
        let configuration = RecordingProxyConfiguration(upstream: upstream, output: URL(fileURLWithPath: output)) {
            $0.host = arguments[Self.host]
            $0.port = arguments[Self.port]
            $0.redaction = .kitchen
            $0.upstreamTimeout = .seconds(arguments[Self.upstreamTimeout])
            $0.maxUpstreamConnections = arguments[Self.maxUpstreamConnections]
            $0.upstreamCheckoutTimeout = .seconds(arguments[Self.upstreamTimeout])
            $0.maxQueuedWebSocketBytes = arguments[Self.maxWebSocketQueue] << 10
            $0.maxDecodedBodyBytes = arguments[Self.maxDecodedBody] << 20
            $0.durability = syncInterval == 0 ? .everyRecord : .interval(.milliseconds(syncInterval))
            $0.upstreamTrust = trust
            $0.overwrite = arguments[Self.force]
            $0.onJournalFailure = { error in
                // Said at once, not at Ctrl-C: the proxy now answers 503 and relays nothing.
                console.error("kitchen record: RECORDING FAILED: \(error). Relaying stopped: new requests get 503, "
                    + "open WebSockets were closed with 1011.\n")
                failure.withLock { $0 = "\(error)" }
                // Clients keep getting the 503 for a moment, so they learn why, then the recorder exits.
                DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(Self.failureGraceSeconds)) {
                    termination.trigger("a recording failure")
                }
            }
            $0.observer = { progress.receive($0) }
        }
        let proxy = try RecordingProxy(configuration: configuration)
        try proxy.start()
        console.out("""
            Recording proxy on http://\(configuration.host):\(proxy.port ?? configuration.port) → \(upstream.absoluteString)
            Journal: \(configuration.journal.path)
            HAR (written when you stop): \(output)
            Press Ctrl-C to stop and write the HAR.

            """)
        progress.start()
        let signal = termination.wait()
        progress.stop()
        if let reason = failure.withLock({ $0 }) {
            // Every exchange a client received is in the journal; the count says how many made it.
            let records = proxy.journaledRecords
            do {
                let summary = try proxy.stop()
                console.error("kitchen record: stopped after a recording failure (\(reason)); \(summary)\n")
            } catch {
                console.error("kitchen record: stopped after a recording failure (\(reason)); the journal holds "
                    + "\(max(0, records - 1)) record(s) and is kept at \(configuration.journal.path): "
                    + "run kitchen record --recover \(configuration.journal.path) once there is space (\(error))\n")
            }
            return .error
        }
        let summary = try proxy.stop()
        console.out("Received \(signal); \(summary)\n")
        return .success
    }

    /// How long a recorder whose journal failed goes on answering 503 before it exits 2
    /// (Ctrl-C ends it sooner).
    static let failureGraceSeconds = 3

    /// Whether `file` starts like a HAR document (`{` then `"log"`) rather than a journal (`{"seq":`).
    static func looksLikeHAR(_ file: URL) -> Bool {
        guard let handle = try? FileHandle(forReadingFrom: file) else { return false }
        defer { try? handle.close() }
        let head = String(decoding: (try? handle.read(upToCount: 256)) ?? Data(), as: UTF8.self)
        let compact = head.filter { !$0.isWhitespace }
        return compact.hasPrefix("{\"log\"")
    }

    /// `X.har.journal` → `X.har`, `X.journal` → `X.har`, anything else → `…​.har` beside it.
    static func harPath(forJournal journal: URL) -> URL {
        let base = journal.pathExtension == "journal" ? journal.deletingPathExtension() : journal
        return base.pathExtension == "har" ? base : base.appendingPathExtension("har")
    }
}
