/// RFC 3986 §2.1 percent-decoding on bytes: the one decoder behind request targets, path
/// segments, query components and `$ref` fragments, whatever each does with the result.
///
/// ```swift
/// PercentDecoding.decode("caf%C3%A9+au+lait", plusAsSpace: true)  // "café au lait"
/// PercentDecoding.decode("100%", malformed: .refuse)              // nil
/// ```
package enum PercentDecoding {
    /// What becomes of a `%` not followed by two hex digits.
    package enum Malformed: Sendable {
        /// Kept as written (what browsers and most servers do).
        case keep
        /// The whole decoding fails.
        case refuse
    }

    /// `bytes` with each `%XX` replaced by its byte, and `+` by a space when `plusAsSpace`
    /// (the form encoding of query components). `nil` only for a malformed escape under `.refuse`.
    package static func decode(
        _ bytes: some Collection<UInt8>, plusAsSpace: Bool = false, malformed: Malformed = .keep
    ) -> [UInt8]? {
        let bytes = Array(bytes)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                if index + 2 < bytes.count, let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2]) {
                    output.append(high << 4 | low)
                    index += 3
                    continue
                }
                if malformed == .refuse { return nil }
            }
            output.append(plusAsSpace && byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
            index += 1
        }
        return output
    }

    /// `text` decoded and read as UTF-8; `nil` when the bytes are not UTF-8 or an escape is
    /// malformed under `.refuse`. Text with nothing to decode comes back as it is.
    package static func decode(
        _ text: some StringProtocol, plusAsSpace: Bool = false, malformed: Malformed = .keep
    ) -> String? {
        guard text.utf8.contains(where: { $0 == UInt8(ascii: "%") || (plusAsSpace && $0 == UInt8(ascii: "+")) }) else {
            return String(text)
        }
        return decode(text.utf8, plusAsSpace: plusAsSpace, malformed: malformed).flatMap { String(validating: $0, as: UTF8.self) }
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
}
