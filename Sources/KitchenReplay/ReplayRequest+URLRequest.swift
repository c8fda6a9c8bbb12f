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
}
