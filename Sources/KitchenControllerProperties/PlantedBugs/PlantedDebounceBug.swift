import KitchenControllers

/// Deliberately broken debounce rules the properties must catch, injected
/// through ``DebounceRule`` (the shipped machine knows only the product's rule).
///
/// ```swift
/// DebounceProperties.callsAreLastValueOfEachBurst(.init(rule: PlantedDebounceBug.sendsFirstValueOfBurst))
/// ```
public enum PlantedDebounceBug: String, DebounceRule, CaseIterable {
    /// Sends the first value of a burst instead of the last.
    case sendsFirstValueOfBurst
    /// Every successful answer is shown, even one older than a newer confirmed answer.
    case showsStaleResponses
    /// A value the server reports during a burst drops the burst: the user's value is never sent.
    case serverReportDropsTheBurst

    /// Not for `serverReportDropsTheBurst`.
    public func burstSurvivesServerReport() -> Bool { self != .serverReportDropsTheBurst }

    /// The first value for `sendsFirstValueOfBurst`, else the last.
    public func valueToSend(burstFirst: Int, burstLast: Int) -> Int {
        self == .sendsFirstValueOfBurst ? burstFirst : burstLast
    }

    /// Every answer for `showsStaleResponses`, else only newer ones.
    public func adoptsAnswer(_ answered: Int, newestConfirmed: Int) -> Bool {
        self == .showsStaleResponses || answered > newestConfirmed
    }
}
