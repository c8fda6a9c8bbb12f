import KitchenAPI
import KitchenControllers

/// What a slider trace did: the calls sent and the values shown.
public struct DebounceRun: Hashable, Sendable {
    /// The API calls, in order.
    public var calls: [SentTemperature] = []
    /// The shown value just before each move.
    public var shownBeforeMoves: [Int?] = []
    /// The shown value once every timer and answer has been handled.
    public var finalShown: Int?
    /// The failures reported, in order.
    public var reports: [AppError] = []

    /// `shownBeforeMoves` followed by `finalShown`.
    public var shownAtObservations: [Int?] { shownBeforeMoves + [finalShown] }
}

/// Drives a ``DebounceMachine`` through a trace with no concurrency: an event
/// queue stands in for the clock (timers and answers are taken in instant,
/// then scheduling, order, before the next move, as a `VirtualClock` advance does).
public enum DebounceSimulation {
    private enum Event {
        case timer(DebounceMachine.TimerID)
        case answer(DebounceMachine.RequestID, DebounceMachine.Outcome)
    }

    /// Runs `trace` against a machine showing `initial`.
    public static func run(
        _ trace: SliderTrace, configuration: DebounceMachine.Configuration, initial: Int
    ) -> DebounceRun {
        var machine = DebounceMachine(configuration: configuration, confirmed: initial)
        var queue = EventQueue<Event>()
        var run = DebounceRun()
        // A request is answered as the latest move before it says (the last move of its burst).
        var latestAnswer = PlannedAnswer.immediateSuccess
        run.shownBeforeMoves.reserveCapacity(trace.moves.count)

        func perform(_ effects: [DebounceMachine.Effect], at now: MachineInstant) {
            for effect in effects {
                switch effect {
                case .schedule(let timer, let deadline):
                    queue.schedule(.timer(timer), at: deadline)
                case .send(let value, let request):
                    run.calls.append(SentTemperature(value: value, at: now))
                    let answer = latestAnswer
                    let outcome = answer.failure.map(DebounceMachine.Outcome.failed) ?? .confirmed(value)
                    queue.schedule(.answer(request, outcome), at: now.advanced(by: answer.latency))
                case .report(let error):
                    run.reports.append(error)
                case .show, .adopt:
                    break
                }
            }
        }

        func drain(notAfter limit: MachineInstant?) {
            while let (at, event) = queue.popNext(notAfter: limit) {
                switch event {
                case .timer(let timer): perform(machine.timerFired(timer), at: at)
                case .answer(let request, let outcome): perform(machine.response(request, outcome), at: at)
                }
            }
        }

        for (move, instant) in zip(trace.moves, trace.instants) {
            drain(notAfter: instant)
            run.shownBeforeMoves.append(machine.shown)
            latestAnswer = move.answer
            perform(machine.slider(move.value, at: instant), at: instant)
        }
        drain(notAfter: nil)
        run.finalShown = machine.shown
        return run
    }
}
