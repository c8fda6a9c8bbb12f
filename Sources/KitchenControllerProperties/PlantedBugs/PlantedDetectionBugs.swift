import KitchenAPI
import KitchenControllers

/// Deliberately broken completion rules the properties must catch, injected
/// through ``CycleCompletionRule``.
///
/// ```swift
/// CycleCompletionModel.detectorMatchesTheModel(PlantedCycleCompletionBug.firesWhenFirstSeenComplete)
/// ```
public enum PlantedCycleCompletionBug: String, CycleCompletionRule, CaseIterable {
    /// Remembers "was running" until the next idle, so every "complete" after a run fires, duplicates included.
    case firesOnEveryCompleteAfterRunning
    /// A dishwasher first seen complete counts as just finished.
    case firesWhenFirstSeenComplete

    /// The broken decision.
    public func completes(previous: DishwasherStatus?, ranSinceIdle: Bool) -> Bool {
        switch self {
        case .firesOnEveryCompleteAfterRunning: ranSinceIdle
        case .firesWhenFirstSeenComplete: previous == .running || previous == nil
        }
    }
}

/// Deliberately broken bin-full rules the properties must catch, injected
/// through ``BinFullRule``.
public enum PlantedBinFullBug: String, BinFullRule, CaseIterable {
    /// Fires on every "full" update after the first state.
    case firesWhileFull

    /// Always.
    public func fills(wasFull: Bool) -> Bool { true }
}

/// Deliberately broken session rules the properties must catch, injected
/// through ``SessionRule``.
///
/// ```swift
/// SessionProperties.matchesTheModel(PlantedSessionBug.gateIgnoresReauth)
/// ```
public enum PlantedSessionBug: String, SessionRule, CaseIterable {
    /// `requiresReauth` follows the latest error, so a later 500 clears it.
    case reauthFollowsLatestError
    /// The gate lets commands through while re-authentication is required.
    case gateIgnoresReauth
    /// A cancellation is shown as a transport error.
    case showsCancellation
    /// The gate lets reads (`GET` a device's state) through while re-authentication is required.
    case gateForgetsReads
    /// The gate lets the debounced oven temperature through while re-authentication is required.
    case gateForgetsTheSlider

    /// Always for `gateIgnoresReauth`; reads or the slider for the gates that forget them.
    public func admits(_ operation: APIOperation, requiresReauth: Bool) -> Bool {
        switch self {
        case .gateIgnoresReauth: true
        case .gateForgetsReads: !requiresReauth || operation.method == "GET"
        case .gateForgetsTheSlider: !requiresReauth || operation == .setOvenTemperature
        case .reauthFollowsLatestError, .showsCancellation: !requiresReauth
        }
    }

    /// The latest error alone for `reauthFollowsLatestError`.
    public func requiresReauth(after error: AppError, wasRequired: Bool) -> Bool {
        self == .reauthFollowsLatestError ? error.isUnauthorized : (wasRequired || error.isUnauthorized)
    }

    /// A transport error for `showsCancellation`.
    public func shownForCancellation() -> AppError? {
        self == .showsCancellation ? .transport(description: "cancelled") : nil
    }
}
