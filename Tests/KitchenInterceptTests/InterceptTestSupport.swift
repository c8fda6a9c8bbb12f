import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import KitchenIntercept
import KitchenSimulator
import Synchronization
import Testing
import KitchenTestSupport

/// Two hand-written recordings of the same two requests (`POST /auth/login`, `GET /devices`) that
/// answer with different devices, so a test can tell which one answered.
enum Fixture {
    static let kitchenA = "Recordings/intercept-kitchen-a.har"
    static let kitchenB = "Recordings/intercept-kitchen-b.har"
    static let devicesA = ["oven-a"]
    static let devicesB = ["fridge-b"]

    static func url(_ path: String) -> URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(path)
    }
}

/// An app-shaped client on a `URLSession`: signs in, lists device ids. Its base URL is the
/// production one; interception does not care about the host.
struct TinyClient: Sendable {
    var baseURL = URL(string: "https://kitchen.example.com")!
    var session: URLSession = .shared

    struct Failure: Error, CustomStringConvertible {
        let status: Int
        let body: String
        var description: String { "HTTP \(status): \(body)" }
    }

    func deviceIDs(username: String = "demo", password: String = "demo") async throws -> [String] {
        let token = try await login(username: username, password: password)
        var request = URLRequest(url: baseURL.appendingPathComponent("devices"))
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        let devices = try await json(request) as? [[String: Any]] ?? []
        return devices.compactMap { $0["id"] as? String }
    }

    func login(username: String, password: String) async throws -> String {
        var request = URLRequest(url: baseURL.appendingPathComponent("auth/login"))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = try JSONSerialization.data(withJSONObject: ["username": username, "password": password])
        let body = try await json(request) as? [String: Any]
        return body?["token"] as? String ?? ""
    }

    /// Status and body of a GET, whatever the status.
    func get(_ path: String) async throws -> (status: Int, body: String) {
        let (data, response) = try await session.data(for: URLRequest(url: baseURL.appendingPathComponent(path)))
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data, as: UTF8.self))
    }

    private func json(_ request: URLRequest) async throws -> Any {
        let (data, response) = try await session.data(for: request)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        guard (200..<300).contains(status) else { throw Failure(status: status, body: String(decoding: data, as: UTF8.self)) }
        return try JSONSerialization.jsonObject(with: data)
    }
}

/// A simulator on a free port for the length of `body`.
func withLiveSimulator<T>(basePath: String = "", _ body: (Simulator, URL) async throws -> T) async throws -> T {
    let running = try RunningSimulator(SimulatorConfiguration(port: 0, manualClock: true, basePath: basePath))
    defer { withExtendedLifetime(running) {} }
    return try await body(running.simulator, running.baseURL)
}

/// Runs `body` with every issue it records diverted into the returned list, so a test can assert
/// exactly what the trait reported (failures included, without failing this test).
func issuesReported(by body: @Sendable () async throws -> Void) async throws -> [Issue] {
    let test = try #require(Test.current)
    let issues = Mutex<[Issue]>([])
    let divert = IssueHandlingTrait.compactMapIssues { issue in
        issues.withLock { $0.append(issue) }
        return nil
    }
    try await divert.provideScope(for: test, testCase: Test.Case.current) { try await body() }
    return issues.withLock { $0 }
}

extension Issue {
    var text: String { comments.map(\.rawValue).joined(separator: "\n") }
}

/// Suspends each arriving task until `count` have arrived: proves that scopes overlap.
final class Rendezvous: Sendable {
    private let state: Mutex<(remaining: Int, waiting: [CheckedContinuation<Void, Never>])>

    init(count: Int) { state = Mutex((count, [])) }

    func arrive() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let release = state.withLock { state -> [CheckedContinuation<Void, Never>] in
                state.remaining -= 1
                state.waiting.append(continuation)
                guard state.remaining <= 0 else { return [] }
                defer { state.waiting = [] }
                return state.waiting
            }
            for waiter in release { waiter.resume() }
        }
    }
}

/// Whether `.task` isolation attributes an unmarked `URLSession.shared` request by the resuming
/// task's task-local: on FoundationNetworking only (see InterceptIsolation). Tests of that
/// behaviour report themselves skipped elsewhere.
enum TaskLocalAttribution {
    /// Where the task-local reaches the interceptor, `.task` is the default isolation.
    static var isAvailable: Bool { InterceptIsolation.platformDefault == .task }

    static let skipReason = Comment(rawValue: "SKIPPED: asserts .task isolation on an unmarked URLSession.shared, which only "
        + "FoundationNetworking attributes (by the task-local of the resuming task); Apple platforms consult no thread")
}
