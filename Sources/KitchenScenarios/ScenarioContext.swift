import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HarnessCore
import KitchenAPI

/// What a scenario runs against: where to send API traffic (through the recorder, or a
/// replay), which accounts to use, and the simulator's controls when there are any.
public struct ScenarioContext: Sendable {
    /// A username and password.
    public struct Account: Sendable, Hashable {
        public let username: String
        public let password: String
        public init(username: String, password: String) {
            self.username = username
            self.password = password
        }
    }

    /// The API's base URL (the recording proxy's, or anything the transport answers for).
    public let baseURL: URL
    /// The main account, and a second one when the server has it (for "another user's device").
    public let accounts: [Account]
    /// The provider-state controls, when the server offers them.
    public let controls: (any SimulatorControlling)?
    /// Which controls `controls` offers (all of them for the simulator).
    public let offeredControls: Set<ProviderState>
    /// Every API request goes through here; it remembers the last one for timeout reports.
    public let transport: RequestTrail
    public let connector: any WebSocketConnecting
    /// How long to wait for an expected live-update message.
    public let timeout: Duration

    public init(baseURL: URL, accounts: [Account], controls: (any SimulatorControlling)?,
                offeredControls: Set<ProviderState> = Set(ProviderState.allCases),
                transport: any HTTPTransport = URLSession(configuration: .ephemeral),
                connector: any WebSocketConnecting = HTTPWireWebSocketConnector(), timeout: Duration = .seconds(10)) {
        self.baseURL = baseURL
        self.accounts = accounts
        self.controls = controls
        self.offeredControls = controls == nil ? [] : offeredControls
        self.transport = RequestTrail(wrapping: transport)
        self.connector = connector
        self.timeout = timeout
    }

    public var primary: Account { accounts[0] }
    public var secondary: Account? { accounts.count > 1 ? accounts[1] : nil }

    /// A fresh client with its own token.
    public func client() -> APIService { APIService(baseURL: baseURL, transport: transport) }

    /// A client logged in as `account` (the primary by default), with its devices.
    public func loggedIn(_ account: Account? = nil) async throws -> (APIService, [DeviceInfo]) {
        let api = client()
        let account = account ?? primary
        _ = try await api.login(username: account.username, password: account.password)
        return (api, try await api.fetchDevices())
    }

    /// The controls, or `ScenarioError.needsControls` when the server has none.
    public func requireControls() throws -> any SimulatorControlling {
        guard let controls else { throw ScenarioError.needsControls("(any)") }
        return controls
    }

    /// A client logged in as the primary account, its devices, and its live updates opened
    /// (after the snapshot: one message per device and per oven compartment).
    public func loggedInWithLiveUpdates() async throws -> (APIService, [DeviceInfo], LiveSession) {
        let (api, devices) = try await loggedIn()
        let session = LiveSession(stream: liveUpdates().events(token: api.tokenStore.token ?? ""), timeout: timeout, trail: transport)
        try await session.waitFor("connected") { if case .connected = $0 { true } else { false } }
        try await session.waitForMessages(devices.snapshotCount, "the snapshot")
        return (api, devices, session)
    }

    /// The app's live-update client on this context's connector, reconnecting quickly and without jitter.
    func liveUpdates() -> WebSocketService {
        WebSocketService(baseURL: baseURL, connector: connector,
                         policy: ReconnectPolicy(initialDelay: .milliseconds(50), multiplier: 2, maximumDelay: .seconds(1), jitter: 0),
                         clock: SystemClock(), random: SeededGenerator(seed: 1))
    }

    /// A request the typed client cannot make (a malformed or oversized body), through the same transport.
    public func raw(_ method: String, _ path: String, token: String?, body: String) async throws -> Int {
        var request = URLRequest(url: baseURL.appendingPathComponent(path))
        request.httpMethod = method
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        request.setValue("KitchenScenarios/1", forHTTPHeaderField: "User-Agent")
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        request.httpBody = Data(body.utf8)
        return try await transport.send(request).1.statusCode
    }
}

extension Array where Element == DeviceInfo {
    /// How many states the live-update snapshot holds for these devices.
    public var snapshotCount: Int { reduce(0) { $0 + Swift.max(1, $1.compartments?.count ?? 0) } }

    /// The first device of `kind` (for ovens: `double` picks the double or the single one).
    func first(_ kind: DeviceKind, double: Bool? = nil) throws -> DeviceInfo {
        guard let device = first(where: { device in device.type == kind && (double ?? device.isDoubleOven) == device.isDoubleOven }) else {
            throw ScenarioError.unexpected(step: "device list", detail: "no \(kind) device")
        }
        return device
    }
}
