/// `--verbose` and `--progress-interval SECONDS`, for the commands that run until Ctrl-C
/// (record, replay): a line per exchange, or the count every few seconds.
enum ProgressOptions {
    static let verbose = Flag(
        "verbose", help: "Print a line per exchange to standard error (time, method, path, status, outcome; WebSocket opens and closes with message counts).")
    static let interval = Option<Int>(
        "progress-interval", "SECONDS", default: 5, in: 0...86_400,
        help: "Without --verbose, print the count to standard error this often, when it changed; 0 never.")

    /// The two options, for a command's spec.
    static let options: [any OptionDeclaring] = [verbose, interval]

    /// A printer for `tally`, on the wall clock, writing to standard error.
    static func printer<Tally: ProgressTally>(_ tally: Tally, from arguments: ParsedArguments, console: Console)
        -> ProgressPrinter<Tally, ContinuousClock> {
        let reporter = ProgressReporter(tally: tally, verbose: arguments[Self.verbose], interval: .seconds(arguments[Self.interval]))
        return ProgressPrinter(reporter, clock: ContinuousClock(), write: console.error)
    }
}
