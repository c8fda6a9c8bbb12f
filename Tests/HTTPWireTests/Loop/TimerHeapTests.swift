@testable import HTTPWire
import KitchenSwiftTesting
import KitchenTesting
import Testing

/// The loop's timer bookkeeping, as a value: no thread, socket or clock.
@Suite struct TimerHeapTests {
    @Test func tokensAreUniqueAndRemovingByTokenRemovesOnlyThatOne() {
        var timers = TimerHeap<String>()
        let a = timers.insert("a", deadline: .seconds(5))
        let b = timers.insert("b", deadline: .seconds(5))
        #expect(a != b)
        #expect(timers.remove(a) == "a")
        #expect(timers.remove(a) == nil, "removed twice")
        #expect(timers.count == 1)
        #expect(timers.remove(b) == "b")
        #expect(timers.insert("c", deadline: .seconds(1)) != a, "a token is never reused")
    }

    @Test func dueOnesAreRemovedSoonestFirstAndTheRestStay() {
        var timers = TimerHeap<String>()
        _ = timers.insert("late", deadline: .seconds(9))
        _ = timers.insert("second", deadline: .seconds(3))
        _ = timers.insert("first", deadline: .seconds(2))
        _ = timers.insert("exactly now", deadline: .seconds(4))
        #expect(timers.earliestDeadline == .seconds(2))
        #expect(timers.removeDue(at: .seconds(1)).isEmpty)
        #expect(timers.removeDue(at: .seconds(4)) == ["first", "second", "exactly now"])
        #expect(timers.earliestDeadline == .seconds(9))
        #expect(timers.removeAll() == ["late"])
        #expect(timers.count == 0)
        #expect(timers.earliestDeadline == nil)
    }
}

/// The heap's deadlines against a plain model, through generated runs of inserts, removals and
/// expiries (our property engine: a failure prints its seed and the shrunk run).
@Suite struct TimerHeapModelTests {
    enum Step: Sendable, Equatable {
        case insert(inMilliseconds: Int)
        /// Removes the pending one at this position among the pending, counted in token order.
        case remove(position: Int)
        case advance(milliseconds: Int)
    }

    static let steps = Gen.array(of: Gen.oneOf(
        Gen.int(in: 0...5_000).map(Step.insert(inMilliseconds:)),
        Gen.int(in: 0...400).map(Step.remove(position:)),
        Gen.int(in: 0...300).map(Step.advance(milliseconds:))), count: 0...400)

    @Test func earliestDeadlineAndExpiriesMatchAPlainModel() async {
        await checkProperty(Self.steps, configuration: PropertyConfiguration(cases: 300)) { steps in
            var timers = TimerHeap<UInt64>()
            var model: [UInt64: Duration] = [:]
            var inserts: UInt64 = 0
            var now = Duration.zero
            for step in steps {
                switch step {
                case .insert(let milliseconds):
                    let token = timers.insert(inserts, deadline: now + .milliseconds(milliseconds))
                    #expect(token == inserts)
                    model[token] = now + .milliseconds(milliseconds)
                    inserts += 1
                case .remove(let position):
                    let pending = model.keys.sorted()
                    guard !pending.isEmpty else { continue }
                    let token = pending[position % pending.count]
                    #expect(timers.remove(token) == token)
                    model[token] = nil
                case .advance(let milliseconds):
                    now += .milliseconds(milliseconds)
                    let expected = model.filter { $0.value <= now }.sorted { ($0.value, $0.key) < ($1.value, $1.key) }.map(\.key)
                    #expect(timers.removeDue(at: now) == expected)
                    for token in expected { model[token] = nil }
                }
                #expect(timers.count == model.count)
                #expect(timers.earliestDeadline == model.values.min())
            }
            #expect(timers.removeAll() == model.keys.sorted())
        }
    }
}
