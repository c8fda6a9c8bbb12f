import Foundation
import HarnessCore
import HTTPWire
import KitchenRecorder
import KitchenScenarios
import KitchenSimulator
import KitchenVerify
import Synchronization

/// Records scenarios against the embedded simulator: for each one a fresh simulator
/// (manual clock, controls on, a fixed seed) behind a fresh recording proxy, so that every
/// file depends only on its scenario and re-recording an unchanged scenario gives the same bytes.
public struct ScenarioRecorder: Sendable {
    /// The seed every recording uses.
    public var seed: UInt64
    /// The authority written in recorded URLs (the simulator's default address).
    public var authority: String
    /// How long a scenario may wait for an expected live-update message.
    public var timeout: Duration

    /// A recorder with the seed, recorded authority and message timeout the committed recordings use.
    public init(seed: UInt64 = 2026, authority: String = "127.0.0.1:8080", timeout: Duration = .seconds(10)) {
        self.seed = seed
        self.authority = authority
        self.timeout = timeout
    }

    /// Records `scenario` into `directory/<name>.har`. The file is replaced only if the scenario succeeds.
    public func record(_ scenario: Scenario, into directory: URL) async throws -> RecordingSummary {
        let simulator = Simulator(configuration: SimulatorConfiguration(
            port: 0, seed: seed, manualClock: true, controlsEnabled: true, householdDoorOpeningsPerHour: 0))
        try simulator.start()
        defer { simulator.stop() }
        guard let simulatorURL = simulator.baseURL.flatMap(URL.init(string:)) else {
            throw VerifyError.noListeningAddress("simulator")
        }
        let keys = DeterministicKeys(seed: seed)
        do {
            return try await ProxiedRecording.record(scenario, into: directory, keepPartial: false) { staged in
                RecordingProxyConfiguration(upstream: simulatorURL, output: staged) {
                    $0.port = 0
                    $0.redaction = .kitchen
                    $0.durability = .none
                    $0.clock = simulator
                    $0.extraSecrets = { simulator.issuedTokens }
                    $0.authority = authority
                    $0.webSocketKeys = { keys.next() }
                    $0.canonicalHeaderOrder = true
                    $0.recordedHost = authority
                }
            } context: { proxyURL in
                ScenarioContext(
                    baseURL: proxyURL,
                    accounts: [.init(username: "demo", password: "demo"), .init(username: "alice", password: "alice")],
                    controls: HTTPSimulatorControls(baseURL: simulatorURL), timeout: timeout)
            }
        } catch let failure as ProxiedRecording.Failure {
            throw failure.error
        }
    }
}

/// `Sec-WebSocket-Key`s from a seeded generator: valid (16 random-looking bytes, base64) and the same on every run.
final class DeterministicKeys: Sendable {
    private let random: Mutex<SeededGenerator>

    init(seed: UInt64) { random = Mutex(SeededGenerator(seed: seed ^ 0x5EC_5EB_50C_7E7)) }

    func next() -> String {
        random.withLock { random in Base64.encode((0..<16).map { _ in UInt8.random(in: 0...255, using: &random) }) }
    }
}
