import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The real Kitchen API client.
///
/// Every call goes through one path, ``route(_:forward:)``: build the request (JSON body,
/// `Accept` / `Content-Type`, `Authorization: Bearer` on every route but
/// login), send it through the ``HTTPTransport``, map a non-2xx answer with
/// ``AppError/from(status:body:)``, and decode a 2xx body with ``KitchenJSON``.
/// Failures are ``AppError``; a cancelled task gets `CancellationError`.
///
/// Token handling: ``login(username:password:)`` stores the token it gets.
/// ``logout()`` forgets the local token however the call ends (204, 401,
/// or a transport error): after a logout the app is signed out locally even
/// when the server could not be told. An authenticated call made while no
/// token is stored is sent without `Authorization`, and the server's 401
/// comes back as ``AppError/unauthorized``.
///
/// ```swift
/// let api = APIService(baseURL: URL(string: "http://127.0.0.1:8080")!)
/// _ = try await api.login(username: "demo", password: "demo")
/// let devices = try await api.fetchDevices()
/// ```
public final class APIService: APICallRouting {
    /// Scheme, host, port and an optional path prefix; routes are appended to it.
    public let baseURL: URL
    /// Where the bearer token lives.
    public let tokenStore: any TokenStore
    private let transport: any HTTPTransport
    private let decoder = KitchenJSON.makeDecoder()

    /// A client for the API at `baseURL`.
    public init(
        baseURL: URL,
        tokenStore: any TokenStore = InMemoryTokenStore(),
        transport: any HTTPTransport = URLSession(configuration: .ephemeral)
    ) {
        self.baseURL = baseURL
        self.tokenStore = tokenStore
        self.transport = transport
    }

    /// Sends `call` as its ``APIRequest`` and decodes the 2xx answer as the call's method answers.
    /// Login stores the token it gets; logout forgets the local token however the call ends.
    nonisolated(nonsending) public func route<Answer: Sendable>(
        _ call: APICall, forward: nonisolated(nonsending) (any APIServiceProtocol) async throws -> Answer
    ) async throws -> Answer {
        let request = try APIRequest(call)
        if call == .logout {
            defer { tokenStore.setToken(nil) }
            _ = try await exchange(request)
            return Self.cast((), answering: call)
        }
        guard let type = Answer.self as? any Decodable.Type else {
            preconditionFailure("\(call.method.rawValue) answers \(Answer.self), which is not Decodable")
        }
        let data = try await exchange(request)
        let answer: any Decodable
        do {
            answer = try decoder.decode(type, from: data)
        } catch let error as DecodingError {
            let summary = DecodingErrorSummary(error)
            throw AppError.decoding(path: summary.path, description: summary.description)
        }
        if case .login = call, let session = answer as? LoginResponse { tokenStore.setToken(session.token) }
        return Self.cast(answer, answering: call)
    }

    /// `value` as the type `call`'s method answers; any other type is a programming error.
    private static func cast<Answer>(_ value: Any, answering call: APICall) -> Answer {
        guard let answer = value as? Answer else {
            preconditionFailure("\(call.method.rawValue) answered \(type(of: value)), not \(Answer.self)")
        }
        return answer
    }

    /// Sends `request` and returns the body of a 2xx answer; anything else throws.
    nonisolated(nonsending) private func exchange(_ request: APIRequest) async throws -> Data {
        let urlRequest = request.urlRequest(baseURL: baseURL, token: tokenStore.token)
        let data: Data
        let response: HTTPURLResponse
        do {
            (data, response) = try await transport.send(urlRequest)
        } catch {
            // Cancellation is not an app error: it propagates as CancellationError.
            if Task.isCancelled { throw CancellationError() }
            guard let appError = AppError.from(error) else { throw CancellationError() }
            throw appError
        }
        guard (200..<300).contains(response.statusCode) else {
            throw AppError.from(status: response.statusCode, body: data)
        }
        return data
    }
}
