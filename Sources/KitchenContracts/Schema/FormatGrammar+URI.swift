import HarnessCore

/// RFC 3986's URI and URI-reference grammars (§3, §4.1), and RFC 3339 Appendix A's duration.
extension FormatGrammar {
    private static let unreserved = Set("-._~".utf8)
    private static let subDelimiters = Set("!$&'()*+,;=".utf8)

    /// RFC 3986 §3: an absolute URI with a scheme.
    static func isURI(_ bytes: Bytes) -> Bool {
        guard let colon = schemeEnd(bytes) else { return false }
        return isRelativePart(bytes[(colon + 1)...])
    }

    /// RFC 3986 §4.1: a URI or a relative reference.
    static func isURIReference(_ bytes: Bytes) -> Bool {
        if let colon = schemeEnd(bytes) { return isRelativePart(bytes[(colon + 1)...]) }
        return isRelativePart(bytes[...])
    }

    /// The index of the colon ending a valid scheme (§3.1), `nil` when there is none.
    private static func schemeEnd(_ bytes: Bytes) -> Int? {
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon > 0, isAlpha(bytes[0]) else { return nil }
        let scheme = bytes[..<colon]
        let isScheme = scheme.allSatisfy { isAlpha($0) || isDigit($0) || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".") }
        return isScheme ? colon : nil
    }

    /// hier-part or relative-part, then `?query` and `#fragment`.
    private static func isRelativePart(_ bytes: ArraySlice<UInt8>) -> Bool {
        var rest = bytes
        if let hash = rest.firstIndex(of: UInt8(ascii: "#")) {
            guard isCharacters(rest[(hash + 1)...], extra: "/?:@") else { return false }
            rest = rest[..<hash]
        }
        if let question = rest.firstIndex(of: UInt8(ascii: "?")) {
            guard isCharacters(rest[(question + 1)...], extra: "/?:@") else { return false }
            rest = rest[..<question]
        }
        if rest.starts(with: "//".utf8) {
            let afterSlashes = rest.dropFirst(2)
            let end = afterSlashes.firstIndex(of: UInt8(ascii: "/")) ?? afterSlashes.endIndex
            guard isAuthority(afterSlashes[..<end]) else { return false }
            rest = afterSlashes[end...]
        }
        return isCharacters(rest, extra: "/:@")
    }

    /// §3.2: `[userinfo@]host[:port]`.
    private static func isAuthority(_ bytes: ArraySlice<UInt8>) -> Bool {
        var hostPort = bytes
        if let at = bytes.lastIndex(of: UInt8(ascii: "@")) {
            guard isCharacters(bytes[..<at], extra: ":") else { return false }
            hostPort = bytes[(at + 1)...]
        }
        if hostPort.first == UInt8(ascii: "[") {
            guard let close = hostPort.firstIndex(of: UInt8(ascii: "]")), isIPv6(Array(hostPort[(hostPort.startIndex + 1)..<close])) else {
                return false
            }
            let port = hostPort[(close + 1)...]
            return port.isEmpty || (port.first == UInt8(ascii: ":") && port.dropFirst().allSatisfy(isDigit))
        }
        var host = hostPort
        if let colon = hostPort.lastIndex(of: UInt8(ascii: ":")) {
            guard hostPort[(colon + 1)...].allSatisfy(isDigit) else { return false }
            host = hostPort[..<colon]
        }
        return isCharacters(host, extra: "")
    }

    /// Whether every byte is unreserved, a sub-delimiter, one of `extra` or a `%XX` escape.
    private static func isCharacters(_ bytes: ArraySlice<UInt8>, extra: String) -> Bool {
        let allowed = Set(extra.utf8)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                guard PercentEncoding.escapedByte(in: bytes, at: index) != nil else { return false }
                index += 3
                continue
            }
            guard isAlpha(byte) || isDigit(byte) || unreserved.contains(byte) || subDelimiters.contains(byte)
                    || allowed.contains(byte) else { return false }
            index += 1
        }
        return true
    }

    /// RFC 3339 Appendix A `duration`: `P` then dates, times after `T`, or weeks alone,
    /// each unit at most once and in order.
    static func isDuration(_ bytes: Bytes) -> Bool {
        guard bytes.first == UInt8(ascii: "P"), bytes.count > 1 else { return false }
        var index = 1
        func units(_ allowed: String) -> Int? {
            var order = Array(allowed.utf8)[...]
            var found = 0
            while index < bytes.count, isDigit(bytes[index]) {
                var end = index
                while end < bytes.count, isDigit(bytes[end]) { end += 1 }
                guard end < bytes.count, let position = order.firstIndex(of: bytes[end]) else { return nil }
                order = order[(position + 1)...]
                found += 1
                index = end + 1
            }
            return found
        }
        if let weeks = units("W"), weeks == 1 { return index == bytes.count }
        index = 1
        guard let dateUnits = units("YMD") else { return false }
        if index == bytes.count { return dateUnits > 0 }
        guard bytes[index] == UInt8(ascii: "T") else { return false }
        index += 1
        guard let timeUnits = units("HMS"), timeUnits > 0 else { return false }
        return index == bytes.count
    }
}
