/// Percent-encoding as URLs use it (RFC 3986 §2.1), on the text's UTF-8 bytes, so that no
/// platform URL type normalises what was on the wire. Decoding is ``PercentDecoding``'s; this
/// is the one place that turns text into escapes and escapes back into text.
///
/// ```swift
/// PercentEncoding.encode("a b&c")                      // "a%20b%26c"
/// PercentEncoding.decode("caf%C3%A9")                  // "café"
/// PercentEncoding.decode("%FF")                        // "%FF": not UTF-8, kept as written
/// PercentEncoding.decodeReplacingInvalidUTF8("%FF")    // "\u{FFFD}"
/// PercentEncoding.decodeQueryComponent("a+b%21")       // "a b!"
/// ```
package enum PercentEncoding {
    /// Which hex digits an encoder writes; RFC 3986 §2.1 prefers upper case, but both occur.
    package enum HexCase: Sendable { case upper, lower }

    /// Whether `byte` may stand unencoded anywhere in a query (RFC 3986 §2.3 unreserved).
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

    /// `text` with every byte outside the unreserved set written as `%XX`; with
    /// `spaceAsPlus`, spaces become `+` as HTML forms write them.
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

    /// `text` with each `%XX` replaced by its byte. A `%` not followed by two hex digits
    /// stays as it is; `+` stays `+` (RFC 3986 gives it no meaning in a query). Returns
    /// `text` unchanged when the decoded bytes are not UTF-8, so that what is compared or
    /// recorded is never a guess at the bytes.
    package static func decode(_ text: some StringProtocol) -> String {
        PercentDecoding.decode(text) ?? String(text)
    }

    /// `text` with each `%XX` replaced by its byte, malformed escapes kept as written, and
    /// decoded bytes that are not UTF-8 replaced by U+FFFD: for a name to look up or route by,
    /// where any string will do.
    package static func decodeReplacingInvalidUTF8(_ text: some StringProtocol) -> String {
        decodeReplacingInvalidUTF8(text, plusAsSpace: false)
    }

    /// A query component decoded: `%XX` escapes, and `+` as a space (the form encoding);
    /// bytes that are not UTF-8 replaced by U+FFFD.
    package static func decodeQueryComponent(_ text: some StringProtocol) -> String {
        decodeReplacingInvalidUTF8(text, plusAsSpace: true)
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
        guard bytes.contains(UInt8(ascii: "%")), let decoded = PercentDecoding.decode(bytes) else { return nil }
        // Each decoded escape shrinks three bytes to one; the same length means none was decoded.
        return decoded.count < bytes.count ? decoded : nil
    }

    private static func decodeReplacingInvalidUTF8(_ text: some StringProtocol, plusAsSpace: Bool) -> String {
        guard text.utf8.contains(where: { $0 == UInt8(ascii: "%") || (plusAsSpace && $0 == UInt8(ascii: "+")) }),
              let bytes = PercentDecoding.decode(text.utf8, plusAsSpace: plusAsSpace)
        else { return String(text) }
        return String(decoding: bytes, as: UTF8.self)
    }
}
