import Foundation
import KitchenAPI
import KitchenControllers
import KitchenTesting

/// Runs dishwasher traces through the real ``KitchenControllers/DishwasherViewModel``,
/// fed by the coordinator's live-update loop (messages, reconnect snapshots) and
/// its own start and stop commands.
@MainActor
public enum DishwasherShellRun {
    /// The dishwasher the runs use.
    public static let device = DeviceInfo.defaultDevices[3]

    /// Replays `trace`; returns the observation numbers (initial load 0) after
    /// which a completion was recorded.
    public static func run(_ trace: DishwasherTrace, rule: any CycleCompletionRule) async throws -> [Int] {
        let rig = MockCoordinatorRig(devices: [device], configuration: ControllerConfiguration(cycleDetection: rule))
        rig.api.getDishwasherStateStub.result = .success(state(trace.initial, at: rig.clock.currentDate))
        rig.api.startDishwasherStub.result = .success(state(.running, at: rig.clock.currentDate))
        rig.api.stopDishwasherStub.result = .success(state(.idle, at: rig.clock.currentDate))
        try await rig.start()
        let dishwasher = rig.devices.dishwasher
        var completions = dishwasher.completedCycles.isEmpty ? [] : [0]
        for (index, observation) in trace.observations.enumerated() {
            let before = dishwasher.completedCycles.count
            let message = StateMessage(deviceId: device.id, sentAt: rig.clock.currentDate,
                                       update: .dishwasher(state(observation.status, at: rig.clock.currentDate)))
            switch observation {
            case .live: try await rig.push([.message(message)])
            case .reconnectSnapshot: try await rig.reconnect(snapshot: [message])
            case .started: await dishwasher.start(cycle: "eco", deviceId: device.id)
            case .stopped: await dishwasher.stop(deviceId: device.id)
            }
            if dishwasher.completedCycles.count > before { completions.append(index + 1) }
        }
        try await rig.finish()
        return completions
    }

    /// A realistic state for `status`: a running eco cycle has minutes left, a
    /// complete one none, an idle dishwasher no cycle.
    static func state(_ status: DishwasherStatus, at date: Date) -> DishwasherState {
        switch status {
        case .idle: DishwasherState(status: .idle, cycle: nil, remainingMinutes: 0, lastUpdated: date)
        case .running: DishwasherState(status: .running, cycle: "eco", remainingMinutes: 42, lastUpdated: date)
        case .complete: DishwasherState(status: .complete, cycle: "eco", remainingMinutes: 0, lastUpdated: date)
        }
    }
}

/// Runs bin traces through the real ``KitchenControllers/IceMakerViewModel``.
@MainActor
public enum IceMakerShellRun {
    /// Replays `trace` as an initial load then live states; returns the update
    /// numbers (initial load 0) after which a bin-full notice was recorded.
    public static func run(_ trace: BinTrace, rule: any BinFullRule) async -> [Int] {
        let api = MockAPIService()
        let iceMakers = IceMakerViewModel(api: api, detection: rule)
        var notices: [Int] = []
        for (index, isFull) in trace.fullness.enumerated() {
            var state = IceMakerState.defaultIceMakerState
            state.isBinFull = isFull
            state.binLevel = isFull ? 100 : 60
            let before = iceMakers.binFullDeviceIds.count
            if index == 0 {
                api.getIceMakerStateStub.result = .success(state)
                await iceMakers.fetchInitialState(for: DeviceInfo.defaultDevices[4])
            } else {
                iceMakers.apply(state, deviceId: "icemaker-1", source: .live)
            }
            if iceMakers.binFullDeviceIds.count > before { notices.append(index) }
        }
        return notices
    }
}
