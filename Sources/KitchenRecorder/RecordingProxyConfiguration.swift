import Foundation
import HarnessCore
import HTTPWire
import KitchenRecording

/// How a recording proxy runs. Every field has the default `kitchen record` uses.
public struct RecordingProxyConfiguration: Sendable {
    /// The server to forward to (`http://host:port`, or with a path prefix: `http://host/api/v1`).
    public var upstream: URL
    /// Address to listen on. Default `127.0.0.1`.
    public var host = "127.0.0.1"
    /// Port to listen on; 0 picks a free one. Default 8081.
    public var port = 8081
    /// The HAR written when the proxy stops; the journal is `<output>.journal` beside it.
    public var output: URL
    /// Which secrets are replaced by aliases. Default `.standard` (credentials by name, auth headers
    /// and cookies); the Kitchen layer (`kitchen record`, the scenarios, interception) passes `.kitchen`.
    public var redaction = RedactionPolicy.standard
    /// How long to wait for the upstream to answer before replying 502. Default 30 s.
    public var upstreamTimeout = Duration.seconds(30)
    /// Largest request or response body relayed. Default 64 MiB.
    public var maxBodyBytes = 64 << 20
    /// Keep-alive connections the proxy opens to the upstream at most, all clients together
    /// (`kitchen record --max-upstream-connections`). They are split among the proxy's event
    /// loops, each keeping its share in a pool of its own: `N / loops` each, the first `N % loops`
    /// loops one more (64 on 16 loops: 4 each). A request uses one of its loop's share for its
    /// whole exchange; when all of them are in use it waits up to ``upstreamCheckoutTimeout``,
    /// then gets 503 with `Connection: close`, even if another loop has one free. The proxy runs
    /// at most this many loops (``eventLoopThreads``), so every loop has one. WebSocket
    /// conversations each own an upstream connection for their life and are not counted against
    /// it. Default 64; at least 1 is used.
    public var maxUpstreamConnections = 64
    /// Event-loop threads serving the proxy's clients, each relaying its connections' exchanges
    /// with its own share of ``maxUpstreamConnections``; at most ``maxUpstreamConnections`` of
    /// them run. Default: one per core online.
    public var eventLoopThreads = HTTPServerConfiguration.processorsOnline
    /// How long an upstream connection may sit idle in the pool before the proxy closes it:
    /// below the 5 s keep-alive of Node.js and Apache httpd (nginx keeps 75 s, `kitchen serve`
    /// 60 s), so the proxy closes first and rarely sends on a connection the upstream is closing.
    /// Checked whenever a connection is checked out or in. Default 4 s.
    public var upstreamIdleTimeout = Duration.seconds(4)
    /// How long a request waits for a pooled upstream connection when all
    /// ``maxUpstreamConnections`` are in use, before it is answered 503. Default 30 s (the
    /// default ``upstreamTimeout``; `kitchen record` uses its `--upstream-timeout`).
    public var upstreamCheckoutTimeout = Duration.seconds(30)
    /// Most bytes a relayed WebSocket queues toward a side that reads slowly (the client or the
    /// upstream) before the proxy drops that side: a client dropped so has its close recorded
    /// with the messages it never got. (Frames still waiting for their record are held apart,
    /// 256 a direction at most, and the side they come from is read no further meanwhile.)
    /// Default ``defaultMaxQueuedWebSocketBytes`` (`kitchen record --max-websocket-queue KIB`).
    public var maxQueuedWebSocketBytes = defaultMaxQueuedWebSocketBytes
    /// The default ``maxQueuedWebSocketBytes``: 8 MiB.
    public static let defaultMaxQueuedWebSocketBytes = 8 << 20
    /// Most bytes a body sent with a `Content-Encoding` (gzip, deflate) may decode to before its
    /// record is refused as a decompression bomb (the client still gets the answer as sent).
    /// Default ``defaultMaxDecodedBodyBytes`` (`kitchen record --max-decoded-body-mib`).
    public var maxDecodedBodyBytes = defaultMaxDecodedBodyBytes
    /// The default ``maxDecodedBodyBytes``: 256 MiB.
    public static let defaultMaxDecodedBodyBytes = 256 << 20
    /// When each journal record reaches the disk. Default: written with `write(2)` before the
    /// client gets its answer, `fdatasync`ed at most every 50 ms (`kitchen record --sync-interval`).
    public var durability = JournalWriter.defaultDurability
    /// The time stamped on entries and messages (its `currentDate`). Default: the wall clock;
    /// scenario recording passes the simulator, so that re-recording gives identical files.
    public var clock: any SchedulingClock = SystemClock()
    /// Secrets to refuse in the final HAR besides those seen in traffic (e.g. every token a server issued).
    public var extraSecrets: @Sendable () -> [String] = { [] }
    /// The authority (`host:port`) sent upstream as `Host` and written in recorded URLs.
    /// Default: the upstream's own. Scenario recording fixes it so files do not depend on a free port.
    public var authority: String?
    /// `Sec-WebSocket-Key`s for upstream handshakes. Default: fresh random keys (RFC 6455 §4.1);
    /// scenario recording uses a fixed sequence so the recorded handshake is the same on every run.
    public var webSocketKeys: @Sendable () -> String = { WebSocketHandshake.makeKey() }
    /// The `Host` the record shows for every client request. Default `nil`: the client's own, as
    /// sent (what the upstream got instead is in `_upstream`). Scenario recording fixes it, so that
    /// files do not depend on the proxy's free port.
    public var recordedHost: String?
    /// Forward request headers sorted by name (the order of same-name fields kept; RFC 9110 §5.3
    /// gives no meaning to the order of different names). Default `false`: wire order. Scenario
    /// recording sets it, because some clients (Linux URLSession) send headers in dictionary order.
    public var canonicalHeaderOrder = false
    /// Which certificates an `https://` upstream may present. Default: the system's trust store
    /// (`--cacert FILE` adds a CA, `--insecure` checks nothing). The proxy's client side stays plain
    /// HTTP on loopback.
    public var upstreamTrust = TLSClientConfiguration.Trust.system
    /// Whether an existing HAR at `output` may be replaced. Default `false` (`kitchen record --force`).
    public var overwrite = false
    /// Told once, at once, when the journal cannot be written (a full disk, an I/O error, the
    /// file removed): from then on the proxy answers 503 and has closed every WebSocket with 1011.
    public var onJournalFailure: @Sendable (RecordingError) -> Void = { _ in }
    /// Told of every exchange, WebSocket opening, message and close once its record is written
    /// (or refused), and of every request turned away for want of an upstream connection
    /// (``RecorderEvent/upstreamBusy(method:path:)``), on the connection's thread: for progress
    /// output. Default: nobody.
    public var observer: @Sendable (RecorderEvent) -> Void = { _ in }

    /// The configuration that records `upstream` into `output`, every other field at its default,
    /// then changed by `configure`.
    ///
    /// ```swift
    /// let configuration = RecordingProxyConfiguration(upstream: upstream, output: output) {
    ///     $0.port = 0
    ///     $0.redaction = .kitchen
    /// }
    /// ```
    package init(upstream: URL, output: URL, _ configure: (inout Self) -> Void = { _ in }) {
        self.upstream = upstream
        self.output = output
        configure(&self)
    }

    /// The host and port the recorder connects to for `upstream` (the port defaults to the
    /// scheme's); `nil` unless it is an `http://` or `https://` URL with a host, the only
    /// upstreams the recorder can forward to.
    package static func endpoint(of upstream: URL) -> (host: String, port: Int)? {
        guard let host = upstream.host, ["http", "https"].contains(upstream.scheme ?? "") else { return nil }
        return (host, upstream.port ?? (upstream.scheme == "https" ? 443 : 80))
    }

    /// How upstream connections speak TLS: `nil` for `http://`, the host's name and
    /// ``upstreamTrust`` for `https://`.
    public var upstreamTLS: TLSClientConfiguration? {
        upstream.scheme == "https" ? TLSClientConfiguration(serverName: upstream.host, trust: upstreamTrust) : nil
    }

    /// The upstream URL's path without a trailing slash (`/api/v1`, or `""` at the root): put in
    /// front of every request's target, so a client's `/devices` goes to `/api/v1/devices`.
    public var upstreamBasePath: String {
        var path = URLComponents(url: upstream, resolvingAgainstBaseURL: false)?.percentEncodedPath ?? ""
        while path.hasSuffix("/") { path.removeLast() }
        return path
    }

    /// The event loops the proxy runs: ``eventLoopThreads``, at most ``maxUpstreamConnections``,
    /// at least 1.
    var servingLoops: Int { max(1, min(eventLoopThreads, maxUpstreamConnections)) }

    /// Where the journal lives while recording: the output path plus `.journal`.
    public var journal: URL { output.appendingPathExtension("journal") }
}

extension SchedulingClock {
    /// Milliseconds from `start` to now on this clock (0 on a clock that stands still).
    func milliseconds(since start: Date) -> Double {
        (currentDate.timeIntervalSince(start) * 1000).rounded()
    }
}
