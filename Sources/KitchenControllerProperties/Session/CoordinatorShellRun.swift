import KitchenAPI
import KitchenControllers
import KitchenTesting
import VirtualTime

/// Runs coordinator sessions through the real ``KitchenControllers/DeviceViewModel``
/// (children, gate, live-update loop) on a ``VirtualTime/VirtualClock``.
@MainActor
public enum CoordinatorShellRun {
    /// Replays `trace` and returns what held after each step: `requiresReauth`,
    /// `error`, and whether the step's call reached the mock API.
    public static func run(_ trace: SessionTrace, rule: any SessionRule) async throws -> [SessionExpectation] {
        let rig = MockCoordinatorRig(configuration: ControllerConfiguration(session: rule))
        try await rig.start()
        var observed: [SessionExpectation] = []
        for step in trace.steps {
            let callsBefore = rig.api.operationLog.count
            try await perform(step, on: rig)
            observed.append(SessionExpectation(
                requiresReauth: rig.devices.requiresReauth, error: rig.devices.error,
                reachedAPI: rig.api.operationLog.count > callsBefore))
        }
        try await rig.finish()
        return observed
    }

    private static func perform(_ step: SessionStep, on rig: MockCoordinatorRig) async throws {
        let devices = rig.devices
        switch step {
        case .command(let child, let result):
            if let error = result.thrown {
                rig.api.stub(for: child.operation)?.stubFailure(error)
            } else {
                rig.api.stub(for: child.operation)?.restoreDefaultResult()
            }
            switch child {
            case .oven: await devices.oven.setPower(true, deviceId: "oven-1")
            case .fridge: await devices.fridge.setFridgeTemperature(38, deviceId: "fridge-1")
            case .dishwasher: await devices.dishwasher.start(cycle: "eco", deviceId: "dishwasher-1")
            case .iceMaker: await devices.iceMaker.setRate("high", deviceId: "icemaker-1")
            case .ovenMode: await devices.oven.setMode("convect", deviceId: "oven-1")
            case .ovenTemperature:
                devices.oven.setTemperature(375, deviceId: "oven-1")
                try await rig.clock.advance(by: DebounceMachine.Configuration().quietPeriod)
            case .freezer: await devices.fridge.setFreezerTemperature(-2, deviceId: "fridge-1")
            case .dishwasherStop: await devices.dishwasher.stop(deviceId: "dishwasher-1")
            case .iceMakerPower: await devices.iceMaker.setPower(false, deviceId: "icemaker-1")
            case .ovenFetch: await devices.oven.fetchInitialState(for: try device("oven-1", in: devices))
            case .fridgeFetch: await devices.fridge.fetchInitialState(for: try device("fridge-1", in: devices))
            case .dishwasherFetch: await devices.dishwasher.fetchInitialState(for: try device("dishwasher-1", in: devices))
            case .iceMakerFetch: await devices.iceMaker.fetchInitialState(for: try device("icemaker-1", in: devices))
            }
            try await rig.clock.settle()
        case .webSocketClosed(let code):
            // `WebSocketService` turns a 4001 close into `.unauthorized`; other closes into a reconnect.
            if code == 4001 {
                try await rig.push([.unauthorized])
            } else {
                try await rig.push([.disconnected(code: code, reason: ""),
                                    .reconnecting(attempt: 1, delay: .milliseconds(500)), .connected(attempt: 1)])
            }
        case .login(let result):
            rig.api.loginStub.result = result.thrown.map { .failure($0) } ?? .success(.defaultLoginResponse)
            await devices.login(username: "demo", password: "demo")
            // A restarted live-update stream opens, as the service would after a sign-in.
            try await rig.push([.connected(attempt: 0)])
        case .dismissError:
            devices.dismissError()
        }
    }

    private static func device(_ id: String, in devices: DeviceViewModel) throws -> DeviceInfo {
        guard let device = devices.devices.first(where: { $0.id == id }) else {
            throw PropertyFailure("no device \(id) in the loaded list")
        }
        return device
    }
}
