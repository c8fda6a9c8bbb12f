import KitchenTesting
import Testing
import VirtualTime

enum CounterAction: String, Sendable, Equatable, CustomStringConvertible {
    case increment, decrement, reset

    var description: String { rawValue }
}

/// A counter with a planted bug: from the fourth increment since a reset on, an
/// increment adds two.
@MainActor
final class PlantedBugCounter {
    private(set) var value = 0
    private var incrementsSinceReset = 0
    let isBuggy: Bool

    init(isBuggy: Bool) {
        self.isBuggy = isBuggy
    }

    func increment() {
        incrementsSinceReset += 1
        value += isBuggy && incrementsSinceReset > 3 ? 2 : 1
    }

    func decrement() {
        value -= 1
    }

    func reset() {
        value = 0
        incrementsSinceReset = 0
    }
}

@MainActor
struct StateMachinePropertyTests {
    func counterProperty(buggy: Bool, seed: UInt64) -> StateMachineProperty<Int, CounterAction, PlantedBugCounter> {
        StateMachineProperty(
            initialModel: 0,
            actions: { count in
                count > 0 ? Gen.element(of: [.increment, .decrement, .reset]) : Gen.element(of: [.increment, .reset])
            },
            precondition: { count, action in action != .decrement || count > 0 },
            apply: { count, action in
                switch action {
                case .increment: count += 1
                case .decrement: count -= 1
                case .reset: count = 0
                }
            },
            makeSystem: { PlantedBugCounter(isBuggy: buggy) },
            perform: { action, counter in
                switch action {
                case .increment: counter.increment()
                case .decrement: counter.decrement()
                case .reset: counter.reset()
                }
            },
            invariant: { count, counter in try expectEqual(counter.value, count, "counter value") },
            configuration: isolatedConfiguration(seed: seed))
    }

    @Test(arguments: [1, 2, 3, 20_260_101, 0xDEAD_BEEF] as [UInt64])
    func plantedBugShrinksToExactlyFourIncrements(seed: UInt64) async throws {
        let report = await counterProperty(buggy: true, seed: seed).check()
        guard case let .failed(counterexample) = report else {
            Issue.record("expected a failure, got \(report)")
            return
        }
        #expect(counterexample.shrunk == [.increment, .increment, .increment, .increment])
        #expect(counterexample.shrunkDescription == "1. increment\n2. increment\n3. increment\n4. increment")
        #expect(counterexample.failure.hasPrefix("after step 4 (increment): counter value: expected 4, got 5"))
    }

    @Test func correctCounterPasses() async throws {
        let report = await counterProperty(buggy: false, seed: 11).check()
        #expect(report.isPassed, "\(report)")
    }
}

// MARK: A stateful property over a main-actor controller on virtual time

enum DebounceAction: Sendable, Equatable {
    case receive(Int)
    case wait(Duration)
}

/// The debounce rule as a model: a value is sent once 500 ms pass without another.
struct DebounceModel: Sendable {
    var pending: Int?
    var quietFor: Duration = .zero
    var sent: [Int] = []

    mutating func apply(_ action: DebounceAction) {
        switch action {
        case let .receive(value):
            pending = value
            quietFor = .zero
        case let .wait(duration):
            quietFor += duration
            if let value = pending, quietFor >= .milliseconds(500) {
                sent.append(value)
                pending = nil
            }
        }
    }
}

@MainActor
final class DebounceRig {
    let clock = VirtualClock()
    let debouncer: Debouncer

    init() {
        debouncer = Debouncer(clock: clock)
    }
}

extension StateMachinePropertyTests {
    @Test func debouncerMatchesItsModelOnVirtualTime() async throws {
        let wait = Gen.duration(in: .zero ... .seconds(1), around: [.milliseconds(500)]).map(DebounceAction.wait)
        let receive = Gen.int(in: 0...9).map(DebounceAction.receive)
        let property = StateMachineProperty(
            initialModel: DebounceModel(),
            actions: { _ in Gen.oneOf(receive, wait) },
            apply: { model, action in model.apply(action) },
            makeSystem: { DebounceRig() },
            perform: { action, rig in
                switch action {
                case let .receive(value): rig.debouncer.receive(value)
                case let .wait(duration): try await rig.clock.advance(by: duration)
                }
            },
            invariant: { model, rig in try expectEqual(rig.debouncer.sent, model.sent) },
            configuration: isolatedConfiguration(cases: 200, seed: 5))
        let report = await property.check()
        #expect(report.isPassed, "\(report)")
    }
}
