import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import KitchenAPI
import Testing

@Suite("APIService errors and tokens")
struct APIServiceErrorTests {
    static func service(_ transport: FakeHTTPTransport, token: String? = "tok") -> APIService {
        APIService(
            baseURL: URL(string: "http://kitchen.test")!, tokenStore: InMemoryTokenStore(token: token),
            transport: transport)
    }

    @Test("Every documented error status is thrown as its AppError", arguments: [
        (400, #"{"error":"bad_request","message":"malformed JSON"}"#, AppError.badRequest(message: "malformed JSON")),
        (400, #"{"error":"invalid_value","message":"unknown mode"}"#, .invalidValue(message: "unknown mode")),
        (401, #"{"error":"unauthorized","message":"expired"}"#, .unauthorized),
        (404, #"{"error":"not_found","message":"no device"}"#, .notFound),
        (405, #"{"error":"method_not_allowed","message":"no"}"#, .server(status: 405)),
        (409, #"{"error":"conflict","message":"running"}"#, .conflict),
        (413, #"{"error":"payload_too_large","message":"big"}"#, .payloadTooLarge),
        (500, #"{"error":"internal","message":"bug"}"#, .server(status: 500)),
        (503, "", .server(status: 503)),
    ])
    func errorStatus(status: Int, body: String, expected: AppError) async throws {
        let api = Self.service(FakeHTTPTransport(status: status, body: body))
        await #expect(throws: expected) { _ = try await api.setOvenMode(deviceId: "o", mode: "steam") }
    }

    @Test("Every operation goes through the error mapping", arguments: APIServiceRequestTests.restOperations)
    func everyOperationMapsErrors(operation: APIOperation) async throws {
        let exchange = try APIServiceRequestTests.exchange(for: operation)
        let transport = FakeHTTPTransport(status: 404, body: #"{"error":"not_found","message":"gone"}"#)
        let api = APIService(baseURL: URL(string: APIServiceRequestTests.base)!, transport: transport)
        await #expect(throws: AppError.notFound) { try await exchange.call(api) }
        #expect(transport.requests.count == 1)
    }

    @Test("A 2xx body of the wrong shape is a decoding error with the path")
    func decodingFailure() async throws {
        let api = Self.service(FakeHTTPTransport(status: 200, body: #"{"isOn":true,"targetTemperature":"hot"}"#))
        let error = try await #require(throws: AppError.self) { _ = try await api.getOvenState(deviceId: "o") }
        guard case .decoding(let path, _) = error else {
            Issue.record("expected decoding, got \(error)")
            return
        }
        #expect(path == "targetTemperature")
    }

    @Test("A transport failure is AppError.transport")
    func transportFailure() async throws {
        let api = Self.service(FakeHTTPTransport(.failure(URLError(.timedOut))))
        let error = try await #require(throws: AppError.self) { _ = try await api.fetchDevices() }
        guard case .transport = error else {
            Issue.record("expected transport, got \(error)")
            return
        }
    }

    @Test("Cancellation propagates as CancellationError, never wrapped", arguments: [
        FakeHTTPTransport.Outcome.failure(CancellationError()), .failure(URLError(.cancelled)),
    ])
    func cancellationPropagates(outcome: FakeHTTPTransport.Outcome) async {
        let api = Self.service(FakeHTTPTransport(outcome))
        await #expect(throws: CancellationError.self) { _ = try await api.fetchDevices() }
    }

    @Test("A transport error after the task was cancelled is reported as cancellation")
    func cancelledTaskWins() async {
        let api = Self.service(FakeHTTPTransport(.failure(URLError(.networkConnectionLost))))
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            _ = try await api.fetchDevices()
        }
        await #expect(throws: CancellationError.self) { try await task.value }
    }

    @Test("Login stores the token and later calls carry it")
    func loginStoresToken() async throws {
        let transport = FakeHTTPTransport(
            .reply(status: 200, body: "[]"), script: [.reply(status: 200, body: try encodedText(Samples.login))])
        let store = InMemoryTokenStore()
        let api = APIService(baseURL: URL(string: "http://kitchen.test")!, tokenStore: store, transport: transport)
        _ = try await api.login(username: "alice", password: "alice")
        _ = try await api.fetchDevices()
        #expect(store.token == "tok-alice")
        #expect(transport.requests.map { $0.value(forHTTPHeaderField: "Authorization") } == [nil, "Bearer tok-alice"])
    }

    @Test("A failed login leaves the stored token alone")
    func failedLoginKeepsToken() async {
        let store = InMemoryTokenStore(token: "old")
        let api = APIService(
            baseURL: URL(string: "http://kitchen.test")!, tokenStore: store,
            transport: FakeHTTPTransport(status: 401, body: #"{"error":"unauthorized","message":"bad password"}"#))
        await #expect(throws: AppError.unauthorized) { _ = try await api.login(username: "demo", password: "x") }
        #expect(store.token == "old")
    }

    @Test("Logout forgets the token whether the server says 204, 401 or nothing", arguments: [
        FakeHTTPTransport.Outcome.reply(status: 204, body: ""),
        .reply(status: 401, body: #"{"error":"unauthorized","message":"revoked"}"#),
        .failure(URLError(.notConnectedToInternet)),
    ])
    func logoutClearsToken(outcome: FakeHTTPTransport.Outcome) async {
        let store = InMemoryTokenStore(token: "tok")
        let transport = FakeHTTPTransport(outcome)
        let api = APIService(baseURL: URL(string: "http://kitchen.test")!, tokenStore: store, transport: transport)
        try? await api.logout()
        #expect(store.token == nil)
        #expect(transport.requests.first?.value(forHTTPHeaderField: "Authorization") == "Bearer tok")
    }

    @Test("With no token an authenticated call goes out without Authorization and the 401 comes back")
    func noTokenNoHeader() async {
        let transport = FakeHTTPTransport(status: 401, body: #"{"error":"unauthorized","message":"missing token"}"#)
        let api = Self.service(transport, token: nil)
        await #expect(throws: AppError.unauthorized) { _ = try await api.fetchDevices() }
        #expect(transport.requests.first?.value(forHTTPHeaderField: "Authorization") == nil)
    }
}
