import KitchenAPI
import KitchenControllers
import KitchenTesting
import VirtualTime

/// The stateful property: random actions run against the whole coordinator
/// (children, gate, live updates) and the ``KitchenExpectation`` model side by
/// side, with every observable compared after each action.
public enum KitchenStatefulProperty {
    /// The property for `configuration` (the product's rules by default, or a planted bug).
    @MainActor
    public static func make(
        configuration: ControllerConfiguration = ControllerConfiguration(),
        propertyConfiguration: PropertyConfiguration = PropertyConfiguration(),
        maximumActions: Int = 30,
        stop: @escaping @MainActor (DeviceViewModel) -> Void = { $0.stop() }
    ) -> StateMachineProperty<KitchenExpectation, KitchenAction, KitchenRig> {
        let quiet = configuration.debounce.quietPeriod
        let threshold = configuration.doorAlert.threshold
        let actions = KitchenAction.generator(quietPeriod: quiet, doorThreshold: threshold)
        let afterStop = KitchenAction.generator(quietPeriod: quiet, doorThreshold: threshold, stopped: true)
        let startDate = VirtualClock().startDate
        return StateMachineProperty(
            initialModel: KitchenExpectation(
                kitchen: .standard(at: startDate), startDate: startDate, quietPeriod: quiet, doorThreshold: threshold),
            actions: { model in model.stopped ? afterStop : actions },
            apply: { model, action in model.apply(action) },
            makeSystem: {
                let rig = KitchenRig(configuration: configuration, stop: stop)
                try await rig.start()
                return rig
            },
            perform: { action, rig in try await rig.perform(action) },
            invariant: { model, rig in try check(rig, against: model) },
            maximumActions: maximumActions,
            configuration: propertyConfiguration)
    }

    /// Compares everything the app shows, and what reached the server, with the model.
    @MainActor
    public static func check(_ rig: KitchenRig, against model: KitchenExpectation) throws {
        let devices = rig.devices
        try expectEqual(devices.requiresReauth, model.requiresReauth, "requiresReauth")
        try expectEqual(devices.error, model.error, "error")
        try expectEqual(rig.callsSinceLoad, model.calls, "calls that reached the API")
        try expectEqual(KitchenExpectation.ovens.map { devices.ovenStates[$0]?.targetTemperature ?? 0 },
                        model.shownOvenTargets, "shown oven targets")
        try expectEqual(devices.unreadableMessageCount, model.unreadable, "live messages dropped as unreadable")
        try expectEqual(Set(devices.fridgeStates.keys), [KitchenExpectation.fridgeId], "fridges shown")
        try expectEqual(rig.api.kitchen, model.kitchen, "the server's kitchen")
        try expectEqual(devices.dishwasherStates[KitchenExpectation.dishwasherId]?.status, model.seenDishwasher,
                        "dishwasher status shown")
        try expectEqual(devices.dishwasher.completedCycles.count, model.completions, "completed cycles")
        try expectEqual(devices.doorAlerts.contains(KitchenExpectation.fridgeId), model.doorAlert, "door alert")
    }
}
