import Foundation
import KitchenSimulator

/// The simulator a test talks to over real sockets: started on a free port, stopped when the
/// last reference goes. Every suite that needs a live server builds on this one.
public final class RunningSimulator: Sendable {
    /// The running simulator (its clock, controls and world).
    public let simulator: Simulator
    /// The port it listens on.
    public let port: Int
    /// `http://127.0.0.1:<port>` and the configured base path.
    public let baseURL: URL

    /// Starts a simulator with `configuration`, by default `.forTests`.
    public init(_ configuration: SimulatorConfiguration = .forTests) throws {
        simulator = Simulator(configuration: configuration)
        try simulator.start()
        guard let port = simulator.port, let url = simulator.baseURL.flatMap(URL.init(string:)) else {
            simulator.stop()
            throw PeerError.notStarted("the simulator started without a listening address")
        }
        self.port = port
        baseURL = url
    }

    deinit { simulator.stop() }
}

extension SimulatorConfiguration {
    /// What tests want unless they say otherwise: a free port, a manual clock (time moves
    /// only when the test says so), the provider-state controls, and no doors opened by the
    /// simulated household.
    public static var forTests: SimulatorConfiguration {
        SimulatorConfiguration(port: 0, manualClock: true, controlsEnabled: true, householdDoorOpeningsPerHour: 0)
    }
}
