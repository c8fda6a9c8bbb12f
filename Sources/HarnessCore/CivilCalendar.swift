/// Proleptic Gregorian calendar arithmetic on days since 1970-01-01 (after Howard Hinnant's
/// `civil_from_days` and `days_from_civil`): the one calendar routine behind ISO 8601
/// timestamps and HTTP dates.
///
/// ```swift
/// CivilCalendar.date(fromDays: 0)                        // (1970, 1, 1)
/// CivilCalendar.days(year: 2000, month: 3, day: 1)       // 11017
/// ```
package enum CivilCalendar {
    /// `value / divisor` rounded toward negative infinity, and the (non-negative) remainder.
    package static func floorDivide(_ value: Int64, _ divisor: Int64) -> (quotient: Int64, remainder: Int64) {
        let quotient = value >= 0 ? value / divisor : (value - divisor + 1) / divisor
        return (quotient, value - quotient * divisor)
    }

    /// The calendar date `days` after 1970-01-01 (negative: before); months and days from 1.
    package static func date(fromDays days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthPrime = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthPrime + 2) / 5 + 1
        let month = monthPrime < 10 ? monthPrime + 3 : monthPrime - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (year, month, day)
    }

    /// Days from 1970-01-01 to the date (negative before it).
    package static func days(year: Int64, month: Int64, day: Int64) -> Int64 {
        let adjustedYear = month <= 2 ? year - 1 : year
        let era = (adjustedYear >= 0 ? adjustedYear : adjustedYear - 399) / 400
        let yearOfEra = adjustedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The weekday of the day `days` after 1970-01-01: 0 for Thursday (1970-01-01) up to 6 for Wednesday.
    package static func weekdayFromThursday(days: Int64) -> Int {
        Int(floorDivide(days, 7).remainder)
    }
}
