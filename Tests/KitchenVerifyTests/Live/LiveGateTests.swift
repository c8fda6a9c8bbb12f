import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HarnessCore
import HTTPWire
import KitchenAPI
import KitchenSimulator
import KitchenVerify
import Synchronization
import Testing
import KitchenTestSupport

/// `kitchen verify --live` against servers as they are: long-lived and shared (state left by
/// earlier runs and by hand), with provider-state controls or without, under a path prefix,
/// down, failing, or refusing the account.
@Suite("kitchen verify --live against real servers", .timeLimit(.minutes(3)))
struct LiveGateTests {
    private func start(_ configuration: SimulatorConfiguration) throws -> Simulator {
        let simulator = Simulator(configuration: configuration)
        try simulator.start()
        return simulator
    }

    private func verifyLive(_ url: String, _ extra: String...) async -> CLIOutcome {
        await kitchen(["verify", "--live", url, "--user", "demo", "--password", "demo",
                       "--recordings", Repository.recordings.path, "--contracts", Repository.contracts.path] + extra)
    }

    /// Changes the kitchen the way another user would: targets the scenarios prefer, a running
    /// dishwasher, an oven left on in convect, the ice maker off.
    private func changeByHand(_ baseURL: String) async throws {
        let api = APIService(baseURL: try #require(URL(string: baseURL)), transport: HTTPWireTransport())
        _ = try await api.login(username: "demo", password: "demo")
        let devices = try await api.fetchDevices()
        let fridge = try #require(devices.first { $0.type == .fridge })
        let dishwasher = try #require(devices.first { $0.type == .dishwasher })
        let oven = try #require(devices.first { $0.type == .oven && $0.isDoubleOven })
        let iceMaker = try #require(devices.first { $0.type == .iceMaker })
        _ = try await api.setFridgeTemperature(deviceId: fridge.id, temperature: 35)
        _ = try await api.setFreezerTemperature(deviceId: fridge.id, temperature: -4)
        _ = try await api.startDishwasher(deviceId: dishwasher.id, cycle: "normal")
        _ = try await api.setOvenPower(deviceId: oven.id, compartment: "upper", isOn: true)
        _ = try await api.setOvenTemperature(deviceId: oven.id, compartment: "upper", temperature: 375)
        _ = try await api.setOvenMode(deviceId: oven.id, compartment: "upper", mode: "convect")
        _ = try await api.setIceMakerPower(deviceId: iceMaker.id, isOn: false)
        _ = try await api.setIceMakerRate(deviceId: iceMaker.id, rate: "high")
    }

    @Test("a server without controls passes twice in a row, and again after its kitchen was changed by hand")
    func repeatedRunsPass() async throws {
        let simulator = try start(SimulatorConfiguration(port: 0, householdDoorOpeningsPerHour: 0))
        defer { simulator.stop() }
        let url = try #require(simulator.baseURL)
        for run in 1...3 {
            if run == 3 { try await changeByHand(url) }
            let outcome = await verifyLive(url)
            #expect(outcome.status == .success, "run \(run): \(outcome.out)\(outcome.error)")
            #expect(outcome.out.contains("  scenarios                11 case(s), 0 failed, 6 skipped\n"), "run \(run): \(outcome.out)")
        }
        // The scenarios put back what they changed: the dishwasher started by hand runs again.
        let api = APIService(baseURL: try #require(URL(string: url)), transport: HTTPWireTransport())
        _ = try await api.login(username: "demo", password: "demo")
        let dishwasher = try #require(try await api.fetchDevices().first { $0.type == .dishwasher })
        #expect(try await api.getDishwasherState(deviceId: dishwasher.id).status == .running)
        #expect(try await api.getFridgeState(deviceId: try #require(try await api.fetchDevices().first { $0.type == .fridge }.map(\.id))).targetTemperature == 35)
    }

    @Test("a server offering provider states (GET /_sim) runs every scenario live, twice, and by hand-changed state")
    func providerStatesRunEveryScenario() async throws {
        let simulator = try start(SimulatorConfiguration(port: 0, manualClock: true, controlsEnabled: true, householdDoorOpeningsPerHour: 0))
        defer { simulator.stop() }
        let url = try #require(simulator.baseURL)
        for run in 1...3 {
            if run == 3 { try await changeByHand(url) }
            let outcome = await verifyLive(url)
            #expect(outcome.status == .success, "run \(run): \(outcome.out)\(outcome.error)")
            #expect(outcome.out.contains("  scenarios                11 case(s), 0 failed\n"), "run \(run): \(outcome.out)")
            #expect(!outcome.out.contains("skipped scenarios"))
            #expect(outcome.error.contains("provider-state controls: clock, fridge-door, tokens, websockets, faults"))
        }
    }

    @Test("a server with controls but a wall clock runs the control scenarios it can and names what it lacks")
    func partialProviderStates() async throws {
        let simulator = try start(SimulatorConfiguration(port: 0, controlsEnabled: true, householdDoorOpeningsPerHour: 0))
        defer { simulator.stop() }
        let outcome = await verifyLive(try #require(simulator.baseURL), "--only", "expired-token.har", "--only", "ice-maker-fills-bin.har")
        #expect(outcome.status == .success, "\(outcome.out)\(outcome.error)")
        #expect(outcome.out.contains("  skipped scenarios: ice-maker-fills-bin (needs provider-state controls the server does not offer: clock)"),
                "\(outcome.out)")
        #expect(outcome.error.contains("scenario expired-token: passed ("))
    }

    @Test("in a CI log (not a terminal) one line per scenario goes to standard error as it finishes")
    func oneLinePerScenario() async throws {
        let simulator = try start(SimulatorConfiguration(port: 0, householdDoorOpeningsPerHour: 0))
        defer { simulator.stop() }
        let outcome = await verifyLive(try #require(simulator.baseURL), "--only", "login-and-discovery.har", "--only", "fridge-door.har")
        let lines = outcome.error.split(separator: "\n").map(String.init)
        #expect(lines.first == "logged in to \(try #require(simulator.baseURL)) as demo; provider-state controls: none")
        #expect(lines.dropFirst().first?.hasPrefix("scenario login-and-discovery: passed (") == true, "\(lines)")
        #expect(lines.dropFirst(2).first?.hasPrefix("scenario fridge-door: skipped (") == true, "\(lines)")
        #expect(lines.count == 3)
    }

    @Test("an API under a path prefix is tested under it; its recordings verify and reproduce without flags")
    func basePathIsHonoured() async throws {
        let simulator = try start(SimulatorConfiguration(port: 0, householdDoorOpeningsPerHour: 0, basePath: "/api/v1"))
        defer { simulator.stop() }
        let url = try #require(simulator.baseURL)
        #expect(url.hasSuffix("/api/v1"))
        let folder = try TemporaryFolder("prefix")
        defer { folder.remove() }
        let kept = folder.file("kept")
        let outcome = await verifyLive(url, "--keep", kept.path)
        #expect(outcome.status == .success, "\(outcome.out)\(outcome.error)")
        let har = try String(contentsOf: kept.appendingPathComponent("fridge-temperatures.har"), encoding: .utf8)
        #expect(har.contains("/api/v1/devices/"))
        #expect(!har.contains("\"url\" : \"http://127.0.0.1:\(try #require(simulator.port))/devices"))
        // Verified as a folder: the base path is inferred from the recorded paths.
        let folderRun = await kitchen("verify", "--recordings", kept.path, "--contracts", Repository.contracts.path)
        #expect(folderRun.status == .success, "\(folderRun.out)\(folderRun.error)")
        // Reproduced without flags: the login and the live updates are found below the prefix.
        let reproduced = await kitchen("reproduce", kept.appendingPathComponent("dishwasher-commands.har").path)
        #expect(reproduced.out.contains("login succeeded: demo"), "\(reproduced.out)")
        #expect(reproduced.out.contains("connection connected (attempt 0)"), "\(reproduced.out)")
        // A recording holding a real password (another tool's HAR) reproduces with it.
        let withPassword = folder.file("real-password.har")
        let text = try String(contentsOf: kept.appendingPathComponent("dishwasher-commands.har"), encoding: .utf8)
        try Data(text.replacingOccurrences(of: "<password-1>", with: "a-real-password").utf8).write(to: withPassword)
        let real = await kitchen("reproduce", withPassword.path)
        #expect(real.out.contains("login succeeded: demo"), "\(real.out)")
        // The root is not the API: a wrong base path is exit 2 with a hint, not a pass.
        let root = await verifyLive(url.replacingOccurrences(of: "/api/v1", with: ""))
        #expect(root.status == .error)
        #expect(root.error.contains("answered 404 not found (is the base path right?"), "\(root.error)")
    }

    @Test("nothing listening: exit 2 with one paragraph naming the URL, and a JUnit file saying so")
    func connectionRefused() async throws {
        let folder = try TemporaryFolder("refused")
        defer { folder.remove() }
        let junit = folder.file("report.xml")
        let outcome = await verifyLive("http://127.0.0.1:1", "--junit", junit.path)
        #expect(outcome.status == .error)
        #expect(outcome.error == "kitchen verify: cannot reach the server at http://127.0.0.1:1: connection refused (nothing is listening there). "
            + "This is an outage or a wrong URL, not a contract violation: nothing was verified.\n")
        #expect(outcome.out.isEmpty)
        let xml = try String(contentsOf: junit, encoding: .utf8)
        #expect(xml.contains(#"<error message="cannot reach the server at http://127.0.0.1:1: connection refused"#))
    }

    @Test("a host name that does not resolve: exit 2, saying so")
    func unresolvableHost() async {
        let outcome = await verifyLive("http://kitchen-staging.invalid:8080/api/v1")
        #expect(outcome.status == .error)
        #expect(outcome.error.contains("cannot reach the server at http://kitchen-staging.invalid:8080/api/v1: the host name does not resolve (DNS)"),
                "\(outcome.error)")
    }

    @Test("a wrong password: exit 2, login as the user failed: 401 unauthorized")
    func wrongPassword() async throws {
        let simulator = try start(SimulatorConfiguration(port: 0))
        defer { simulator.stop() }
        let outcome = await kitchen(["verify", "--live", try #require(simulator.baseURL), "--user", "demo", "--password", "not-the-password",
                                     "--recordings", Repository.recordings.path, "--contracts", Repository.contracts.path])
        #expect(outcome.status == .error)
        #expect(outcome.error.hasPrefix("kitchen verify: login as demo failed: 401 unauthorized."), "\(outcome.error)")
    }

    @Test("a gateway answering 503 for a dead application: exit 2, not 33 violations")
    func failingServer() async throws {
        let gateway = HTTPServer(configuration: HTTPServerConfiguration(host: "127.0.0.1", port: 0), responder: Unavailable())
        try gateway.start()
        defer { gateway.stop() }
        let url = "http://127.0.0.1:\(try #require(gateway.address?.port))"
        let outcome = await verifyLive(url)
        #expect(outcome.status == .error)
        #expect(outcome.error.contains("POST \(url)/auth/login answered 503 Service Unavailable (the server is failing)"), "\(outcome.error)")
    }

    @Test("a server that goes down mid-run: exit 2, naming the scenario it was in")
    func outageMidRun() async throws {
        let simulator = try start(SimulatorConfiguration(port: 0))
        let gateway = HTTPServer(configuration: HTTPServerConfiguration(host: "127.0.0.1", port: 0),
                                 responder: DyingGateway(simulator: simulator, requestsBeforeDeath: 12))
        try gateway.start()
        defer { gateway.stop(); simulator.stop() }
        let outcome = await verifyLive("http://127.0.0.1:\(try #require(gateway.address?.port))", "--only", "error-statuses.har")
        #expect(outcome.status == .error, "\(outcome.out)")
        #expect(outcome.error.contains("kitchen verify: the server stopped answering during scenario error-statuses: "), "\(outcome.error)")
        #expect(outcome.error.contains("answered 502"), "\(outcome.error)")
    }
}

/// A gateway whose application is down.
private struct Unavailable: HTTPResponder {
    func respond(to request: HTTPRequest, context: HTTPRequestContext) -> HTTPReply {
        .response(.text(503, "upstream unavailable"))
    }
}

/// A gateway in front of the simulator that stops the simulator after `requestsBeforeDeath`
/// requests and answers 502 from then on, as a real gateway does when its application dies.
private final class DyingGateway: HTTPResponder {
    let simulator: Simulator
    let requestsBeforeDeath: Int
    private let count = Atomic<Int>(0)

    init(simulator: Simulator, requestsBeforeDeath: Int) {
        self.simulator = simulator
        self.requestsBeforeDeath = requestsBeforeDeath
    }

    /// Forwarding blocks: it runs off the event loop, and the answer comes later.
    func respond(to request: HTTPRequest, context: HTTPRequestContext) -> HTTPReply {
        let reply = HTTPDeferredReply()
        DispatchQueue.global().async { reply.complete(self.forward(request)) }
        return .deferred(reply)
    }

    private func forward(_ request: HTTPRequest) -> HTTPReply {
        let seen = count.add(1, ordering: .relaxed).newValue
        if seen == requestsBeforeDeath { simulator.stop() }
        guard let port = simulator.port, seen < requestsBeforeDeath else { return .response(.text(502, "bad gateway")) }
        var forwarded = request
        for name in ["Host", "Connection", "Content-Length"] { forwarded.headers.remove(name) }
        do {
            let connection = try HTTPClientConnection(host: "127.0.0.1", port: port)
            defer { connection.close() }
            var answer = try connection.send(forwarded)
            answer.headers.remove("Connection")
            answer.headers.remove("Transfer-Encoding")
            answer.headers.remove("Content-Length")
            return .response(HTTPResponse(status: answer.status, headers: answer.headers, body: answer.bodyBytes ?? []))
        } catch {
            return .response(.text(502, "bad gateway: \(error)"))
        }
    }
}
