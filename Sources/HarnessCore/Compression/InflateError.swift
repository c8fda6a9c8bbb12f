/// Why a compressed stream could not be decoded: one case per rule, each with where or what.
///
/// Every malformed input ends in one of these; the decoder never traps on input.
package enum InflateError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The input ended inside a stream (or held no stream at all).
    case truncated
    /// The DEFLATE data breaks RFC 1951 at about `offset` bytes into the input: a bad block type,
    /// LEN/NLEN mismatch, bad code lengths, an invalid code, a distance too far back.
    case corrupt(offset: Int, reason: String)
    /// A gzip header (magic, method, reserved flags, header CRC) or zlib header (CMF/FLG, FDICT) is wrong.
    case badHeader(reason: String)
    /// The CRC-32 (gzip) or Adler-32 (zlib) in the trailer differs from the decoded data's.
    case checksumMismatch(expected: UInt32, actual: UInt32)
    /// The gzip ISIZE (length modulo 2^32) differs from the decoded member's length.
    case lengthMismatch(expected: UInt32, actual: UInt32)
    /// Decoding would produce more than `limit` bytes.
    case outputLimitExceeded(limit: Int)
    /// Bytes follow the end of the stream at `offset` (for gzip: something that is not another member).
    case trailingGarbage(offset: Int)

    package var description: String {
        switch self {
        case .truncated: "compressed stream is truncated"
        case .corrupt(let offset, let reason): "corrupt DEFLATE data at byte \(offset): \(reason)"
        case .badHeader(let reason): "bad stream header: \(reason)"
        case .checksumMismatch(let expected, let actual):
            "checksum mismatch: trailer says \(hex(expected)), data gives \(hex(actual))"
        case .lengthMismatch(let expected, let actual): "length mismatch: gzip ISIZE says \(expected), data has \(actual)"
        case .outputLimitExceeded(let limit): "decoded body exceeds the limit of \(limit) bytes"
        case .trailingGarbage(let offset): "unexpected bytes after the end of the stream at byte \(offset)"
        }
    }

    private func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16)
        return "0x" + String(repeating: "0", count: 8 - digits.count) + digits
    }
}
