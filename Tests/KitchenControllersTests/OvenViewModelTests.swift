import KitchenAPI
import KitchenControllerProperties
import KitchenControllers
import KitchenSwiftTesting
import Testing
import VirtualTime

@MainActor
struct OvenViewModelTests {
    let clock = VirtualClock()
    let telemetry = RecordingTelemetryService()
    let errors = ErrorLog()

    func makeOvens(api: any APIServiceProtocol) -> OvenViewModel {
        let ovens = OvenViewModel(api: api, telemetry: telemetry, clock: clock)
        ovens.errorHandler = { errors.record($0) }
        return ovens
    }

    func kitchenAPI() -> ModelKitchenAPI {
        ModelKitchenAPI(kitchen: .standard(at: clock.startDate), clock: clock)
    }

    @Test func initialStateIsFetchedPerCompartmentOfADoubleOven() async {
        let mock = MockAPIService()
        let ovens = makeOvens(api: mock)
        await ovens.fetchInitialState(for: DeviceInfo.defaultDevices[0])
        #expect(mock.getOvenStateStub.calls == [.getOvenState(deviceId: "oven-double-1", compartment: "upper"),
                                                .getOvenState(deviceId: "oven-double-1", compartment: "lower")])
        #expect(ovens.state(deviceId: "oven-double-1", compartment: "lower") == .defaultOvenState)
    }

    @Test func toggleAndModeApplyTheConfirmedState() async {
        let api = kitchenAPI()
        let ovens = makeOvens(api: api)
        await ovens.fetchInitialState(for: DeviceInfo.defaultDevices[1])
        await ovens.togglePower(deviceId: "oven-1")
        await ovens.setMode("convect", deviceId: "oven-1")
        #expect(ovens.state(deviceId: "oven-1")?.isOn == true)
        #expect(ovens.state(deviceId: "oven-1")?.mode == "convect")
        #expect(telemetry.events.contains(.commandSucceeded(.ovenPower(isOn: true), device: DeviceKey(deviceId: "oven-1"))))
    }

    @Test func aFailedCommandLeavesTheStateAndReportsTheError() async {
        let mock = MockAPIService()
        let ovens = makeOvens(api: mock)
        await ovens.fetchInitialState(for: DeviceInfo.defaultDevices[1])
        mock.setOvenModeStub.result = .failure(AppError.invalidValue(message: "unknown mode"))
        await ovens.setMode("steam", deviceId: "oven-1")
        #expect(ovens.state(deviceId: "oven-1")?.mode == "bake")
        #expect(errors.errors.compactMap(AppError.from) == [.invalidValue(message: "unknown mode")])
    }

    @Test func sliderShowsAtOnceAndSendsTheLastValueOnceAfterTheQuietPeriod() async throws {
        let api = kitchenAPI()
        let ovens = makeOvens(api: api)
        await ovens.fetchInitialState(for: DeviceInfo.defaultDevices[1])
        ovens.setTemperature(360, deviceId: "oven-1")
        #expect(ovens.state(deviceId: "oven-1")?.targetTemperature == 360)
        try await clock.advance(by: .milliseconds(300))
        ovens.setTemperature(375, deviceId: "oven-1")
        try await clock.advance(by: .milliseconds(499))
        #expect(api.calls.filter { $0.operation == .setOvenTemperature }.isEmpty)
        try await clock.advance(by: .milliseconds(1))
        #expect(api.calls.filter { $0.operation == .setOvenTemperature }.map(\.description)
            == ["setOvenTemperature oven-1 375 at 800 ms"])
        #expect(ovens.state(deviceId: "oven-1")?.targetTemperature == 375)
        #expect(!ovens.hasPendingTemperatureChange(deviceId: "oven-1"))
        expectNoPendingSleepers(on: clock)
    }

    @Test func aFailedSendRollsBackAndReports() async throws {
        let api = kitchenAPI()
        let ovens = makeOvens(api: api)
        await ovens.fetchInitialState(for: DeviceInfo.defaultDevices[1])
        api.setStandingAnswer(PlannedAnswer(latency: .milliseconds(200), failure: .server(status: 500)),
                              for: .setOvenTemperature)
        ovens.setTemperature(400, deviceId: "oven-1")
        try await clock.advance(by: .milliseconds(600))
        #expect(ovens.state(deviceId: "oven-1")?.targetTemperature == 400)
        #expect(ovens.hasPendingTemperatureChange(deviceId: "oven-1"))
        try await clock.advance(by: .milliseconds(100))
        #expect(ovens.state(deviceId: "oven-1")?.targetTemperature == 350)
        #expect(errors.errors.compactMap(AppError.from) == [.server(status: 500)])
        expectNoPendingSleepers(on: clock)
    }

    @Test func aStaleAnswerArrivingLastDoesNotOverwriteTheNewerValue() async throws {
        let api = kitchenAPI()
        let ovens = makeOvens(api: api)
        await ovens.fetchInitialState(for: DeviceInfo.defaultDevices[1])
        api.setStandingAnswer(PlannedAnswer(latency: .seconds(2)), for: .setOvenTemperature)
        ovens.setTemperature(400, deviceId: "oven-1")
        try await clock.advance(by: .milliseconds(500))  // request 1 sent, answered at 2500 ms
        api.setStandingAnswer(PlannedAnswer(latency: .milliseconds(100)), for: .setOvenTemperature)
        ovens.setTemperature(420, deviceId: "oven-1")
        try await clock.advance(by: .milliseconds(600))  // request 2 sent at 1000 ms, answered at 1100 ms
        #expect(ovens.state(deviceId: "oven-1")?.targetTemperature == 420)
        try await clock.run()
        #expect(ovens.state(deviceId: "oven-1")?.targetTemperature == 420)
        #expect(errors.errors.isEmpty)
    }

    @Test func aLiveUpdateDuringABurstKeepsTheUsersValue() async throws {
        let ovens = makeOvens(api: kitchenAPI())
        await ovens.fetchInitialState(for: DeviceInfo.defaultDevices[1])
        ovens.setTemperature(450, deviceId: "oven-1")
        var live = OvenState.defaultOvenState
        live.currentTemperature = 200
        ovens.apply(live, to: DeviceKey(deviceId: "oven-1"), source: .live)
        #expect(ovens.state(deviceId: "oven-1")?.targetTemperature == 450)
        #expect(ovens.state(deviceId: "oven-1")?.currentTemperature == 200)
        try await clock.run()
        #expect(ovens.state(deviceId: "oven-1")?.targetTemperature == 450)
    }

    @Test func cancellingPendingWorkLeavesNoSleeperAndCancelsInFlightRequests() async throws {
        let api = kitchenAPI()
        let ovens = makeOvens(api: api)
        await ovens.fetchInitialState(for: DeviceInfo.defaultDevices[1])
        api.setStandingAnswer(PlannedAnswer(latency: .seconds(5)), for: .setOvenTemperature)
        ovens.setTemperature(400, deviceId: "oven-1")
        try await clock.advance(by: .milliseconds(500))
        ovens.setTemperature(410, deviceId: "oven-double-1", compartment: "upper")
        #expect(clock.pendingSleepers.count == 2)
        ovens.cancelPendingWork()
        try await clock.settle()
        expectNoPendingSleepers(on: clock)
        #expect(errors.errors.contains { $0 is CancellationError })
        #expect(telemetry.events.contains(.commandCancelled(.ovenTemperature(400), device: DeviceKey(deviceId: "oven-1"))))
        #expect(ovens.state(deviceId: "oven-1")?.targetTemperature == 350)
    }
}
