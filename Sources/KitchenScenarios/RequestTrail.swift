import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import KitchenAPI
import Synchronization

/// A transport that remembers the last request it sent, so a scenario that times out waiting
/// for a live update can name the request that should have caused it.
///
/// ```swift
/// let trail = RequestTrail(wrapping: URLSession(configuration: .ephemeral))
/// _ = try await APIService(baseURL: url, transport: trail).fetchDevices()
/// trail.last   // "GET /devices"
/// ```
public final class RequestTrail: HTTPTransport {
    private let wrapped: any HTTPTransport
    private let lastRequest = Mutex<String?>(nil)

    /// A trail in front of `wrapped`.
    public init(wrapping wrapped: any HTTPTransport) {
        self.wrapped = wrapped
    }

    /// The last request sent, as `METHOD /path?query body` (the body only when short), or `nil`.
    public var last: String? { lastRequest.withLock { $0 } }

    nonisolated(nonsending) public func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        let line = Self.describe(request)
        lastRequest.withLock { $0 = line }
        return try await wrapped.send(request)
    }

    /// `POST /devices/fridge-1/fridge/temperature {"temperature":36}`: what a person reads in a report.
    static func describe(_ request: URLRequest) -> String {
        var line = (request.httpMethod ?? "GET") + " "
        if let url = request.url, let components = URLComponents(url: url, resolvingAgainstBaseURL: false) {
            line += components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
            if let query = components.percentEncodedQuery { line += "?" + query }
        }
        if let body = request.httpBody, !body.isEmpty {
            let text = String(decoding: body, as: UTF8.self)
            line += text.count <= 120 && !text.contains("password") ? " " + text : " (\(body.count)-byte body)"
        }
        return line
    }
}
