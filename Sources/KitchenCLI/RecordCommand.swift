import Foundation
import KitchenRecorder

/// `kitchen record`: a recording proxy in front of any server, until SIGINT/SIGTERM;
/// `kitchen record --recover JOURNAL` turns a crashed session's journal into a HAR.
enum RecordCommand: KitchenCommand {
    static let spec = CommandSpec(
        name: "record",
        summary: "Record traffic to a server through a proxy into a HAR (secrets redacted).",
        options: [
            .init(name: "upstream", valueName: "URL", help: "The server to record, e.g. http://127.0.0.1:8080 (required)."),
            .init(name: "out", valueName: "FILE", help: "The HAR to write (required); the journal is FILE.journal."),
            .init(name: "host", valueName: "HOST", help: "Address to listen on (default 127.0.0.1)."),
            .init(name: "port", valueName: "PORT", help: "Port to listen on; 0 picks a free one (default 8081)."),
            .init(name: "upstream-timeout", valueName: "SECONDS",
                  help: "Seconds to wait for the upstream before answering 502 (default 30)."),
            .init(name: "recover", valueName: "JOURNAL",
                  help: "Instead of recording, turn a journal left by a crash into a HAR (--out defaults to the journal name without .journal)."),
        ],
        discussion: """
            Every HTTP exchange and WebSocket message is appended to the journal as it completes, with the \
            Authorization header, token query parameter, login token and login password replaced by stable \
            aliases (<token-1>, <password-1>, ...). On Ctrl-C (SIGINT) or SIGTERM the journal becomes the HAR, \
            written atomically; a secret found anywhere in it stops the write. After a crash, run \
            kitchen record --recover FILE.journal.
            """)

    static func run(_ arguments: ParsedArguments, console: Console) throws -> CLI.ExitStatus {
        if let journal = arguments.value("recover") {
            let journalURL = URL(fileURLWithPath: journal)
            let output = arguments.value("out").map { URL(fileURLWithPath: $0) }
                ?? (journal.hasSuffix(".journal") ? journalURL.deletingPathExtension() : journalURL.appendingPathExtension("har"))
            let summary = try RecordingProxy.recover(journal: journalURL, to: output)
            console.out("Recovered \(journal): \(summary)\n")
            if let report = summary.recovery { console.out("\(report)\n") }
            return .success
        }
        guard let upstreamText = arguments.value("upstream") else { throw UsageError("--upstream is required") }
        guard let output = arguments.value("out") else { throw UsageError("--out is required") }
        guard let upstream = URL(string: upstreamText), upstream.scheme == "http", upstream.host != nil else {
            throw UsageError("--upstream must be an http:// URL, not '\(upstreamText)'")
        }
        let configuration = RecordingProxyConfiguration(
            upstream: upstream, output: URL(fileURLWithPath: output),
            host: arguments.value("host") ?? "127.0.0.1",
            port: try arguments.int("port", default: 8081, in: 0...65_535),
            upstreamTimeout: .seconds(try arguments.int("upstream-timeout", default: 30, in: 1...3600)))
        let termination = Termination()
        let proxy = try RecordingProxy(configuration: configuration)
        try proxy.start()
        console.out("""
            Recording proxy on http://\(configuration.host):\(proxy.port ?? configuration.port) → \(upstreamText)
            Journal: \(configuration.journal.path)
            HAR (written when you stop): \(output)
            Press Ctrl-C to stop and write the HAR.

            """)
        let signal = termination.wait()
        let summary = try proxy.stop()
        console.out("Received \(signal); \(summary)\n")
        return .success
    }
}
