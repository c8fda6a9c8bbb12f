import Foundation
import KitchenAPI
import Testing

@Suite("MockAPIService")
struct MockAPIServiceTests {
    /// Stubs `operation` with a distinctive value (unless `stubs` is false),
    /// calls it once with distinctive arguments, and returns the call it
    /// should have recorded and whether the stub's value came back. The
    /// switch is exhaustive, so a new operation must be added here.
    static func exercise(
        _ operation: APIOperation, on mock: MockAPIService, stubs: Bool = true
    ) async throws -> (call: APICall, returnedStub: Bool)? {
        let oven = Samples.oven, fridge = Samples.fridge, dishwasher = Samples.dishwasher, ice = Samples.iceMaker
        switch operation {
        case .login:
            if stubs { mock.loginStub.result = .success(Samples.login) }
            let value = try await mock.login(username: "alice", password: "pw")
            return (.login(username: "alice", password: "pw"), value == Samples.login)
        case .logout:
            if stubs { mock.logoutStub.result = .success(()) }
            try await mock.logout()
            return (.logout, true)
        case .listDevices:
            if stubs { mock.fetchDevicesStub.result = .success(Samples.devices) }
            let value = try await mock.fetchDevices()
            return (.fetchDevices, value == Samples.devices)
        case .getOvenState:
            if stubs { mock.getOvenStateStub.result = .success(oven) }
            let value = try await mock.getOvenState(deviceId: "o", compartment: "upper")
            return (.getOvenState(deviceId: "o", compartment: "upper"), value == oven)
        case .setOvenPower:
            if stubs { mock.setOvenPowerStub.result = .success(oven) }
            let value = try await mock.setOvenPower(deviceId: "o", isOn: true)
            return (.setOvenPower(deviceId: "o", compartment: nil, isOn: true), value == oven)
        case .setOvenTemperature:
            if stubs { mock.setOvenTemperatureStub.result = .success(oven) }
            let value = try await mock.setOvenTemperature(deviceId: "o", compartment: "lower", temperature: 400)
            return (.setOvenTemperature(deviceId: "o", compartment: "lower", temperature: 400), value == oven)
        case .setOvenMode:
            if stubs { mock.setOvenModeStub.result = .success(oven) }
            let value = try await mock.setOvenMode(deviceId: "o", mode: "roast")
            return (.setOvenMode(deviceId: "o", compartment: nil, mode: "roast"), value == oven)
        case .getFridgeState:
            if stubs { mock.getFridgeStateStub.result = .success(fridge) }
            let value = try await mock.getFridgeState(deviceId: "f")
            return (.getFridgeState(deviceId: "f"), value == fridge)
        case .setFridgeTemperature:
            if stubs { mock.setFridgeTemperatureStub.result = .success(fridge) }
            let value = try await mock.setFridgeTemperature(deviceId: "f", temperature: 36)
            return (.setFridgeTemperature(deviceId: "f", temperature: 36), value == fridge)
        case .setFreezerTemperature:
            if stubs { mock.setFreezerTemperatureStub.result = .success(fridge) }
            let value = try await mock.setFreezerTemperature(deviceId: "f", temperature: -5)
            return (.setFreezerTemperature(deviceId: "f", temperature: -5), value == fridge)
        case .getDishwasherState:
            if stubs { mock.getDishwasherStateStub.result = .success(dishwasher) }
            let value = try await mock.getDishwasherState(deviceId: "d")
            return (.getDishwasherState(deviceId: "d"), value == dishwasher)
        case .startDishwasher:
            if stubs { mock.startDishwasherStub.result = .success(dishwasher) }
            let value = try await mock.startDishwasher(deviceId: "d", cycle: "eco")
            return (.startDishwasher(deviceId: "d", cycle: "eco"), value == dishwasher)
        case .stopDishwasher:
            if stubs { mock.stopDishwasherStub.result = .success(dishwasher) }
            let value = try await mock.stopDishwasher(deviceId: "d")
            return (.stopDishwasher(deviceId: "d"), value == dishwasher)
        case .getIceMakerState:
            if stubs { mock.getIceMakerStateStub.result = .success(ice) }
            let value = try await mock.getIceMakerState(deviceId: "i")
            return (.getIceMakerState(deviceId: "i"), value == ice)
        case .setIceMakerPower:
            if stubs { mock.setIceMakerPowerStub.result = .success(ice) }
            let value = try await mock.setIceMakerPower(deviceId: "i", isOn: false)
            return (.setIceMakerPower(deviceId: "i", isOn: false), value == ice)
        case .setIceMakerRate:
            if stubs { mock.setIceMakerRateStub.result = .success(ice) }
            let value = try await mock.setIceMakerRate(deviceId: "i", rate: "low")
            return (.setIceMakerRate(deviceId: "i", rate: "low"), value == ice)
        case .openLiveUpdates:
            return nil
        }
    }

    @Test("Every operation returns its stub's value and records exactly its call", arguments: APIOperation.allCases)
    func everyOperation(operation: APIOperation) async throws {
        let mock = MockAPIService()
        guard let (expectedCall, returnedStubValue) = try await Self.exercise(operation, on: mock) else {
            #expect(mock.stub(for: operation) == nil, "only the WebSocket operation has no REST stub")
            #expect(operation == .openLiveUpdates)
            return
        }
        let stub = try #require(mock.stub(for: operation))
        #expect(returnedStubValue)
        #expect(stub.operation == operation)
        #expect(stub.recordedCalls == [expectedCall])
        #expect(mock.operationLog == [operation])
        for other in APIOperation.allCases where other != operation {
            #expect(mock.stub(for: other)?.recordedCalls.isEmpty ?? true, "\(other) must not record \(operation)")
        }
    }

    @Test("Every operation throws its stub's failure", arguments: APIServiceRequestTests.restOperations)
    func everyOperationFails(operation: APIOperation) async throws {
        let mock = MockAPIService()
        for other in APIOperation.allCases {
            mock.stub(for: other)?.stubFailure(AppError.conflict)
        }
        await #expect(throws: AppError.conflict) { _ = try await Self.exercise(operation, on: mock, stubs: false) }
        #expect(mock.stub(for: operation)?.recordedCalls.count == 1)
    }

    @Test("Defaults are realistic: one of each kind, a double oven with upper and lower")
    func defaults() async throws {
        let mock = MockAPIService()
        let devices = try await mock.fetchDevices()
        #expect(Set(devices.map(\.type)) == [.oven, .fridge, .dishwasher, .iceMaker])
        #expect(devices.filter(\.isDoubleOven).flatMap { $0.compartments ?? [] }.map(\.key) == ["upper", "lower"])
        #expect(try await mock.getOvenState(deviceId: "x") == .defaultOvenState)
        #expect(try await mock.getFridgeState(deviceId: "x") == .defaultFridgeState)
        #expect(try await mock.getDishwasherState(deviceId: "x") == .defaultDishwasherState)
        #expect(try await mock.stopDishwasher(deviceId: "x") == .defaultDishwasherState)
        #expect(try await mock.getIceMakerState(deviceId: "x") == .defaultIceMakerState)
        #expect(try await mock.login(username: "demo", password: "demo") == .defaultLoginResponse)
    }

    @Test("A start answers a running dishwasher with its cycle's full length left, as the contract says")
    func startAnswersRunning() async throws {
        let state = try await MockAPIService().startDishwasher(deviceId: "x", cycle: "normal")
        #expect(state.status == .running)
        #expect(state.cycle == "normal")
        #expect(state.remainingMinutes == 120)
        #expect(state == .startedDishwasherState)
    }

    @Test("Scripted results are used first-in first-out for their exact call, then the default result")
    func scriptedResults() async throws {
        let mock = MockAPIService()
        var hot = Samples.oven
        hot.targetTemperature = 500
        let on = APICall.setOvenPower(deviceId: "o", compartment: "upper", isOn: true)
        mock.setOvenPowerStub.enqueue(.success(hot), for: on)
        mock.setOvenPowerStub.enqueue(.failure(AppError.conflict), for: on)
        #expect(mock.setOvenPowerStub.pendingScriptedCount == 2)

        #expect(try await mock.setOvenPower(deviceId: "o", compartment: "lower", isOn: true) == .defaultOvenState)
        #expect(try await mock.setOvenPower(deviceId: "o", compartment: "upper", isOn: true) == hot)
        await #expect(throws: AppError.conflict) {
            _ = try await mock.setOvenPower(deviceId: "o", compartment: "upper", isOn: true)
        }
        #expect(try await mock.setOvenPower(deviceId: "o", compartment: "upper", isOn: true) == .defaultOvenState)
        #expect(mock.setOvenPowerStub.calls.count == 4)
        #expect(mock.setOvenPowerStub.lastCall == on)
        #expect(mock.setOvenPowerStub.pendingScriptedCount == 0)

        mock.setOvenPowerStub.reset()
        #expect(mock.setOvenPowerStub.calls.isEmpty)
    }

    @Test("The mock logs every call with its arguments, in order, across its stubs")
    func callLog() async throws {
        let mock = MockAPIService()
        _ = try await mock.fetchDevices()
        _ = try await mock.setOvenPower(deviceId: "o", compartment: "upper", isOn: true)
        _ = try await mock.fetchDevices()
        #expect(mock.calls == [.fetchDevices, .setOvenPower(deviceId: "o", compartment: "upper", isOn: true), .fetchDevices])
        #expect(mock.operationLog == [.listDevices, .setOvenPower, .listDevices])
        #expect(mock.fetchDevicesStub.calls == [.fetchDevices, .fetchDevices])
    }

    @Test("A type-erased script queues only a value of the stub's type, for a call of the stub's method")
    func erasedScript() async throws {
        let mock = MockAPIService()
        let stub = try #require(mock.stub(for: .getIceMakerState))
        #expect(!stub.script(.success(Samples.iceMaker), for: .getFridgeState(deviceId: "i")))
        #expect(!stub.script(.success(Samples.fridge), for: .getIceMakerState(deviceId: "i")))
        #expect(stub.script(.success(Samples.iceMaker), for: .getIceMakerState(deviceId: "i")))
        #expect(mock.getIceMakerStateStub.pendingScriptedCount == 1)
        #expect(try await mock.getIceMakerState(deviceId: "i") == Samples.iceMaker)
    }

    @Test("Restoring a stub's default result undoes a stubbed failure and keeps scripted results")
    func restoreDefaultResult() async throws {
        let mock = MockAPIService()
        let stub = try #require(mock.stub(for: .startDishwasher))
        stub.stubFailure(AppError.conflict)
        #expect(stub.script(.success(Samples.dishwasher), for: .startDishwasher(deviceId: "d", cycle: "eco")))
        stub.restoreDefaultResult()
        #expect(try await mock.startDishwasher(deviceId: "d", cycle: "eco") == Samples.dishwasher)
        #expect(try await mock.startDishwasher(deviceId: "d", cycle: "eco") == .startedDishwasherState)
    }

    @Test("The type-erased stub shows the stubbed result")
    func erasedResult() throws {
        let mock = MockAPIService()
        mock.getIceMakerStateStub.result = .success(Samples.iceMaker)
        let erased = try #require(mock.stub(for: .getIceMakerState)).stubbedResult
        #expect(try erased.get() as? IceMakerState == Samples.iceMaker)
    }
}
