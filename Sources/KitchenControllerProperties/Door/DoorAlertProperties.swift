import KitchenControllers
import KitchenTesting

/// The door-alert property over the pure ``DoorAlertMachine``.
public enum DoorAlertProperties {
    /// For any open and close updates: the alert is raised exactly when a
    /// continuous open span reaches the threshold, once per span, never while
    /// closed, and cleared by the close.
    public static func alertFiresOncePerSpanAtThreshold(
        _ configuration: DoorAlertMachine.Configuration = DoorAlertMachine.Configuration()
    ) -> ControllerProperty<DoorTrace> {
        ControllerProperty(
            name: "door alert: once per open span reaching the threshold",
            generator: DoorTraceGenerators.trace(threshold: configuration.threshold)
        ) { trace in
            try expectEqual(
                DoorAlertSimulation.run(trace, configuration: configuration),
                DoorAlertModel.expectedChanges(trace, threshold: configuration.threshold), "alert changes")
        }
    }
}
