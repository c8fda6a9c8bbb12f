import Foundation
import KitchenAPI
import KitchenRecording

/// Check 3 on the URL the client opens for live updates, at each recorded WebSocket upgrade.
///
/// From the recorded upgrade URL (`http://127.0.0.1:8080/ws`) the check takes the REST base
/// URL the recording was made against and asks the client for its live-updates URL, for that
/// base and for the same host with a path prefix, as a deployment behind a reverse proxy has:
///
/// | base URL | expected |
/// |---|---|
/// | `http://H` (as recorded) | `ws://H/ws` (the recorded path, WebSocket scheme) |
/// | `http://H/api/v1` | `ws://H/api/v1/ws` (the prefix kept) |
/// | `http://H/api/v1/` | `ws://H/api/v1/ws` (a trailing slash is not doubled) |
/// | `https://H/api/v1` | `wss://H/api/v1/ws` (RFC 6455 §3: `wss` for `https`) |
///
/// ```swift
/// LiveUpdatesURLCheck.findings(for: entry, in: "oven-controls.har", client: .kitchenAPI)   // []
/// ```
public enum LiveUpdatesURLCheck {
    /// The path prefix the check puts on the base URL.
    public static let prefix = "/api/v1"

    /// The label of the case, after the file and entry.
    public static let label = "live-updates URL: recorded path, base path prefix kept, https → wss"

    /// What the client gets wrong about the live-updates URL of `entry`'s host; `[]` for an
    /// entry that is not a WebSocket upgrade of `GET /ws`.
    public static func findings(for entry: RecordedEntry, in file: String, client: ClientUnderTest) -> [Finding] {
        guard entry.route?.operation == .openLiveUpdates,
              let recorded = URLComponents(string: entry.entry.request.url), recorded.host != nil else { return [] }
        let route = APIOperation.openLiveUpdates.pathTemplate
        let recordedPrefix = recorded.percentEncodedPath.hasSuffix(route)
            ? String(recorded.percentEncodedPath.dropLast(route.count)) : ""
        let secure = ["https", "wss"].contains(recorded.scheme?.lowercased() ?? "")
        let cases: [(secure: Bool, basePath: String, path: String)] = [
            (secure, recordedPrefix, recordedPrefix + route),
            (false, recordedPrefix + prefix, recordedPrefix + prefix + route),
            (false, recordedPrefix + prefix + "/", recordedPrefix + prefix + route),
            (true, recordedPrefix + prefix, recordedPrefix + prefix + route),
        ]
        return cases.compactMap { item in
            guard let base = url(recorded, scheme: item.secure ? "https" : "http", path: item.basePath),
                  let expected = url(recorded, scheme: item.secure ? "wss" : "ws", path: item.path) else { return nil }
            let actual = client.liveUpdatesURL(base)
            guard actual.absoluteString != expected.absoluteString else { return nil }
            return Finding(check: .client, file: file, entry: entry.index, location: "liveUpdatesURL(for: \(base.absoluteString))",
                           expected: expected.absoluteString, actual: actual.absoluteString)
        }
    }

    /// `recorded`'s host and port with another scheme and path, and no query.
    private static func url(_ recorded: URLComponents, scheme: String, path: String) -> URL? {
        var components = URLComponents()
        components.scheme = scheme
        components.percentEncodedHost = recorded.percentEncodedHost
        components.port = recorded.port
        components.percentEncodedPath = path
        return components.url
    }
}
