import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The seam between ``APIService`` and the network: one request in, one
/// HTTP answer out. `URLSession` conforms; tests and the in-process replay
/// provide their own.
///
/// `send` is `nonisolated(nonsending)`, so an in-process transport runs in
/// the caller's isolation (no hop off the main actor under virtual time).
///
/// ```swift
/// struct Canned: HTTPTransport {
///     nonisolated(nonsending) func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) { … }
/// }
/// ```
public protocol HTTPTransport: Sendable {
    /// Sends `request` and returns the body and response of any status.
    /// Throws only when no HTTP answer arrived (or on cancellation).
    nonisolated(nonsending) func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse)
}

extension URLSession: HTTPTransport {
    /// Sends `request` with `data(for:)`. A response that is not HTTP (which
    /// only a non-HTTP URL can produce) is reported as ``AppError/transport(description:)``.
    nonisolated(nonsending) public func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        let (data, response) = try await data(for: request)
        guard let httpResponse = response as? HTTPURLResponse else {
            throw AppError.transport(description: "The response to \(request.url?.absoluteString ?? "?") was not HTTP.")
        }
        return (data, httpResponse)
    }
}
