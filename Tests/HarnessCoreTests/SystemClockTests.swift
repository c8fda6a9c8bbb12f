import Foundation
import HarnessCore
import Testing

/// ``SystemClock`` reads the wall clock. Sleeping is real time and is not tested here.
@Suite("SystemClock")
struct SystemClockTests {
    @Test("currentDate lies between two readings of Date() taken around it")
    func currentDateMatchesWallClock() {
        let clock = SystemClock()
        let before = Date()
        let reading = clock.currentDate
        let after = Date()
        #expect(before <= reading)
        #expect(reading <= after)
        #expect(after.timeIntervalSince(before) < 5)
    }

    @Test("currentDate through the SchedulingClock existential is the wall clock")
    func currentDateThroughProtocol() {
        let clock: any SchedulingClock = SystemClock()
        #expect(abs(clock.currentDate.timeIntervalSinceNow) < 5)
    }

    @Test("currentDate does not go backwards across successive readings")
    func currentDateIsMonotonicOverShortSpan() {
        let clock = SystemClock()
        var previous = clock.currentDate
        for _ in 0..<1000 {
            let next = clock.currentDate
            #expect(next >= previous)
            previous = next
        }
    }
}
