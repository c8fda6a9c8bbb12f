import KitchenControllers

/// Deliberately broken ways of leaving the screen, for the stateful property's
/// stop action: each leaves some work running that must not act afterwards.
///
/// ```swift
/// KitchenStatefulProperty.make(stop: PlantedStopBug.keepsTheSlider.stop)
/// ```
public enum PlantedStopBug: String, Hashable, Sendable, CaseIterable {
    /// The slider's burst and the live updates outlive the screen (only the door timers stop).
    case keepsTheSlider
    /// The door timer and the live updates outlive the screen (only the slider stops).
    case keepsTheDoorTimer
    /// The live updates outlive the screen (both children stop).
    case keepsLiveUpdates

    /// What leaving the screen does with this bug.
    public var stop: @MainActor (DeviceViewModel) -> Void {
        switch self {
        case .keepsTheSlider: { $0.fridge.cancelPendingWork() }
        case .keepsTheDoorTimer: { $0.oven.cancelPendingWork() }
        case .keepsLiveUpdates: { devices in
            devices.oven.cancelPendingWork()
            devices.fridge.cancelPendingWork()
        }
        }
    }
}
