import HarnessCore

/// The HTTP date format, IMF-fixdate (RFC 9110 §5.6.7): `Sun, 06 Nov 1994 08:49:37 GMT`.
package enum HTTPDate {
    private static let weekdays = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// IMF-fixdate for an instant given in milliseconds since the epoch.
    package static func format(millisecondsSince1970 milliseconds: Int64) -> String {
        let seconds = CivilCalendar.floorDivide(milliseconds, 1000).quotient
        let (days, secondOfDay) = CivilCalendar.floorDivide(seconds, 86_400)
        let (year, month, day) = CivilCalendar.date(fromDays: days)
        let weekday = weekdays[CivilCalendar.weekdayFromThursday(days: days)]
        func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(weekday), \(two(day)) \(months[Int(month - 1)]) \(year) "
            + "\(two(secondOfDay / 3600)):\(two(secondOfDay / 60 % 60)):\(two(secondOfDay % 60)) GMT"
    }
}
