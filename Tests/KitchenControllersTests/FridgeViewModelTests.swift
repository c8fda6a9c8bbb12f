import Foundation
import KitchenAPI
import KitchenControllerProperties
import KitchenControllers
import KitchenSwiftTesting
import Testing
import VirtualTime

@MainActor
struct FridgeViewModelTests {
    let clock = VirtualClock()
    let telemetry = RecordingTelemetryService()
    let mock = MockAPIService()

    func fridge(open: Bool, openedSecondsAgo: Double? = nil) -> FridgeState {
        var state = FridgeState.defaultFridgeState
        state.isDoorOpen = open
        state.doorOpenedAt = openedSecondsAgo.map { clock.currentDate.addingTimeInterval(-$0) }
        return state
    }

    var alerts: [LogEvent] {
        telemetry.events.filter {
            if case .doorAlertRaised = $0 { return true }
            if case .doorAlertCleared = $0 { return true }
            return false
        }
    }

    @Test func temperatureCommandsApplyTheAnswer() async {
        let fridges = FridgeViewModel(api: mock, telemetry: telemetry, clock: clock)
        var cooler = FridgeState.defaultFridgeState
        cooler.targetTemperature = 35
        mock.setFridgeTemperatureStub.result = .success(cooler)
        await fridges.setFridgeTemperature(35, deviceId: "fridge-1")
        #expect(fridges.fridgeStates["fridge-1"]?.targetTemperature == 35)
        #expect(mock.setFridgeTemperatureStub.calls == [.setFridgeTemperature(deviceId: "fridge-1", temperature: 35)])
        mock.setFreezerTemperatureStub.result = .failure(AppError.invalidValue(message: "out of range"))
        let errors = ErrorLog()
        fridges.errorHandler = { errors.record($0) }
        await fridges.setFreezerTemperature(20, deviceId: "fridge-1")
        #expect(errors.errors.compactMap(AppError.from) == [.invalidValue(message: "out of range")])
    }

    @Test func theAlertIsRaisedOnceAfterSixtySecondsOpenAndClearedOnClose() async throws {
        let fridges = FridgeViewModel(api: mock, telemetry: telemetry, clock: clock)
        fridges.apply(fridge(open: true, openedSecondsAgo: 0), deviceId: "fridge-1", source: .live)
        try await clock.advance(by: .milliseconds(59_999))
        #expect(!fridges.isDoorAlertRaised(deviceId: "fridge-1"))
        try await clock.advance(by: .milliseconds(1))
        #expect(fridges.isDoorAlertRaised(deviceId: "fridge-1"))
        try await clock.advance(by: .seconds(120))
        #expect(alerts == [.doorAlertRaised(deviceId: "fridge-1", openFor: .seconds(60))])
        fridges.apply(fridge(open: false), deviceId: "fridge-1", source: .live)
        #expect(!fridges.isDoorAlertRaised(deviceId: "fridge-1"))
        #expect(alerts.last == .doorAlertCleared(deviceId: "fridge-1"))
        expectNoPendingSleepers(on: clock)
    }

    @Test func aDoorOpenedInThePastCountsFromDoorOpenedAt() async throws {
        let fridges = FridgeViewModel(api: mock, telemetry: telemetry, clock: clock)
        fridges.apply(fridge(open: true, openedSecondsAgo: 45), deviceId: "fridge-1", source: .initialLoad)
        try await clock.advance(by: .seconds(15))
        #expect(alerts == [.doorAlertRaised(deviceId: "fridge-1", openFor: .seconds(60))])
        let other = FridgeViewModel(api: mock, telemetry: telemetry, clock: clock)
        other.apply(fridge(open: true, openedSecondsAgo: 600), deviceId: "fridge-2", source: .initialLoad)
        #expect(other.isDoorAlertRaised(deviceId: "fridge-2"))
        #expect(alerts.last == .doorAlertRaised(deviceId: "fridge-2", openFor: .seconds(600)))
    }

    @Test func repeatedOpenUpdatesDoNotRestartTheTimer() async throws {
        let fridges = FridgeViewModel(api: mock, telemetry: telemetry, clock: clock)
        fridges.apply(fridge(open: true), deviceId: "fridge-1", source: .live)
        for _ in 0..<5 {
            try await clock.advance(by: .seconds(10))
            fridges.apply(fridge(open: true), deviceId: "fridge-1", source: .live)
        }
        try await clock.advance(by: .seconds(10))
        #expect(alerts == [.doorAlertRaised(deviceId: "fridge-1", openFor: .seconds(60))])
        expectNoPendingSleepers(on: clock)
    }

    @Test func aCloseBeforeTheThresholdLeavesNoTimer() async throws {
        let fridges = FridgeViewModel(api: mock, telemetry: telemetry, clock: clock)
        fridges.apply(fridge(open: true), deviceId: "fridge-1", source: .live)
        try await clock.advance(by: .seconds(30))
        fridges.apply(fridge(open: false), deviceId: "fridge-1", source: .live)
        try await clock.settle()
        expectNoPendingSleepers(on: clock)
        try await clock.advance(by: .seconds(60))
        #expect(alerts.isEmpty)
    }

    @Test func theThresholdIsConfigurable() async throws {
        let fridges = FridgeViewModel(api: mock, telemetry: telemetry, clock: clock,
                                      doorAlert: DoorAlertMachine.Configuration(threshold: .seconds(5)))
        fridges.apply(fridge(open: true), deviceId: "fridge-1", source: .live)
        try await clock.advance(by: .seconds(5))
        #expect(fridges.doorAlerts == ["fridge-1"])
    }
}
