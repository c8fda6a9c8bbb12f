import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPWire

/// An ``HTTPTransport`` over HTTPWire's own client: one connection per request, driven by the
/// client event loop all of HTTPWire's clients share (no thread waits on it). It reports why a
/// request got no answer as a typed ``HTTPWireTransportError`` (refused, unresolvable, timed
/// out, a TLS failure), which `URLSession` does not, and it speaks TLS with the harness's own
/// trust settings.
///
/// ```swift
/// let api = APIService(baseURL: URL(string: "http://127.0.0.1:8080")!, transport: HTTPWireTransport())
/// ```
public struct HTTPWireTransport: HTTPTransport {
    /// How long connecting may take.
    public var connectTimeout: Duration
    /// How long to wait for the response.
    public var responseTimeout: Duration
    /// Which certificates an `https://` server may present.
    public var trust: TLSClientConfiguration.Trust

    /// A transport with these limits and this trust for `https://`.
    public init(connectTimeout: Duration = .seconds(10), responseTimeout: Duration = .seconds(30),
                trust: TLSClientConfiguration.Trust = .system) {
        self.connectTimeout = connectTimeout
        self.responseTimeout = responseTimeout
        self.trust = trust
    }

    nonisolated(nonsending) public func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        guard let url = request.url, let components = URLComponents(url: url, resolvingAgainstBaseURL: false),
              let host = components.host, let scheme = components.scheme, ["http", "https"].contains(scheme) else {
            throw HTTPWireTransportError(url: request.url?.absoluteString ?? "?", reason: .unsupportedURL)
        }
        let tls = scheme == "https" ? TLSClientConfiguration(serverName: host, trust: trust) : nil
        let port = components.port ?? (tls == nil ? 80 : 443)
        var target = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
        if let query = components.percentEncodedQuery { target += "?" + query }
        var headers: HTTPHeaders = [:]
        for (name, value) in (request.allHTTPHeaderFields ?? [:]).sorted(by: { $0.key < $1.key }) { headers.add(name, value) }
        headers["Connection"] = "close"
        let outgoing = HTTPRequest(method: HTTPMethod(rawValue: request.httpMethod ?? "GET"), target: target, headers: headers,
                                   body: Array(request.httpBody ?? Data()))
        let response: HTTPResponse
        do throws(HTTPClientError) {
            response = try await HTTPClientConnection.fetch(outgoing, host: host, port: port, tls: tls, connectTimeout: connectTimeout,
                                                            responseTimeout: responseTimeout)
        } catch {
            throw HTTPWireTransportError(url: url.absoluteString, reason: .noAnswer(error))
        }
        var fields: [String: String] = [:]
        for field in response.headers { fields[field.name] = fields[field.name].map { $0 + ", " + field.value } ?? field.value }
        guard let answer = HTTPURLResponse(url: url, statusCode: response.status.code, httpVersion: "HTTP/1.1", headerFields: fields) else {
            throw HTTPWireTransportError(url: url.absoluteString, reason: .unsupportedURL)
        }
        return (Data(response.bodyBytes ?? []), answer)
    }
}

/// Why an ``HTTPWireTransport`` request got no HTTP answer.
public struct HTTPWireTransportError: Error, Sendable, CustomStringConvertible {
    /// What went wrong.
    public enum Reason: Sendable {
        /// Connecting, TLS, writing or reading failed before a whole response arrived.
        case noAnswer(HTTPClientError)
        /// Not an `http://` or `https://` URL with a host.
        case unsupportedURL
    }

    /// The request's URL.
    public let url: String
    /// What went wrong.
    public let reason: Reason

    public var description: String {
        switch reason {
        case .noAnswer(let error): "\(url): \(error)"
        case .unsupportedURL: "\(url): not a URL this transport can send to"
        }
    }
}
