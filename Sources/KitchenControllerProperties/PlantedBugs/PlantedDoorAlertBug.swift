import KitchenControllers

/// Deliberately broken door alert rules the properties must catch, injected
/// through ``DoorAlertRule``.
///
/// ```swift
/// DoorAlertProperties.alertFiresOncePerSpanAtThreshold(.init(rule: PlantedDoorAlertBug.alertsOnlyPastThreshold))
/// ```
public enum PlantedDoorAlertBug: String, DoorAlertRule, CaseIterable {
    /// Every "open" update restarts the span (at its `doorOpenedAt`, else its time).
    case restartsOnEveryOpenUpdate
    /// Alerts only once the span is strictly longer than the threshold.
    case alertsOnlyPastThreshold
    /// Trusts a `doorOpenedAt` in the future (clock skew), so the alert comes late.
    case trustsAFutureOpenedAt

    /// A restart on every update for `restartsOnEveryOpenUpdate`; a future start kept for `trustsAFutureOpenedAt`.
    public func openUpdate(current: MachineInstant?, openedAt: MachineInstant?, at now: MachineInstant) -> DoorSpanChange {
        let reported = self == .trustsAFutureOpenedAt ? (openedAt ?? now) : min(openedAt ?? now, now)
        if self == .restartsOnEveryOpenUpdate { return .restart(reported) }
        guard let current else { return .start(reported) }
        return reported < current ? .start(reported) : .keep
    }

    /// Strictly past the deadline for `alertsOnlyPastThreshold`.
    public func hasReached(_ deadline: MachineInstant, at now: MachineInstant) -> Bool {
        self == .alertsOnlyPastThreshold ? now > deadline : now >= deadline
    }

    /// 1 ms after the deadline for `alertsOnlyPastThreshold`.
    public func alertInstant(for deadline: MachineInstant) -> MachineInstant {
        self == .alertsOnlyPastThreshold ? deadline.advanced(by: .milliseconds(1)) : deadline
    }
}
