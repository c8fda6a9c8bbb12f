import HarnessCore

/// The grammars of the asserted formats, read over the text's UTF-8 bytes (a non-ASCII digit
/// such as U+09EA is never a digit here). Each function answers whether the whole text matches.
enum FormatGrammar {
    typealias Bytes = [UInt8]

    static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
    static func isHex(_ byte: UInt8) -> Bool { PercentEncoding.hexValue(byte) != nil }
    static func isAlpha(_ byte: UInt8) -> Bool { byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A }

    /// The number written by `count` digits at `start`, `nil` if any is not a digit.
    static func number(_ bytes: Bytes, _ start: Int, _ count: Int) -> Int? {
        guard start + count <= bytes.count else { return nil }
        var value = 0
        for byte in bytes[start..<start + count] {
            guard isDigit(byte) else { return nil }
            value = value * 10 + Int(byte - 0x30)
        }
        return value
    }

    /// RFC 3339 §5.6 full-date, with the day checked against the month (leap years too).
    static func isDate(_ bytes: Bytes) -> Bool {
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
              let year = number(bytes, 0, 4), let month = number(bytes, 5, 2), let day = number(bytes, 8, 2),
              (1...12).contains(month) else { return false }
        let isLeap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let lengths = [31, isLeap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        return (1...lengths[month - 1]).contains(day)
    }

    /// RFC 3339 §5.6 full-time: a leap second only where the time is 23:59:60 in UTC.
    static func isTime(_ bytes: Bytes) -> Bool {
        guard bytes.count >= 9, bytes[2] == UInt8(ascii: ":"), bytes[5] == UInt8(ascii: ":"),
              let hour = number(bytes, 0, 2), let minute = number(bytes, 3, 2), let second = number(bytes, 6, 2),
              hour <= 23, minute <= 59, second <= 60 else { return false }
        var index = 8
        if bytes[index] == UInt8(ascii: ".") {
            index += 1
            let start = index
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
            guard index > start else { return false }
        }
        guard index < bytes.count else { return false }
        var offsetMinutes = 0
        switch bytes[index] | 0x20 {
        case UInt8(ascii: "z"):
            guard index + 1 == bytes.count else { return false }
        default:
            let sign = bytes[index]
            guard sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-"), bytes.count == index + 6,
                  bytes[index + 3] == UInt8(ascii: ":"),
                  let offsetHour = number(bytes, index + 1, 2), let offsetMinute = number(bytes, index + 4, 2),
                  offsetHour <= 23, offsetMinute <= 59 else { return false }
            offsetMinutes = (offsetHour * 60 + offsetMinute) * (sign == UInt8(ascii: "+") ? 1 : -1)
        }
        if second == 60 {
            let utc = ((hour * 60 + minute - offsetMinutes) % 1440 + 1440) % 1440
            return utc == 23 * 60 + 59
        }
        return true
    }

    /// RFC 3339 §5.6 date-time (`T` or `t` between date and time).
    static func isDateTime(_ bytes: Bytes) -> Bool {
        guard bytes.count > 11, bytes[10] | 0x20 == UInt8(ascii: "t") else { return false }
        return isDate(Array(bytes[..<10])) && isTime(Array(bytes[11...]))
    }

    /// RFC 4122 §3: 8-4-4-4-12 hexadecimal digits, either case.
    static func isUUID(_ bytes: Bytes) -> Bool {
        guard bytes.count == 36 else { return false }
        for (position, byte) in bytes.enumerated() {
            let isDash = [8, 13, 18, 23].contains(position)
            guard isDash ? byte == UInt8(ascii: "-") : isHex(byte) else { return false }
        }
        return true
    }

    /// RFC 2673 §3.2 dotted quad: four decimal octets, no leading zeros.
    static func isIPv4(_ bytes: Bytes) -> Bool {
        let parts = bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard parts.count == 4 else { return false }
        return parts.allSatisfy { part in
            guard (1...3).contains(part.count), part.allSatisfy(isDigit),
                  part.count == 1 || part.first != UInt8(ascii: "0") else { return false }
            return Int(String(decoding: part, as: UTF8.self))! <= 255
        }
    }

    /// RFC 4291 §2.2: eight groups of up to four hex digits, one `::` at most, the last
    /// two groups possibly a dotted quad; no zone, no prefix length.
    static func isIPv6(_ text: Bytes) -> Bool {
        let colon = UInt8(ascii: ":")
        var groups = 0
        var compressed = false
        var index = 0
        if text.starts(with: [colon, colon]) {
            compressed = true
            index = 2
            if index == text.count { return true }
        } else if text.first == colon {
            return false
        }
        while index < text.count {
            var end = index
            while end < text.count, text[end] != colon { end += 1 }
            let group = text[index..<end]
            if end == text.count, group.contains(UInt8(ascii: ".")) {
                guard isIPv4(Array(group)) else { return false }
                groups += 2
                index = end
                break
            }
            guard (1...4).contains(group.count), group.allSatisfy(isHex) else { return false }
            groups += 1
            index = end
            if index < text.count {
                index += 1  // the colon
                if index < text.count, text[index] == colon {
                    guard !compressed else { return false }
                    compressed = true
                    index += 1
                } else if index == text.count {
                    return false  // a single trailing colon
                }
            }
        }
        return compressed ? groups <= 7 : groups == 8
    }

    /// RFC 1123 §2.1 host name: labels of 1–63 letters, digits and inner hyphens, 253
    /// characters in all.
    static func isHostname(_ bytes: Bytes) -> Bool {
        guard !bytes.isEmpty, bytes.count <= 253 else { return false }
        let labels = bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        return labels.allSatisfy { label in
            guard (1...63).contains(label.count), label.first != UInt8(ascii: "-"), label.last != UInt8(ascii: "-") else {
                return false
            }
            return label.allSatisfy { isAlpha($0) || isDigit($0) || $0 == UInt8(ascii: "-") }
        }
    }

    /// RFC 5321 §4.1.2 Mailbox: a dot-atom or quoted local part, `@`, and a domain or an
    /// address literal (`[192.0.2.1]`, `[IPv6:…]`).
    static func isEmail(_ bytes: Bytes) -> Bool {
        guard let at = bytes.lastIndex(of: UInt8(ascii: "@")), at > 0 else { return false }
        let local = bytes[..<at], domain = bytes[(at + 1)...]
        return isLocalPart(local) && isMailDomain(domain)
    }

    private static func isLocalPart(_ local: ArraySlice<UInt8>) -> Bool {
        if local.first == UInt8(ascii: "\""), local.count >= 2, local.last == UInt8(ascii: "\"") {
            var escaped = false
            for byte in local.dropFirst().dropLast() {
                if escaped { escaped = false; continue }
                if byte == UInt8(ascii: "\\") { escaped = true; continue }
                guard byte >= 0x20, byte < 0x7F, byte != UInt8(ascii: "\"") else { return false }
            }
            return !escaped
        }
        let atext = Set("!#$%&'*+-/=?^_`{|}~".utf8)
        let atoms = local.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        return atoms.allSatisfy { atom in
            !atom.isEmpty && atom.allSatisfy { isAlpha($0) || isDigit($0) || atext.contains($0) }
        }
    }

    private static func isMailDomain(_ domain: ArraySlice<UInt8>) -> Bool {
        if domain.first == UInt8(ascii: "["), domain.last == UInt8(ascii: "]") {
            let literal = domain.dropFirst().dropLast()
            if literal.starts(with: "IPv6:".utf8) { return isIPv6(Array(literal.dropFirst(5))) }
            return isIPv4(Array(literal))
        }
        return isHostname(Array(domain))
    }

    /// RFC 6901 §3: empty, or `/`-prefixed tokens where `~` is followed by `0` or `1`.
    static func isJSONPointer(_ bytes: Bytes) -> Bool {
        guard bytes.isEmpty || bytes[0] == UInt8(ascii: "/") else { return false }
        for (position, byte) in bytes.enumerated() where byte == UInt8(ascii: "~") {
            guard position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "0") || bytes[position + 1] == UInt8(ascii: "1") else {
                return false
            }
        }
        return true
    }
}
