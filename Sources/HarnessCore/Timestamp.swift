import Foundation

/// ISO 8601 / RFC 3339 timestamps as the Kitchen API writes them:
/// UTC with exactly three fractional digits, e.g. `2026-11-20T10:15:30.123Z`.
///
/// Formatting and parsing work on whole milliseconds, so a value survives a
/// round trip exactly (no floating-point drift through `Date`).
///
/// ```swift
/// Timestamp.format(milliseconds: 1_795_169_730_123)   // "2026-11-20T10:15:30.123Z"
/// Timestamp.milliseconds(from: "2026-11-20T10:15:30.123Z")  // 1795169730123
/// ```
package enum Timestamp {
    /// Milliseconds since 1970-01-01T00:00:00Z, rounded to the nearest millisecond.
    package static func milliseconds(of date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1000).rounded())
    }

    /// The date `milliseconds` after the epoch.
    package static func date(milliseconds: Int64) -> Date {
        Date(timeIntervalSince1970: Double(milliseconds) / 1000)
    }

    /// The API form of `date`.
    package static func format(_ date: Date) -> String {
        format(milliseconds: milliseconds(of: date))
    }

    /// The API form of an instant given in milliseconds since the epoch.
    package static func format(milliseconds: Int64) -> String {
        let (days, millisOfDay) = CivilCalendar.floorDivide(milliseconds, 86_400_000)
        let (year, month, day) = CivilCalendar.date(fromDays: days)
        let hour = millisOfDay / 3_600_000
        let minute = millisOfDay / 60_000 % 60
        let second = millisOfDay / 1000 % 60
        let millis = millisOfDay % 1000
        // Four year digits, more past 9999, and a sign before a year below 0 (ISO 8601's
        // expanded years). Every byte is written in place, in one allocation (the recorder
        // stamps every exchange).
        let yearWidth = (-9999...9999).contains(year) ? 4 : String(abs(year)).utf8.count
        let sign = year < 0 ? 1 : 0
        let fields: [(value: Int64, width: Int, separator: UInt8)] = [
            (abs(year), yearWidth, UInt8(ascii: "-")), (month, 2, UInt8(ascii: "-")), (day, 2, UInt8(ascii: "T")),
            (hour, 2, UInt8(ascii: ":")), (minute, 2, UInt8(ascii: ":")), (second, 2, UInt8(ascii: ".")),
            (millis, 3, UInt8(ascii: "Z")),
        ]
        return String(unsafeUninitializedCapacity: sign + yearWidth + 20) { bytes in
            if sign == 1 { bytes[0] = UInt8(ascii: "-") }
            var end = sign
            for field in fields {
                var rest = field.value
                for index in stride(from: end + field.width - 1, through: end, by: -1) {
                    bytes[index] = UInt8(ascii: "0") + UInt8(rest % 10)
                    rest /= 10
                }
                bytes[end + field.width] = field.separator
                end += field.width + 1
            }
            return end
        }
    }

    /// Parses an RFC 3339 `date-time` (any number of fractional digits, `Z` or a
    /// numeric offset) into milliseconds since the epoch; digits past the
    /// millisecond are truncated. Returns `nil` for anything else.
    package static func milliseconds(from text: String) -> Int64? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 20 else { return nil }
        func number(_ range: Range<Int>) -> Int64? {
            var value: Int64 = 0
            for index in range {
                let byte = bytes[index]
                guard byte >= 0x30, byte <= 0x39 else { return nil }
                value = value * 10 + Int64(byte - 0x30)
            }
            return value
        }
        guard let year = number(0..<4), bytes[4] == UInt8(ascii: "-"),
              let month = number(5..<7), bytes[7] == UInt8(ascii: "-"),
              let day = number(8..<10), bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: "t"),
              let hour = number(11..<13), bytes[13] == UInt8(ascii: ":"),
              let minute = number(14..<16), bytes[16] == UInt8(ascii: ":"),
              let second = number(17..<19)
        else { return nil }
        guard (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year),
              hour < 24, minute < 60, second < 61
        else { return nil }
        var index = 19
        var millis: Int64 = 0
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            let start = index
            while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1 }
            guard index > start else { return nil }
            for position in 0..<3 {
                millis *= 10
                if start + position < index { millis += Int64(bytes[start + position] - 0x30) }
            }
        }
        guard index < bytes.count else { return nil }
        var offsetMinutes: Int64 = 0
        switch bytes[index] {
        case UInt8(ascii: "Z"), UInt8(ascii: "z"):
            index += 1
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            guard index + 6 == bytes.count, bytes[index + 3] == UInt8(ascii: ":"),
                  let offsetHour = number(index + 1..<index + 3), let offsetMinute = number(index + 4..<index + 6),
                  offsetHour < 24, offsetMinute < 60
            else { return nil }
            offsetMinutes = (offsetHour * 60 + offsetMinute) * (bytes[index] == UInt8(ascii: "-") ? -1 : 1)
            index += 6
        default:
            return nil
        }
        guard index == bytes.count else { return nil }
        let days = CivilCalendar.days(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offsetMinutes * 60
        return seconds * 1000 + millis
    }

    /// Parses an RFC 3339 `date-time` into a `Date` (see ``milliseconds(from:)``).
    package static func date(from text: String) -> Date? {
        milliseconds(from: text).map(date(milliseconds:))
    }

    private static func daysIn(month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
