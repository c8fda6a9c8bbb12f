import HarnessCore
import Testing

@Suite("Duration milliseconds")
struct DurationMillisecondsTests {
    @Test("Whole milliseconds truncate toward zero on both sides of zero", arguments: [
        (Duration.zero, Int64(0)), (.microseconds(999), 0), (.microseconds(1_999), 1), (.seconds(2), 2_000),
        (.microseconds(-1_999), -1), (.milliseconds(-1_500), -1_500), (.seconds(-3) - .nanoseconds(1), -3_000),
    ])
    func truncatedMilliseconds(duration: Duration, milliseconds: Int64) {
        #expect(duration.truncatedMilliseconds == milliseconds)
    }

    @Test("A time interval is the duration in seconds, fractions kept", arguments: [
        (Duration.zero, 0.0), (.milliseconds(500), 0.5), (.seconds(30), 30), (.milliseconds(-1_250), -1.25),
    ])
    func timeInterval(duration: Duration, seconds: Double) {
        #expect(duration.timeInterval == seconds)
    }
}
