import HarnessCore
import Testing

/// ``Timestamp`` parsing: the RFC 3339 §5.6 `date-time` variants it must
/// accept, the texts it must refuse, and what counts as canonical.
@Suite("Timestamp parsing")
struct TimestampParsingTests {
    /// 2026-11-20T10:15:30.123Z.
    static let reference: Int64 = 1_795_169_730_123

    @Test("milliseconds(from:) accepts RFC 3339 variants of the same instant", arguments: [
        "2026-11-20T10:15:30.123Z",
        "2026-11-20T15:45:30.123+05:30",
        "2026-11-20T02:15:30.123-08:00",
        "2026-11-20T10:15:30.123+00:00",
        "2026-11-20T10:15:30.123-00:00",
        "2026-11-20t10:15:30.123z",
        "2026-11-20T10:15:30.123z",
        "2026-11-20t10:15:30.123Z",
        "2026-11-21T00:15:30.123+14:00",
        "2026-11-19T22:15:30.123-12:00",
        "2026-11-20T10:15:30.1234Z",
        "2026-11-20T10:15:30.123999999Z",
    ])
    func parseAcceptsVariants(text: String) {
        #expect(Timestamp.milliseconds(from: text) == Self.reference)
    }

    @Test("milliseconds(from:) reads 0 to 9 fractional digits, truncating past the millisecond", arguments: [
        ("2026-11-20T10:15:30Z", Int64(0)), ("2026-11-20T10:15:30.1Z", 100), ("2026-11-20T10:15:30.12Z", 120),
        ("2026-11-20T10:15:30.123Z", 123), ("2026-11-20T10:15:30.1234Z", 123), ("2026-11-20T10:15:30.12345Z", 123),
        ("2026-11-20T10:15:30.123456Z", 123), ("2026-11-20T10:15:30.1234567Z", 123),
        ("2026-11-20T10:15:30.12345678Z", 123), ("2026-11-20T10:15:30.999999999Z", 999),
        ("2026-11-20T10:15:30.000000001Z", 0), ("2026-11-20T11:15:30.05+01:00", 50),
    ])
    func parseReadsFractionalDigits(text: String, millisecond: Int64) {
        #expect(Timestamp.milliseconds(from: text) == Self.reference - 123 + millisecond)
    }

    @Test("milliseconds(from:) applies offsets that cross a day, month or year")
    func parseAppliesOffsetsAcrossBoundaries() {
        #expect(Timestamp.milliseconds(from: "2026-11-20T00:30:00.000+01:00") == 1_795_131_000_000)
        #expect(Timestamp.milliseconds(from: "2026-12-31T23:30:00-01:00") == Timestamp.milliseconds(from: "2027-01-01T00:30:00Z"))
        #expect(Timestamp.milliseconds(from: "1970-01-01T00:00:00+00:01") == -60_000)
        #expect(Timestamp.milliseconds(from: "2024-03-01T00:00:00+05:00") == Timestamp.milliseconds(from: "2024-02-29T19:00:00Z"))
    }

    @Test("milliseconds(from:) accepts leap days in leap years only", arguments: [
        ("2024-02-29T00:00:00Z", true), ("2000-02-29T00:00:00Z", true), ("2400-02-29T00:00:00Z", true),
        ("2025-02-29T00:00:00Z", false), ("1900-02-29T00:00:00Z", false), ("2100-02-29T00:00:00Z", false),
    ])
    func parseChecksLeapDays(text: String, isValid: Bool) {
        #expect((Timestamp.milliseconds(from: text) != nil) == isValid)
    }

    @Test("milliseconds(from:) refuses invalid dates, times and layouts", arguments: [
        "2026-02-30T00:00:00.000Z", "2026-04-31T00:00:00.000Z", "2026-13-01T00:00:00.000Z",
        "2026-00-10T00:00:00.000Z", "2026-11-00T00:00:00.000Z", "2026-11-32T00:00:00.000Z",
        "2026-11-20T24:00:00.000Z", "2026-11-20T10:60:00.000Z", "2026-11-20T10:15:61.000Z",
        "2026-11-20T10:15:30.123", "2026-11-20T10:15:30", "2026-11-20 10:15:30.123Z",
        "2026-11-20_10:15:30.123Z", "2026-11-20T10:15:30.Z", "2026-11-20T10:15:30.123+0530",
        "2026-11-20T10:15:30.123+05", "2026-11-20T10:15:30.123+24:00", "2026-11-20T10:15:30.123+05:60",
        "2026-11-20T10:15:30.123Z ", " 2026-11-20T10:15:30.123Z", "2026-11-20T10:15:30.123ZZ",
        "2026-11-20T10:15:30.123+05:30Z", "2026-11-20T10:15:30,123Z", "2026-11-20", "26-11-20T10:15:30Z",
        "+2026-11-20T10:15:30Z", "2026/11/20T10:15:30.123Z", "2026-11-20T10.15.30.123Z", "2026-1-20T10:15:30.123Z",
        "2026-11-20T1:15:30.123Z", "２０２６-11-20T10:15:30.123Z", "", "Z", "2026-11-20T10:15:30.123UTC",
        "2026-11-20T10:15:30.123GMT+1",
    ])
    func parseRefusesInvalidText(text: String) {
        #expect(Timestamp.milliseconds(from: text) == nil)
        #expect(Timestamp.date(from: text) == nil)
    }

    /// RFC 3339 §5.6 allows second 60 for leap seconds; the instant is the next minute.
    @Test("milliseconds(from:) reads a leap second as the start of the next minute")
    func parseReadsLeapSecond() {
        #expect(Timestamp.milliseconds(from: "2016-12-31T23:59:60Z") == Timestamp.milliseconds(from: "2017-01-01T00:00:00Z"))
        #expect(Timestamp.milliseconds(from: "2016-12-31T23:59:60.000Z").map { Timestamp.format(milliseconds: $0) } == "2017-01-01T00:00:00.000Z")
    }
}
