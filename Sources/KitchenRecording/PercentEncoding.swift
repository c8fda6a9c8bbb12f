import HarnessCore

/// Percent-encoding as URLs use it (RFC 3986 §2.1), on bytes, so that no platform URL type
/// normalises what was on the wire.
enum PercentEncoding {
    /// Which hex digits an encoder writes; RFC 3986 §2.1 prefers upper case, but both occur.
    enum HexCase: Sendable { case upper, lower }

    /// Whether `byte` may stand unencoded anywhere in a query (RFC 3986 §2.3 unreserved).
    static func isUnreserved(_ byte: UInt8) -> Bool {
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
    static func encode(_ text: String, hexCase: HexCase = .upper, spaceAsPlus: Bool = false) -> String {
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

    /// `text` with each `%XX` replaced by its byte. A `%` not followed by two hex digits
    /// stays as it is; `+` stays `+` (RFC 3986 gives it no meaning in a query). Returns
    /// `text` unchanged when the decoded bytes are not UTF-8.
    static func decode(_ text: Substring) -> String {
        PercentDecoding.decode(text) ?? String(text)
    }

    /// Bytes at or above 0x80 written as `%XX`, for request targets that are not UTF-8.
    static func encodeNonASCII(_ bytes: [UInt8]) -> String {
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

    /// `text` percent-decoded again and again until nothing changes (`%2574oken` → `token`),
    /// for comparing a name with what any server in a chain may end up reading. Bytes that
    /// are not UTF-8 become U+FFFD.
    static func decodeFully(_ text: some StringProtocol) -> String {
        var bytes = Array(text.utf8)
        var decodedAny = false
        while let decoded = RequestPath.percentDecodedOnce(bytes) {
            bytes = decoded
            decodedAny = true
        }
        return decodedAny ? String(decoding: bytes, as: UTF8.self) : String(text)
    }
}
