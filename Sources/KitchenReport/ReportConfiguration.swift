/// The limits and sizes of a report page, with the defaults `kitchen report` uses.
///
/// ```swift
/// var configuration = ReportConfiguration()
/// configuration.bodyLimit = 4096   // show at most 4 KiB of each body
/// let html = HTMLReport.render(document, name: "session.har", configuration: configuration)
/// ```
public struct ReportConfiguration: Sendable, Hashable {
    /// The width of the time axis at zoom 1, in CSS pixels.
    public var plotWidth: Double = 960
    /// The widest a slot (one of several events at one instant) gets, in pixels.
    public var maximumSlotWidth: Double = 36
    /// The narrowest an exchange's bar is drawn, in pixels at any zoom.
    public var minimumBarWidth: Double = 3
    /// Rows of the HTTP lane; busier stretches fold bars together.
    public var maximumRows = 12
    /// Rows of each extra lane.
    public var maximumLaneRows = 6
    /// The most bytes of one body or message shown; the rest is counted, not shown (64 KiB).
    public var bodyLimit = 65_536
    /// The most zoom the page allows.
    public var maximumZoom: Double = 2000

    /// The defaults; change a field to change one.
    public init() {}
}
