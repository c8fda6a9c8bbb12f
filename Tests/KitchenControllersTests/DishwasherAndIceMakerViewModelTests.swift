import Foundation
import KitchenAPI
import KitchenControllerProperties
import KitchenControllers
import Testing

@MainActor
struct DishwasherViewModelTests {
    let mock = MockAPIService()
    let telemetry = RecordingTelemetryService()

    func state(_ status: DishwasherStatus, minutes: Int = 0) -> DishwasherState {
        DishwasherState(status: status, cycle: status == .idle ? nil : "eco", remainingMinutes: minutes,
                        lastUpdated: .init(timeIntervalSince1970: 0))
    }

    @Test func startAndStopApplyTheAnswers() async {
        let dishwashers = DishwasherViewModel(api: mock, telemetry: telemetry)
        mock.startDishwasherStub.result = .success(state(.running, minutes: 180))
        await dishwashers.start(cycle: "eco", deviceId: "dishwasher-1")
        #expect(dishwashers.dishwasherStates["dishwasher-1"]?.status == .running)
        #expect(mock.startDishwasherStub.calls == [.startDishwasher(deviceId: "dishwasher-1", cycle: "eco")])
        mock.stopDishwasherStub.result = .success(state(.idle))
        await dishwashers.stop(deviceId: "dishwasher-1")
        #expect(dishwashers.dishwasherStates["dishwasher-1"]?.status == .idle)
    }

    @Test func aConflictIsReported() async {
        let dishwashers = DishwasherViewModel(api: mock, telemetry: telemetry)
        let errors = ErrorLog()
        dishwashers.errorHandler = { errors.record($0) }
        mock.startDishwasherStub.result = .failure(AppError.conflict)
        await dishwashers.start(cycle: "eco", deviceId: "dishwasher-1")
        #expect(errors.errors.compactMap(AppError.from) == [.conflict])
        #expect(telemetry.events.last == .commandFailed(.dishwasherStart(cycle: "eco"),
                                                        device: DeviceKey(deviceId: "dishwasher-1"), error: .conflict))
    }

    @Test func runningToCompleteIsAnnouncedOnceDespiteDuplicatesAndSnapshots() {
        let dishwashers = DishwasherViewModel(api: mock, telemetry: telemetry)
        dishwashers.apply(state(.running, minutes: 2), deviceId: "dishwasher-1", source: .initialLoad)
        dishwashers.apply(state(.running, minutes: 1), deviceId: "dishwasher-1", source: .live)
        dishwashers.apply(state(.complete), deviceId: "dishwasher-1", source: .live)
        dishwashers.apply(state(.complete), deviceId: "dishwasher-1", source: .live)
        dishwashers.apply(state(.complete), deviceId: "dishwasher-1", source: .live)  // reconnect snapshot
        #expect(dishwashers.completedCycles == [CompletedCycle(deviceId: "dishwasher-1", cycle: "eco")])
        #expect(telemetry.events.filter { if case .cycleCompleted = $0 { true } else { false } }
            == [.cycleCompleted(deviceId: "dishwasher-1", cycle: "eco")])
    }

    @Test func aDishwasherAlreadyCompleteWhenLoadedIsNotAnnounced() async {
        mock.getDishwasherStateStub.result = .success(state(.complete))
        let dishwashers = DishwasherViewModel(api: mock, telemetry: telemetry)
        await dishwashers.fetchInitialState(for: DeviceInfo.defaultDevices[3])
        #expect(dishwashers.dishwasherStates["dishwasher-1"]?.status == .complete)
        #expect(dishwashers.completedCycles.isEmpty)
    }
}

@MainActor
struct IceMakerViewModelTests {
    let mock = MockAPIService()
    let telemetry = RecordingTelemetryService()

    @Test func powerAndRateApplyTheAnswers() async {
        let iceMakers = IceMakerViewModel(api: mock, telemetry: telemetry)
        await iceMakers.fetchInitialState(for: DeviceInfo.defaultDevices[4])
        var off = IceMakerState.defaultIceMakerState
        off.isOn = false
        mock.setIceMakerPowerStub.result = .success(off)
        await iceMakers.togglePower(deviceId: "icemaker-1")
        #expect(mock.setIceMakerPowerStub.calls == [.setIceMakerPower(deviceId: "icemaker-1", isOn: false)])
        #expect(iceMakers.iceMakerStates["icemaker-1"]?.isOn == false)
        var high = off
        high.productionRate = "high"
        mock.setIceMakerRateStub.result = .success(high)
        await iceMakers.setRate("high", deviceId: "icemaker-1")
        #expect(iceMakers.iceMakerStates["icemaker-1"]?.productionRate == "high")
    }

    @Test func aFillingBinIsAnnouncedOncePerFilling() {
        let iceMakers = IceMakerViewModel(api: mock, telemetry: telemetry)
        for level in [90, 100, 100, 40, 100] {
            var state = IceMakerState.defaultIceMakerState
            state.binLevel = level
            state.isBinFull = level == 100
            iceMakers.apply(state, deviceId: "icemaker-1", source: .live)
        }
        #expect(iceMakers.binFullDeviceIds == ["icemaker-1", "icemaker-1"])
        #expect(telemetry.events.filter { $0 == .binFull(deviceId: "icemaker-1") }.count == 2)
    }
}
