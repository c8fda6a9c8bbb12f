import Foundation
import HTTPWire
import Synchronization

/// `kitchen watch URL --token T`: prints each live-update message as it arrives, one per line.
enum WatchCommand: KitchenCommand {
    static let token = Option<String?>("token", "TOKEN", help: "Bearer token from POST /auth/login.", requirement: .required)

    static let spec = CommandSpec(
        name: "watch",
        summary: "Connect to a server's live-update WebSocket and print each message, one per line.",
        options: [token] + TrustOptions.options,
        positionals: [.init(name: "URL", help: "The server's base URL (http[s]://HOST:PORT, with its path prefix if it has one: https://HOST/api/v1) or the socket itself (ws[s]://HOST:PORT/ws).")])

    static func run(_ arguments: ParsedArguments, console: Console) throws -> CLI.ExitStatus {
        guard let token = arguments[Self.token] else { throw UsageError("--token is required") }
        guard let url = URLComponents(string: arguments.positionals[0]), let host = url.host,
              ["http", "https", "ws", "wss"].contains(url.scheme ?? "")
        else { throw UsageError("URL must look like http://HOST:PORT or ws://HOST:PORT/ws") }
        // A server URL names the API's base: its live updates are `{base}/ws`. A ws:// URL names the socket.
        var base = url.percentEncodedPath
        while base.hasSuffix("/") { base.removeLast() }
        let path = url.scheme?.hasPrefix("http") == true ? base + "/ws" : (base.isEmpty ? "/ws" : base)
        let secure = url.scheme == "https" || url.scheme == "wss"
        let tls = secure ? TLSClientConfiguration(serverName: host,
                                                  trust: try TrustOptions.trust(from: arguments, console: console, command: "watch")) : nil
        // Printed on the client's loop as each message arrives; this thread waits for the end.
        let end = Mutex<WebSocketCloseInfo?>(nil), ended = DispatchSemaphore(value: 0)
        let printer = Printer(console: console) { info in
            end.withLock { $0 = info }
            ended.signal()
        }
        let port = url.port ?? (secure ? 443 : 80)
        let result = runBlocking { () async throws(WebSocketClientError) -> WebSocketConnection in
            try await WebSocketClient.connect(host: host, port: port, target: path,
                                              headers: ["Authorization": "Bearer \(token)"], tls: tls, handler: printer)
        }
        switch result {
        case .success:
            break
        case .failure(.rejected(let response)):
            let body = String(decoding: response.bodyBytes ?? [], as: UTF8.self)
            console.error("kitchen watch: the server refused the connection: \(response.status) \(body)\n")
            return .failure
        case .failure(let error):
            console.error("kitchen watch: \(error)\n")
            return .error
        }
        ended.wait()
        guard let info = end.withLock({ $0 }) else { return .failure }
        console.error("kitchen watch: \(info)\n")
        return info.code == .normalClosure || info.code == .goingAway ? .success : .failure
    }

    /// Prints each message as it arrives, and says how the socket ended.
    private struct Printer: WebSocketLoopHandler {
        let console: Console
        let onEnd: @Sendable (WebSocketCloseInfo) -> Void

        func received(_ message: WebSocketMessage, on connection: WebSocketConnection) {
            switch message {
            case .text(let text): console.out(text + "\n")
            case .binary(let bytes): console.out("(binary, \(bytes.count) bytes)\n")
            }
        }

        func ended(_ info: WebSocketCloseInfo, on connection: WebSocketConnection) { onEnd(info) }
    }
}
