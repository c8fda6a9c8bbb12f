import Foundation
import KitchenRecorder
import KitchenSimulator

extension RecordingServer {
    /// The authority written in recordings made against the embedded simulator, so files do not
    /// depend on the free port it got.
    public static let simulatorAuthority = "127.0.0.1:8080"

    /// A reference simulator started for the recording (seed 2026, its manual clock standing still,
    /// no random door openings), recorded as ``simulatorAuthority``; the tokens it issued are kept
    /// out of the file.
    public static var embeddedSimulator: RecordingServer {
        RecordingServer(name: "the embedded simulator") { () throws(LiveRecordingError) -> Running in
            let simulator = Simulator(configuration: SimulatorConfiguration(
                port: 0, seed: 2026, manualClock: true, householdDoorOpeningsPerHour: 0))
            do { try simulator.start() } catch { throw .serverDidNotStart(server: "the embedded simulator", reason: "\(error)") }
            guard let address = simulator.baseURL.flatMap(URL.init(string:)) else {
                simulator.stop()
                throw .serverDidNotStart(server: "the embedded simulator", reason: "no address after start")
            }
            return Running(url: address, clock: simulator, extraSecrets: { simulator.issuedTokens },
                           recordedAuthority: simulatorAuthority, stop: { simulator.stop() })
        }
    }
}
