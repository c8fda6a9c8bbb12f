import HarnessCore

/// The fail-closed check for text that is not JSON: finds a quoted name followed by `:` (what
/// a JSON member looks like, `"password" :`) whose name is a credential's, anywhere in the
/// bytes, without trusting any structure around it.
///
/// A body or message that does not parse cannot have a member's value delimited safely, so
/// finding one means the record is refused rather than written. Every `"` is tried as the
/// start of a name, so a stray quote earlier in the text cannot shift the pairing; names
/// longer than ``maximumNameLength`` bytes are not looked at.
///
/// ```swift
/// LexicalCredentialSearch.first(in: Array(#"{"password": "x",}"#.utf8), lookup: lookup)
/// // (name: "password", offset: 1)
/// ```
enum LexicalCredentialSearch {
    /// Names longer than this are not credential names (and reading them would make the
    /// search quadratic on text with few quotes).
    static let maximumNameLength = 256

    /// The first credential-named member in `bytes`: its decoded name and the offset of its
    /// opening quote.
    static func first(in bytes: [UInt8], lookup: RedactionLookup) -> (name: String, offset: Int)? {
        bytes.withUnsafeBufferPointer { buffer in
            var start = 0
            while let quote = buffer[start...].firstIndex(of: UInt8(ascii: "\"")) {
                start = quote + 1
                guard let end = closingQuote(in: buffer, openedAt: quote), isFollowedByColon(buffer, at: end + 1) else { continue }
                let name = decodedName(Array(buffer[quote...end]))
                if lookup.credentialKind(named: name) != nil { return (name, quote) }
            }
            return nil
        }
    }

    /// The index of the quote that closes the string opened at `open`, skipping `\x` escapes.
    private static func closingQuote(in buffer: UnsafeBufferPointer<UInt8>, openedAt open: Int) -> Int? {
        var index = open + 1
        let limit = min(buffer.count, open + 1 + maximumNameLength)
        while index < limit {
            switch buffer[index] {
            case UInt8(ascii: "\""): return index
            case UInt8(ascii: "\\"): index += 2
            default: index += 1
            }
        }
        return nil
    }

    private static func isFollowedByColon(_ buffer: UnsafeBufferPointer<UInt8>, at start: Int) -> Bool {
        var index = start
        while index < buffer.count, [0x20, 0x09, 0x0A, 0x0D].contains(buffer[index]) { index += 1 }
        return index < buffer.count && buffer[index] == UInt8(ascii: ":")
    }

    /// The name with its escapes decoded when it is a valid JSON string, else its raw bytes
    /// (a broken escape must not hide a name either).
    static func decodedName(_ token: [UInt8]) -> String {
        if case .string(let text)? = try? JSONParser.parse(token) { return text }
        return String(decoding: token.dropFirst().dropLast(), as: UTF8.self)
    }
}
