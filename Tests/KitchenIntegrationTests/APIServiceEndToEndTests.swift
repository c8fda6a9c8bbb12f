import Foundation
import KitchenAPI
import Testing

/// The real `APIService` (URLSession) against the running simulator: every operation, every documented error.
@Suite(.timeLimit(.minutes(2))) struct APIServiceEndToEndTests {
    @Test func everyOperationSucceedsWithTheDocumentedShape() async throws {
        let live = try LiveSimulator()
        let api = live.client()
        let login = try await api.login(username: "demo", password: "demo")
        #expect(login.user.username == "demo")
        #expect(api.tokenStore.token == login.token)
        let devices = try await api.fetchDevices()
        #expect(devices.map(\.type) == [.oven, .oven, .fridge, .dishwasher, .iceMaker])
        let double = devices.first(.oven, double: true), single = devices.first(.oven, double: false)
        #expect(double.compartments?.map(\.key) == ["upper", "lower"])

        for (oven, compartment) in [(double, "upper"), (double, "lower"), (single, nil)] as [(DeviceInfo, String?)] {
            #expect(try await api.getOvenState(deviceId: oven.id, compartment: compartment).isOn == false)
            #expect(try await api.setOvenPower(deviceId: oven.id, compartment: compartment, isOn: true).isOn)
            #expect(try await api.setOvenTemperature(deviceId: oven.id, compartment: compartment, temperature: 400).targetTemperature == 400)
            #expect(try await api.setOvenMode(deviceId: oven.id, compartment: compartment, mode: "convect").mode == "convect")
        }
        let fridge = devices.first(.fridge)
        #expect(try await api.getFridgeState(deviceId: fridge.id).doorOpenedAt == nil)
        #expect(try await api.setFridgeTemperature(deviceId: fridge.id, temperature: 36).targetTemperature == 36)
        #expect(try await api.setFreezerTemperature(deviceId: fridge.id, temperature: -2).freezerTargetTemperature == -2)
        let dishwasher = devices.first(.dishwasher)
        #expect(try await api.getDishwasherState(deviceId: dishwasher.id).status == .idle)
        #expect(try await api.startDishwasher(deviceId: dishwasher.id, cycle: "speed_wash").remainingMinutes == 60)
        let stopped = try await api.stopDishwasher(deviceId: dishwasher.id)
        #expect(stopped.status == .idle && stopped.cycle == nil)
        let iceMaker = devices.first(.iceMaker)
        #expect(try await api.getIceMakerState(deviceId: iceMaker.id).productionRate == "medium")
        #expect(try await api.setIceMakerPower(deviceId: iceMaker.id, isOn: false).isOn == false)
        #expect(try await api.setIceMakerRate(deviceId: iceMaker.id, rate: "low").productionRate == "low")

        try await api.logout()
        #expect(api.tokenStore.token == nil)
    }

    /// Runs `call` and returns the AppError it threw.
    func appError(_ call: () async throws -> Void) async -> AppError? {
        do {
            try await call()
            return nil
        } catch {
            return AppError.from(error)
        }
    }

    @Test func badRequestAndInvalidValueCarryTheServersMessage() async throws {
        let live = try LiveSimulator()
        let (api, devices) = try await live.loggedIn()
        let double = devices.first(.oven, double: true)
        let missing = await appError { _ = try await api.setOvenPower(deviceId: double.id, compartment: nil, isOn: true) }
        #expect(missing == .badRequest(message: "compartment is required for a double oven"))
        let range = await appError { _ = try await api.setOvenTemperature(deviceId: double.id, compartment: "upper", temperature: 600) }
        #expect(range == .invalidValue(message: "targetTemperature must be between 170 and 550"))
        let cycle = await appError { _ = try await api.startDishwasher(deviceId: devices.first(.dishwasher).id, cycle: "turbo") }
        guard case .invalidValue? = cycle else { Issue.record("got \(String(describing: cycle))"); return }
        let login = await appError { _ = try await live.client().login(username: "demo", password: "nope") }
        #expect(login == .unauthorized)
    }

    @Test func missingExpiredAndRevokedTokensAreUnauthorized() async throws {
        let live = try LiveSimulator(tokenTTLSeconds: 5)
        #expect(await appError { _ = try await live.client().fetchDevices() } == .unauthorized)
        let (expiring, _) = try await live.loggedIn()
        try live.simulator.advance(ticks: 5)
        #expect(await appError { _ = try await expiring.fetchDevices() } == .unauthorized)
        let (revoked, _) = try await live.loggedIn()
        live.simulator.revokeTokens(of: "demo")
        let error = await appError { _ = try await revoked.fetchDevices() }
        #expect(error == .unauthorized && error?.isUnauthorized == true)
    }

    @Test func anotherUsersDeviceAndTheWrongTypeAreNotFound() async throws {
        let live = try LiveSimulator()
        let (api, devices) = try await live.loggedIn("demo")
        let (_, aliceDevices) = try await live.loggedIn("alice")
        #expect(await appError { _ = try await api.getFridgeState(deviceId: aliceDevices.first(.fridge).id) } == .notFound)
        #expect(await appError { _ = try await api.getIceMakerState(deviceId: devices.first(.fridge).id) } == .notFound)
    }

    @Test func conflictPayloadTooLargeAndServerErrors() async throws {
        let live = try LiveSimulator()
        let (api, devices) = try await live.loggedIn()
        let dishwasher = devices.first(.dishwasher).id
        _ = try await api.startDishwasher(deviceId: dishwasher, cycle: "eco")
        #expect(await appError { _ = try await api.startDishwasher(deviceId: dishwasher, cycle: "eco") } == .conflict)
        let huge = String(repeating: "x", count: 70_000)
        let oven = devices.first(.oven, double: false).id
        #expect(await appError { _ = try await api.setOvenMode(deviceId: oven, compartment: nil, mode: huge) } == .payloadTooLarge)
        live.simulator.injectFault(path: "/devices/*/fridge", status: 500, times: 1)
        #expect(await appError { _ = try await api.getFridgeState(deviceId: devices.first(.fridge).id) } == .server(status: 500))
        #expect(try await api.getFridgeState(deviceId: devices.first(.fridge).id).targetTemperature == 37)
    }

    @Test func aDeadServerIsATransportError() async throws {
        let live = try LiveSimulator()
        let api = live.client()
        live.simulator.stop()
        let error = await appError { _ = try await api.login(username: "demo", password: "demo") }
        guard case .transport? = error else { Issue.record("got \(String(describing: error))"); return }
    }
}
