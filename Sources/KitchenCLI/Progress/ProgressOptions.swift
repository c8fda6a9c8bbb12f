/// `--verbose` and `--progress-interval SECONDS`, for the commands that run until Ctrl-C
/// (record, replay): a line per exchange, or the count every few seconds.
enum ProgressOptions {
    /// The count's default period, in seconds.
    static let defaultIntervalSeconds = 5

    /// The two options, for a command's spec.
    static let options: [CommandSpec.Option] = [
        .init(name: "verbose", valueName: nil,
              help: "Print a line per exchange to standard error (time, method, path, status, outcome; WebSocket opens and closes with message counts)."),
        .init(name: "progress-interval", valueName: "SECONDS",
              help: "Without --verbose, print the count to standard error this often, when it changed; 0 never (default \(defaultIntervalSeconds))."),
    ]

    /// A printer for `tally`, on the wall clock, writing to standard error.
    static func printer<Tally: ProgressTally>(_ tally: Tally, from arguments: ParsedArguments, console: Console)
        throws(UsageError) -> ProgressPrinter<Tally, ContinuousClock> {
        let seconds = try arguments.int("progress-interval", default: defaultIntervalSeconds, in: 0...86_400)
        let reporter = ProgressReporter(tally: tally, verbose: arguments.flag("verbose"), interval: .seconds(seconds))
        return ProgressPrinter(reporter, clock: ContinuousClock(), write: console.error)
    }
}
