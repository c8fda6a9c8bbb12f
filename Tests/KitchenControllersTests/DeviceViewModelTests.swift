import Foundation
import KitchenAPI
import KitchenControllerProperties
import KitchenControllers
import KitchenReproduce
import KitchenSwiftTesting
import Testing
import VirtualTime

@MainActor
struct DeviceViewModelTests {
    let rig = MockCoordinatorRig(configuration: ControllerConfiguration())
    var devices: DeviceViewModel { rig.devices }

    func message(_ deviceId: String, compartment: String? = nil, _ update: DeviceUpdate) -> LiveEvent {
        .message(StateMessage(deviceId: deviceId, compartment: compartment, sentAt: rig.clock.currentDate, update: update))
    }

    @Test func loadIsLoadingUntilEveryInitialStateHasArrived() async throws {
        let clock = rig.clock
        let api = ModelKitchenAPI(kitchen: .standard(at: clock.startDate), clock: clock)
        api.setStandingAnswer(PlannedAnswer(latency: .seconds(1)), for: .getIceMakerState)
        let live = VirtualLiveUpdates(clock: clock)
        let devices = DeviceViewModel(api: api, webSocket: live, tokenStore: InMemoryTokenStore(token: "t"), clock: clock)
        let load = Task.immediate { await devices.load() }
        #expect(devices.loadState == .loading)
        #expect(devices.iceMakerStates.isEmpty)
        try await clock.advance(by: .seconds(1))
        await load.value
        #expect(devices.loadState == .loaded(DeviceInfo.defaultDevices))
        #expect(devices.iceMakerStates["icemaker-1"] != nil)
        devices.stop()
        try await clock.settle()
        expectNoPendingSleepers(on: clock)
    }

    @Test func loadFetchesTheListThenEveryInitialStateRoutedByType() async throws {
        #expect(devices.loadState == .idle)
        try await rig.start()
        #expect(devices.loadState == .loaded(DeviceInfo.defaultDevices))
        #expect(Set(devices.ovenStates.keys) == [DeviceKey(deviceId: "oven-double-1", compartment: "upper"),
                                                 DeviceKey(deviceId: "oven-double-1", compartment: "lower"),
                                                 DeviceKey(deviceId: "oven-1")])
        #expect(devices.fridgeStates.keys.sorted() == ["fridge-1"])
        #expect(devices.dishwasherStates.keys.sorted() == ["dishwasher-1"])
        #expect(devices.iceMakerStates.keys.sorted() == ["icemaker-1"])
        #expect(rig.api.operationLog == [.listDevices, .getOvenState, .getOvenState, .getOvenState, .getFridgeState,
                                         .getDishwasherState, .getIceMakerState])
        #expect(rig.webSocket.tokens == ["mock-token"])
        #expect(devices.connectionState == .connected)
        try await rig.finish()
    }

    @Test func aFailedDeviceListIsAFailedLoadState() async throws {
        rig.api.fetchDevicesStub.result = .failure(AppError.server(status: 503))
        await devices.load()
        #expect(devices.loadState == .failed(.server(status: 503)))
        #expect(devices.error == .server(status: 503))
        #expect(rig.webSocket.streamCount == 0)
        #expect(rig.telemetry.events.last == .devicesLoadFailed(.server(status: 503)))
    }

    @Test func liveStatesAreRoutedToTheChildThatOwnsTheDevice() async throws {
        try await rig.start()
        var hot = OvenState.defaultOvenState
        hot.isOn = true
        var open = FridgeState.defaultFridgeState
        open.isDoorOpen = true
        var full = IceMakerState.defaultIceMakerState
        full.isBinFull = true
        try await rig.push([
            message("oven-double-1", compartment: "lower", .oven(hot)),
            message("fridge-1", .fridge(open)),
            message("dishwasher-1", .dishwasher(DishwasherState(status: .running, cycle: "eco", remainingMinutes: 3,
                                                                lastUpdated: rig.clock.currentDate))),
            message("icemaker-1", .iceMaker(full)),
        ])
        #expect(devices.ovenStates[DeviceKey(deviceId: "oven-double-1", compartment: "lower")]?.isOn == true)
        #expect(devices.ovenStates[DeviceKey(deviceId: "oven-double-1", compartment: "upper")]?.isOn == false)
        #expect(devices.fridgeStates["fridge-1"]?.isDoorOpen == true)
        #expect(devices.dishwasherStates["dishwasher-1"]?.status == .running)
        #expect(devices.iceMakerStates["icemaker-1"]?.isBinFull == true)
        #expect(rig.telemetry.events.contains(.liveMessageReceived(
            deviceType: .oven, device: DeviceKey(deviceId: "oven-double-1", compartment: "lower"))))
        try await rig.finish()
    }

    @Test func unreadableAndUnknownMessagesAreIgnoredButCounted() async throws {
        try await rig.start()
        let before = devices.fridgeStates
        try await rig.push([
            .unreadable("Malformed message: state.isDoorOpen: expected Bool"),
            .unreadable("Unknown message: type ping"),
            message("toaster-9", .fridge(.defaultFridgeState)),
            message("oven-1", .fridge(.defaultFridgeState)),
        ])
        #expect(devices.unreadableMessageCount == 4)
        #expect(devices.fridgeStates == before)
        #expect(devices.error == nil)
        #expect(rig.telemetry.events.contains(.unreadableMessage(reason: "state for unknown fridge toaster-9")))
        try await rig.finish()
    }

    @Test func aReconnectIsRecordedAndItsSnapshotDoesNotRepeatACompletion() async throws {
        try await rig.start()
        let complete = DishwasherState(status: .complete, cycle: "eco", remainingMinutes: 0, lastUpdated: rig.clock.currentDate)
        let running = DishwasherState(status: .running, cycle: "eco", remainingMinutes: 1, lastUpdated: rig.clock.currentDate)
        try await rig.push([message("dishwasher-1", .dishwasher(running)), message("dishwasher-1", .dishwasher(complete))])
        try await rig.reconnect(snapshot: [StateMessage(deviceId: "dishwasher-1", sentAt: rig.clock.currentDate,
                                                        update: .dishwasher(complete))])
        #expect(devices.dishwasher.completedCycles.count == 1)
        #expect(devices.connectionState == .connected)
        #expect(rig.telemetry.events.contains(.connectionDisconnected(code: nil, reason: "connection reset")))
        #expect(rig.telemetry.events.contains(.connectionReconnecting(attempt: 1, delay: .milliseconds(500))))
        #expect(rig.telemetry.events.contains(.connectionConnected(attempt: 1)))
        try await rig.finish()
    }

    @Test func close4001RequiresReauthStopsLiveUpdatesAndHoldsCommands() async throws {
        try await rig.start()
        try await rig.push([.unauthorized])
        #expect(devices.requiresReauth)
        #expect(devices.error == .unauthorized)
        #expect(devices.connectionState == .unauthorized)
        #expect(rig.webSocket.endedStreamCount == 1)
        let calls = rig.api.operationLog.count
        await devices.oven.setPower(true, deviceId: "oven-1")
        await devices.dishwasher.stop(deviceId: "dishwasher-1")
        #expect(rig.api.operationLog.count == calls)
        #expect(rig.telemetry.events.contains(.commandBlocked(operation: "setOvenPower")))
        #expect(rig.telemetry.events.filter { $0 == .reauthenticationRequired(.webSocketUnauthorized) }.count == 1)
        try await rig.finish()
    }

    @Test func anHTTP401RequiresReauthAndOnlyASuccessfulLoginClearsIt() async throws {
        try await rig.start()
        rig.api.setOvenModeStub.result = .failure(AppError.unauthorized)
        await devices.oven.setMode("roast", deviceId: "oven-1")
        #expect(devices.requiresReauth)
        rig.api.loginStub.result = .failure(AppError.server(status: 500))
        #expect(await devices.login(username: "demo", password: "demo") == false)
        #expect(devices.requiresReauth)
        #expect(devices.error == .server(status: 500))
        rig.api.loginStub.result = .success(.defaultLoginResponse)
        #expect(await devices.login(username: "demo", password: "demo"))
        #expect(!devices.requiresReauth)
        #expect(devices.error == nil)
        rig.api.setOvenModeStub.result = .success(.defaultOvenState)
        await devices.oven.setMode("bake", deviceId: "oven-1")
        #expect(rig.api.setOvenModeStub.calls.count == 2)
        try await rig.finish()
    }

    @Test func aLoginAfter4001StartsLiveUpdatesAgainWithTheNewToken() async throws {
        try await rig.start()
        try await rig.push([.unauthorized])
        var session = LoginResponse.defaultLoginResponse
        session.token = "fresh-token"
        rig.api.loginStub.result = .success(session)
        await devices.login(username: "demo", password: "demo")
        try await rig.push([.connected(attempt: 0)])
        #expect(rig.webSocket.tokens == ["mock-token", "fresh-token"])
        #expect(devices.connectionState == .connected)
        try await rig.finish()
    }

    @Test func aCancelledCommandIsNeverShown() async throws {
        try await rig.start()
        rig.api.setIceMakerRateStub.result = .failure(AppError.notFound)
        await devices.iceMaker.setRate("high", deviceId: "icemaker-1")
        rig.api.setIceMakerRateStub.result = .failure(CancellationError())
        await devices.iceMaker.setRate("low", deviceId: "icemaker-1")
        #expect(devices.error == .notFound)
        devices.dismissError()
        #expect(devices.error == nil)
        try await rig.finish()
    }

    @Test func stopEndsTheLiveUpdateStream() async throws {
        try await rig.start()
        devices.stop()
        try await rig.clock.settle()
        #expect(rig.webSocket.endedStreamCount == 1)
        #expect(devices.connectionState == .ended)
        #expect(rig.telemetry.events.last == .connectionEnded)
        expectNoPendingSleepers(on: rig.clock)
    }

    @Test func withoutATokenLiveUpdatesDoNotStartAndReauthIsRequired() async throws {
        let live = VirtualLiveUpdates(clock: rig.clock)
        let signedOut = DeviceViewModel(api: MockAPIService(), webSocket: live, tokenStore: InMemoryTokenStore(),
                                        clock: rig.clock)
        await signedOut.load()
        #expect(live.streamCount == 0)
        #expect(signedOut.requiresReauth)
        #expect(signedOut.connectionState == .notConnected)
    }

    @Test func theDoorAlertRunsOnTheCoordinatorsClock() async throws {
        try await rig.start()
        var open = FridgeState.defaultFridgeState
        open.isDoorOpen = true
        open.doorOpenedAt = rig.clock.currentDate.addingTimeInterval(-30)
        try await rig.push([message("fridge-1", .fridge(open))])
        try await rig.clock.run(until: { devices.doorAlerts.contains("fridge-1") }, within: .seconds(31))
        #expect(rig.clock.now.offset == .seconds(30))
        try await rig.finish()
    }
}
