/// Percent-encoding as URLs use it (RFC 3986 §2.1), on the text's UTF-8 bytes, so that no
/// platform URL type normalises what was on the wire: the one codec behind request targets,
/// path segments, query components, form bodies and `$ref` fragments.
///
/// Decoding differs only in what it does with what it cannot read: a `%` not followed by two
/// hex digits is kept as written (what browsers and most servers do) except by
/// ``decodeStrictly(_:plusAsSpace:)``, and decoded bytes that are not UTF-8 keep the text as
/// written, become U+FFFD, or make the strict decoder return `nil`.
///
/// ```swift
/// PercentEncoding.encode("a b&c")                                   // "a%20b%26c"
/// PercentEncoding.decode("caf%C3%A9")                               // "café"
/// PercentEncoding.decode("%FF")                                     // "%FF": not UTF-8, kept as written
/// PercentEncoding.decodeReplacingInvalidUTF8("%FF")                 // "\u{FFFD}"
/// PercentEncoding.decodeReplacingInvalidUTF8("a+b%21", plusAsSpace: true)  // "a b!"
/// PercentEncoding.decodeStrictly("100%")                            // nil
/// ```
package enum PercentEncoding {
    /// Which hex digits an encoder writes; RFC 3986 §2.1 prefers upper case, but both occur.
    package enum HexCase: Sendable { case upper, lower }

    /// Whether `byte` may stand unencoded anywhere in a URL (RFC 3986 §2.3 unreserved).
    package static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            true
        default:
            false
        }
    }

    /// `text` with every byte outside the unreserved set written as `%XX` (so `/`, `?`, `%`,
    /// `&`, `=` and `+` never split a path segment or a query); with `spaceAsPlus`, spaces
    /// become `+` as HTML forms write them.
    package static func encode(_ text: String, hexCase: HexCase = .upper, spaceAsPlus: Bool = false) -> String {
        let digits = Array((hexCase == .upper ? "0123456789ABCDEF" : "0123456789abcdef").utf8)
        var output: [UInt8] = []
        output.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if isUnreserved(byte) {
                output.append(byte)
            } else if spaceAsPlus && byte == UInt8(ascii: " ") {
                output.append(UInt8(ascii: "+"))
            } else {
                output.append(contentsOf: [UInt8(ascii: "%"), digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Bytes at or above 0x80 written as `%XX`, for request targets that are not UTF-8.
    package static func encodeNonASCII(_ bytes: [UInt8]) -> String {
        var output = ""
        for byte in bytes {
            if byte < 0x80 {
                output.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                output += "%" + String(byte, radix: 16, uppercase: true)
            }
        }
        return output
    }

    /// `bytes` with each `%XX` replaced by its byte, malformed escapes kept as written, and `+`
    /// by a space when `plusAsSpace` (the form encoding of query components).
    package static func decode(_ bytes: some Collection<UInt8>, plusAsSpace: Bool = false) -> [UInt8] {
        // Only a refusing decode returns nil.
        decodedBytes(bytes, plusAsSpace: plusAsSpace, refusingMalformed: false)!
    }

    /// `text` decoded as ``decode(_:plusAsSpace:)-([UInt8])`` does; `text` unchanged when the
    /// decoded bytes are not UTF-8, so that what is compared or recorded is never a guess at
    /// the bytes. `+` stays `+` unless `plusAsSpace` (RFC 3986 gives it no meaning in a query).
    package static func decode(_ text: some StringProtocol, plusAsSpace: Bool = false) -> String {
        decodeStrictly(text, plusAsSpace: plusAsSpace, refusingMalformed: false) ?? String(text)
    }

    /// `text` decoded with decoded bytes that are not UTF-8 replaced by U+FFFD: for a name to
    /// look up or route by, where any string will do.
    package static func decodeReplacingInvalidUTF8(_ text: some StringProtocol, plusAsSpace: Bool = false) -> String {
        guard needsDecoding(text, plusAsSpace: plusAsSpace) else { return String(text) }
        return String(decoding: decode(text.utf8, plusAsSpace: plusAsSpace), as: UTF8.self)
    }

    /// `text` decoded, or `nil` when an escape is malformed or the decoded bytes are not UTF-8:
    /// for text that must mean exactly one thing (a JSON Pointer fragment, a contract's path).
    package static func decodeStrictly(_ text: some StringProtocol, plusAsSpace: Bool = false) -> String? {
        decodeStrictly(text, plusAsSpace: plusAsSpace, refusingMalformed: true)
    }

    /// `text` percent-decoded again and again until nothing changes (`%2574oken` → `token`),
    /// for comparing a name with what any server in a chain may end up reading. Bytes that
    /// are not UTF-8 become U+FFFD.
    package static func decodeFully(_ text: some StringProtocol) -> String {
        var bytes = Array(text.utf8)
        var decodedAny = false
        while let decoded = decodedOnce(bytes) {
            bytes = decoded
            decodedAny = true
        }
        return decodedAny ? String(decoding: bytes, as: UTF8.self) : String(text)
    }

    /// `bytes` with one round of escapes decoded, or nil when there was none to decode.
    package static func decodedOnce(_ bytes: [UInt8]) -> [UInt8]? {
        guard bytes.contains(UInt8(ascii: "%")) else { return nil }
        let decoded = decode(bytes)
        // Each decoded escape shrinks three bytes to one; the same length means none was decoded.
        return decoded.count < bytes.count ? decoded : nil
    }

    /// The `name=value` pairs of a query (what follows `?`), in order, each side decoded by
    /// `decode`; empty pairs (`a=1&&b=2`) are skipped, and a pair without `=` has an empty value.
    package static func queryItems(of query: String, decode: (Substring) -> String) -> [(name: String, value: String)] {
        query.split(separator: "&").map { pair in
            guard let equals = pair.firstIndex(of: "=") else { return (decode(pair), "") }
            return (decode(pair[..<equals]), decode(pair[pair.index(after: equals)...]))
        }
    }

    /// The value of one hex digit, either case.
    package static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// The byte the `%XX` escape at `index` of `bytes` stands for (RFC 3986 §2.1), or nil when
    /// no escape starts there: the byte is not `%`, or fewer than two hex digits follow it.
    ///
    /// ```swift
    /// PercentEncoding.escapedByte(in: Array("a%2Fb".utf8), at: 1)   // 0x2F
    /// PercentEncoding.escapedByte(in: Array("100%".utf8), at: 3)    // nil
    /// ```
    package static func escapedByte<Bytes: RandomAccessCollection<UInt8>>(in bytes: Bytes, at index: Bytes.Index) -> UInt8? {
        guard bytes[index] == UInt8(ascii: "%"), bytes.distance(from: index, to: bytes.endIndex) >= 3,
              let high = hexValue(bytes[bytes.index(index, offsetBy: 1)]),
              let low = hexValue(bytes[bytes.index(index, offsetBy: 2)])
        else { return nil }
        return high << 4 | low
    }

    private static func needsDecoding(_ text: some StringProtocol, plusAsSpace: Bool) -> Bool {
        text.utf8.contains { $0 == UInt8(ascii: "%") || (plusAsSpace && $0 == UInt8(ascii: "+")) }
    }

    private static func decodeStrictly(_ text: some StringProtocol, plusAsSpace: Bool, refusingMalformed: Bool) -> String? {
        guard needsDecoding(text, plusAsSpace: plusAsSpace) else { return String(text) }
        return decodedBytes(text.utf8, plusAsSpace: plusAsSpace, refusingMalformed: refusingMalformed)
            .flatMap { String(validating: $0, as: UTF8.self) }
    }

    private static func decodedBytes(_ bytes: some Collection<UInt8>, plusAsSpace: Bool, refusingMalformed: Bool) -> [UInt8]? {
        let bytes = Array(bytes)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if let escaped = escapedByte(in: bytes, at: index) {
                output.append(escaped)
                index += 3
                continue
            }
            if byte == UInt8(ascii: "%"), refusingMalformed { return nil }
            output.append(plusAsSpace && byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
            index += 1
        }
        return output
    }
}
