import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HarnessCore
import HTTPWire
import KitchenAPI
import KitchenScenarios
import KitchenVerify

/// What `verify --live` does before any scenario: connect, log in, list the provider-state
/// controls the server offers (`GET /_sim`), log out. A server that cannot be reached, fails,
/// or refuses the account is an outage or a setup mistake, not a contract violation: it ends
/// the run with ``VerifyError`` (exit 2) before anything is recorded.
///
/// ```swift
/// let preflight = LivePreflight(server: url, account: account, transport: HTTPWireTransport())
/// let offered = try await preflight.run()   // [.clock, .tokens, …] or []
/// ```
public struct LivePreflight: Sendable {
    /// The server's base URL, path prefix included.
    public let server: URL
    /// The account the scenarios log in with.
    public let account: ScenarioContext.Account
    /// How requests reach the server (directly, not through the recorder).
    public let transport: any HTTPTransport

    /// Logs in and out, and returns the controls the server offers (empty when it has none).
    public func run() async throws(VerifyError) -> Set<ProviderState> {
        let token = try await login()
        let offered = await offeredControls()
        if let token { await logout(token) }
        return offered
    }

    /// `nil` while the server still answers a login for the account; otherwise what is wrong.
    /// Asked after a scenario fails, to tell an outage from a finding.
    public func problem() async -> String? {
        do {
            if let token = try await login() { await logout(token) }
            return nil
        } catch {
            return error.description
        }
    }

    /// Logs in; returns the token when the answer has one.
    private func login() async throws(VerifyError) -> String? {
        let url = endpoint("auth/login")
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        let body: JSONValue = .object(["username": .string(account.username), "password": .string(account.password)])
        request.httpBody = Data(JSONSerializer.bytes(body))
        let data: Data, status: Int
        do {
            (data, status) = try await send(request)
        } catch {
            throw .serverUnreachable(url: server.absoluteString, reason: Self.explain(error))
        }
        switch status {
        case 200..<300:
            return (try? JSONValue(parsing: Array(data)))?["token"]?.stringValue
        case 401:
            throw .loginRefused(user: account.username, status: "401 unauthorized")
        case 404:
            throw .serverFailing(url: url.absoluteString, status: "404 not found",
                                 hint: "is the base path right? The API's routes go below the URL given to --live")
        default:
            throw .serverFailing(url: url.absoluteString, status: "\(status) \(HTTPStatus(status).reasonPhrase)",
                                 hint: status >= 500 ? "the server is failing" : "the login request was refused")
        }
    }

    /// The controls `GET /_sim` lists; none when the route is missing or answers anything else.
    private func offeredControls() async -> Set<ProviderState> {
        var request = URLRequest(url: endpoint("_sim"))
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        guard let (data, status) = try? await send(request), status == 200,
              case .array(let names)? = (try? JSONValue(parsing: Array(data)))?["controls"] else { return [] }
        return Set(names.compactMap { $0.stringValue.flatMap(ProviderState.init(rawValue:)) })
    }

    private func logout(_ token: String) async {
        var request = URLRequest(url: endpoint("auth/logout"))
        request.httpMethod = "POST"
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        _ = try? await send(request)
    }

    private func endpoint(_ path: String) -> URL { server.appendingPathComponent(path) }

    private func send(_ request: URLRequest) async throws -> (Data, Int) {
        let (data, response) = try await transport.send(request)
        return (data, response.statusCode)
    }

    /// One short sentence on why no answer came: refused, unresolvable, timed out, TLS.
    static func explain(_ error: any Error) -> String {
        guard let failure = error as? HTTPWireTransportError, case .noAnswer(let client) = failure.reason else {
            return "\(error)"
        }
        switch client {
        case .socket(let socket):
            switch socket.kind {
            case .connectionRefused: return "connection refused (nothing is listening there)"
            case .unresolvable: return "the host name does not resolve (DNS)"
            case .timedOut: return "timed out waiting for the server"
            case .connectionReset: return "the server reset the connection"
            default: return socket.description
            }
        case .closedBeforeResponse: return "the server closed the connection without answering"
        case .tls(let tls): return tls.description
        default: return client.description
        }
    }
}
