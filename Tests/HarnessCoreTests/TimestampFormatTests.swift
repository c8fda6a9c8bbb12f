import Foundation
import HarnessCore
import Testing

/// ``Timestamp`` formatting: the API form `YYYY-MM-DDTHH:MM:SS.mmmZ`
/// (RFC 3339 §5.6, UTC, three fractional digits) and exact round trips.
@Suite("Timestamp formatting")
struct TimestampFormatTests {
    /// Instants checked against an independent calendar implementation.
    static let knownInstants: [(Int64, String)] = [
        (0, "1970-01-01T00:00:00.000Z"),
        (1_795_169_730_123, "2026-11-20T10:15:30.123Z"),
        (1_709_251_199_999, "2024-02-29T23:59:59.999Z"),
        (1_709_164_800_000, "2024-02-29T00:00:00.000Z"),
        (946_684_800_000, "2000-01-01T00:00:00.000Z"),
        (951_782_400_000, "2000-02-29T00:00:00.000Z"),
        (-1, "1969-12-31T23:59:59.999Z"),
        (-999, "1969-12-31T23:59:59.001Z"),
        (-1000, "1969-12-31T23:59:59.000Z"),
        (-14_182_940_000, "1969-07-20T20:17:40.000Z"),
        (-2_208_988_800_000, "1900-01-01T00:00:00.000Z"),
        (-62_135_596_800_000, "0001-01-01T00:00:00.000Z"),
        (-62_167_219_200_000, "0000-01-01T00:00:00.000Z"),
        (253_402_300_799_999, "9999-12-31T23:59:59.999Z"),
        (4_107_542_400_000, "2100-03-01T00:00:00.000Z"),
        (1_000, "1970-01-01T00:00:01.000Z"),
        (7, "1970-01-01T00:00:00.007Z"),
        (60_000, "1970-01-01T00:01:00.000Z"),
        (3_600_000, "1970-01-01T01:00:00.000Z"),
        (86_399_999, "1970-01-01T23:59:59.999Z"),
    ]

    @Test("format writes known instants", arguments: knownInstants)
    func formatWritesKnownInstants(milliseconds: Int64, expected: String) {
        #expect(Timestamp.format(milliseconds: milliseconds) == expected)
    }

    /// Years outside 0000–9999, which RFC 3339 cannot write: ISO 8601's expanded form, a sign
    /// before the zero-padded magnitude (never the sign inside the padding, `00-1`).
    static let expandedYears: [(Int64, String)] = [
        (-62_167_219_200_001, "-0001-12-31T23:59:59.999Z"),
        (-62_198_755_200_000, "-0001-01-01T00:00:00.000Z"),
        (-377_736_739_200_000, "-10000-01-01T00:00:00.000Z"),
        (253_402_300_800_000, "10000-01-01T00:00:00.000Z"),
    ]

    @Test("format writes a year outside 0000–9999 with its sign before the padding", arguments: expandedYears)
    func formatWritesExpandedYears(milliseconds: Int64, expected: String) {
        #expect(Timestamp.format(milliseconds: milliseconds) == expected)
    }

    @Test("milliseconds(from:) reads known instants back", arguments: knownInstants)
    func parseReadsKnownInstants(milliseconds: Int64, text: String) {
        #expect(Timestamp.milliseconds(from: text) == milliseconds)
    }

    /// Years 0000 through 9999: everything RFC 3339's four-digit year can write.
    static let representableRange: ClosedRange<Int64> = -62_167_219_200_000...253_402_300_799_999

    @Test("format then parse returns the same millisecond for random instants", arguments: [UInt64(1), 2, 3, 4])
    func roundTripIsExact(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        for _ in 0..<5000 {
            let wide = Int64.random(in: Self.representableRange, using: &random)
            let nearEpoch = Int64.random(in: -5_000_000_000_000...5_000_000_000_000, using: &random)
            for milliseconds in [wide, nearEpoch] {
                let text = Timestamp.format(milliseconds: milliseconds)
                #expect(Timestamp.milliseconds(from: text) == milliseconds, "\(milliseconds) → \(text)")
                #expect(text.utf8.count == 24)
            }
        }
    }

    @Test("format orders like the instants it writes")
    func formatPreservesOrder() {
        var random = SeededGenerator(seed: 11)
        let instants = (0..<2000).map { _ in Int64.random(in: Self.representableRange, using: &random) }
        let byValue = instants.sorted().map { Timestamp.format(milliseconds: $0) }
        let byText = instants.map { Timestamp.format(milliseconds: $0) }.sorted()
        #expect(byValue == byText)
    }

    @Test("Date conversions are exact at millisecond precision across the range")
    func dateConversionsAreExact() {
        var random = SeededGenerator(seed: 5)
        for _ in 0..<5000 {
            let milliseconds = Int64.random(in: Self.representableRange, using: &random)
            let date = Timestamp.date(milliseconds: milliseconds)
            #expect(Timestamp.milliseconds(of: date) == milliseconds)
            #expect(Timestamp.format(date) == Timestamp.format(milliseconds: milliseconds))
        }
    }

    @Test("format(Date) rounds to the nearest millisecond")
    func formatDateRoundsToNearestMillisecond() {
        #expect(Timestamp.format(Date(timeIntervalSince1970: 1_795_169_730.123)) == "2026-11-20T10:15:30.123Z")
        #expect(Timestamp.format(Date(timeIntervalSince1970: 0.0006)) == "1970-01-01T00:00:00.001Z")
        #expect(Timestamp.format(Date(timeIntervalSince1970: 0.0004)) == "1970-01-01T00:00:00.000Z")
        #expect(Timestamp.format(Date(timeIntervalSince1970: -0.0004)) == "1970-01-01T00:00:00.000Z")
        #expect(Timestamp.format(Date(timeIntervalSince1970: 59.9996)) == "1970-01-01T00:01:00.000Z")
    }

    @Test("date(from:) and date(milliseconds:) agree")
    func dateFromTextMatchesMilliseconds() throws {
        let date = try #require(Timestamp.date(from: "2026-11-20T10:15:30.123Z"))
        #expect(date == Timestamp.date(milliseconds: 1_795_169_730_123))
        #expect(Timestamp.date(from: "not a time") == nil)
    }
}
