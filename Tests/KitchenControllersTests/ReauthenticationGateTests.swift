import KitchenAPI
import KitchenControllers
import Testing

struct ReauthenticationGateTests {
    let mock = MockAPIService()
    let telemetry = RecordingTelemetryService()

    func lockedGate() -> ReauthenticationGate {
        let gate = ReauthenticationGate(wrapping: mock, telemetry: telemetry)
        var session = SessionState()
        session.record(AppError.unauthorized)
        gate.update(session)
        return gate
    }

    @Test func anOpenGatePassesEveryCall() async throws {
        let gate = ReauthenticationGate(wrapping: mock, telemetry: telemetry)
        _ = try await gate.fetchDevices()
        _ = try await gate.setOvenPower(deviceId: "oven-1", compartment: nil, isOn: true)
        #expect(mock.operationLog == [.listDevices, .setOvenPower])
        #expect(telemetry.events.isEmpty)
    }

    @Test(arguments: APIOperation.allCases.filter { $0 != .login && $0 != .logout && $0 != .openLiveUpdates })
    func anOpenGateForwardsEachCallToTheSameMethod(operation: APIOperation) async throws {
        let gate = ReauthenticationGate(wrapping: mock, telemetry: telemetry)
        try await call(operation, on: gate)
        #expect(mock.operationLog == [operation])
    }

    @Test func anOpenGateForwardsACallWithItsArguments() async throws {
        let gate = ReauthenticationGate(wrapping: mock, telemetry: telemetry)
        _ = try await gate.setOvenTemperature(deviceId: "oven-double-1", compartment: "upper", temperature: 425)
        #expect(mock.calls == [.setOvenTemperature(deviceId: "oven-double-1", compartment: "upper", temperature: 425)])
    }

    @Test(arguments: APIOperation.allCases.filter { $0 != .login && $0 != .logout && $0 != .openLiveUpdates })
    func aLockedGateThrowsUnauthorizedWithoutCallingThrough(operation: APIOperation) async throws {
        let gate = lockedGate()
        await #expect(throws: AppError.unauthorized) { try await call(operation, on: gate) }
        #expect(mock.operationLog.isEmpty)
        #expect(telemetry.events == [.commandBlocked(operation: operation.rawValue)])
    }

    @Test func signingInAndOutAlwaysPass() async throws {
        let gate = lockedGate()
        _ = try await gate.login(username: "demo", password: "demo")
        try await gate.logout()
        #expect(mock.operationLog == [.login, .logout])
    }

    func call(_ operation: APIOperation, on api: any APIServiceProtocol) async throws {
        switch operation {
        case .listDevices: _ = try await api.fetchDevices()
        case .getOvenState: _ = try await api.getOvenState(deviceId: "oven-1")
        case .setOvenPower: _ = try await api.setOvenPower(deviceId: "oven-1", isOn: true)
        case .setOvenTemperature: _ = try await api.setOvenTemperature(deviceId: "oven-1", temperature: 300)
        case .setOvenMode: _ = try await api.setOvenMode(deviceId: "oven-1", mode: "bake")
        case .getFridgeState: _ = try await api.getFridgeState(deviceId: "fridge-1")
        case .setFridgeTemperature: _ = try await api.setFridgeTemperature(deviceId: "fridge-1", temperature: 36)
        case .setFreezerTemperature: _ = try await api.setFreezerTemperature(deviceId: "fridge-1", temperature: 0)
        case .getDishwasherState: _ = try await api.getDishwasherState(deviceId: "dishwasher-1")
        case .startDishwasher: _ = try await api.startDishwasher(deviceId: "dishwasher-1", cycle: "eco")
        case .stopDishwasher: _ = try await api.stopDishwasher(deviceId: "dishwasher-1")
        case .getIceMakerState: _ = try await api.getIceMakerState(deviceId: "icemaker-1")
        case .setIceMakerPower: _ = try await api.setIceMakerPower(deviceId: "icemaker-1", isOn: true)
        case .setIceMakerRate: _ = try await api.setIceMakerRate(deviceId: "icemaker-1", rate: "low")
        case .login, .logout, .openLiveUpdates: Issue.record("not a gated command: \(operation)")
        }
    }
}
