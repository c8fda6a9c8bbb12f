import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import KitchenRecording

extension ReplayRequest {
    /// A request as a `URLSession` client sends it, with `body` its bytes (`httpBody`, or the
    /// stream read by the caller); `nil` when it has no URL. The same reduction the in-process
    /// transport and the URLSession interceptor use, so both match like `kitchen replay`.
    ///
    /// ```swift
    /// let replay = ReplayRequest(urlRequest, body: Array(urlRequest.httpBody ?? Data()), volatile: engine.volatile)
    /// ```
    public init?(_ request: URLRequest, body: [UInt8], volatile: VolatileFields) {
        guard let url = request.url, let components = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
            return nil
        }
        let query = (components.queryItems ?? []).map { (name: $0.name, value: $0.value ?? "") }
        self.init(method: request.httpMethod ?? "GET", path: components.percentEncodedPath, query: query, body: body,
                  credential: Self.credential(authorization: request.value(forHTTPHeaderField: "Authorization"), query: query),
                  volatile: volatile)
    }

    /// A WebSocket upgrade to `url` by a client holding `token` (sent in its `Authorization`;
    /// an empty token is none), as the app's `WebSocketConnecting` makes one.
    public init(webSocketURL url: URL, token: String, volatile: VolatileFields) {
        let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        self.init(method: "GET", path: components?.percentEncodedPath ?? "/ws",
                  query: (components?.queryItems ?? []).map { ($0.name, $0.value ?? "") }, body: [],
                  credential: token.isEmpty ? nil : token, volatile: volatile)
    }
}
