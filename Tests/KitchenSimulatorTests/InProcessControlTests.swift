import Testing
@testable import KitchenSimulator
import KitchenTestSupport

/// The controls as Swift calls: the outcomes and the errors of the `/_sim/` routes they stand for.
@Suite struct InProcessControlTests {
    /// The demo user's first device of `kind`, after a login has made the kitchen.
    func device(_ kind: DeviceKind, of simulator: Simulator) -> String? {
        simulator.world.withLock { world in
            _ = world.login(username: "demo", password: "demo")
            return world.kitchen(of: "demo").first { $0.kind == kind }?.id
        }
    }

    func fridge(_ id: String, of simulator: Simulator) -> FridgeState? {
        guard case .fridge(let state)? = simulator.world.withLock({ $0.states[StateKey(deviceID: id, compartment: nil)] }) else {
            return nil
        }
        return state
    }

    @Test func advancingAWallClockThrowsTheConflictTheHTTPControlAnswers() {
        let simulator = Simulator(configuration: SimulatorConfiguration(port: 0))
        let conflict = APIError.conflict("the clock is not manual; start with --tick manual")
        #expect(throws: conflict) { try simulator.advance(ticks: 1) }
        let described: APIErrorDescription = conflict
        #expect(described.status == 409 && described.code == "conflict")
        #expect(described.description == "409 conflict: the clock is not manual; start with --tick manual")
    }

    @Test func aFridgeDoorOpensAtTheSimulationsNowAndClosesAgain() throws {
        let simulator = Simulator(configuration: .forTests)
        let id = try #require(device(.fridge, of: simulator))
        try simulator.setFridgeDoor(deviceID: id, isOpen: true)
        let opened = try #require(fridge(id, of: simulator))
        #expect(opened.isDoorOpen && opened.doorOpenedAt == simulator.world.withLock { $0.now })
        try simulator.setFridgeDoor(deviceID: id, isOpen: false)
        let closed = try #require(fridge(id, of: simulator))
        #expect(!closed.isDoorOpen && closed.doorOpenedAt == nil)
    }

    @Test func aFridgeDoorOnAnUnknownDeviceOrOnAnotherKindIsNotFound() throws {
        let simulator = Simulator(configuration: .forTests)
        let oven = try #require(device(.oven, of: simulator))
        #expect(throws: APIError.notFound) { try simulator.setFridgeDoor(deviceID: "fridge-nowhere", isOpen: true) }
        #expect(throws: APIError.notFound) { try simulator.setFridgeDoor(deviceID: oven, isOpen: true) }
    }
}
