/// The limits and sizes of a report page, with the defaults `kitchen report` uses.
///
/// ```swift
/// var configuration = ReportConfiguration()
/// configuration.bodyLimit = 4096   // show at most 4 KiB of each body
/// let html = HTMLReport.render(document, name: "session.har", configuration: configuration)
/// ```
public struct ReportConfiguration: Sendable, Hashable {
    /// The width of the time axis at zoom 1, in CSS pixels (default 960).
    public var plotWidth: Double
    /// The widest a slot (one of several events at one instant) gets, in pixels (default 36).
    public var maximumSlotWidth: Double
    /// The narrowest an exchange's bar is drawn, in pixels at any zoom (default 3).
    public var minimumBarWidth: Double
    /// Rows of the HTTP lane; busier stretches fold bars together (default 12).
    public var maximumRows: Int
    /// Rows of each extra lane (default 6).
    public var maximumLaneRows: Int
    /// The most bytes of one body or message shown; the rest is counted, not shown (default 64 KiB).
    public var bodyLimit: Int
    /// The most zoom the page allows (default 2000×).
    public var maximumZoom: Double

    /// The defaults.
    public init(plotWidth: Double = 960, maximumSlotWidth: Double = 36, minimumBarWidth: Double = 3, maximumRows: Int = 12,
                maximumLaneRows: Int = 6, bodyLimit: Int = 65_536, maximumZoom: Double = 2000) {
        self.plotWidth = plotWidth
        self.maximumSlotWidth = maximumSlotWidth
        self.minimumBarWidth = minimumBarWidth
        self.maximumRows = maximumRows
        self.maximumLaneRows = maximumLaneRows
        self.bodyLimit = bodyLimit
        self.maximumZoom = maximumZoom
    }
}
