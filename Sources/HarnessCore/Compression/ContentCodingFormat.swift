/// The three framings of a DEFLATE stream (RFC 1951) that HTTP content codings use.
///
/// ```swift
/// let format = ContentCodingFormat.forDeflateStream(firstBytes: body.prefix(2))  // .zlib or .rawDeflate
/// let text = try ContentDecoder.decode(body, format: format, outputLimit: 1 << 24)
/// ```
package enum ContentCodingFormat: Sendable, Equatable {
    /// RFC 1952: one or more members, each a header, DEFLATE data, CRC-32 and ISIZE.
    case gzip
    /// RFC 1950: a two-byte header, DEFLATE data and an Adler-32 (HTTP's `deflate`).
    case zlib
    /// RFC 1951 with no framing at all.
    case rawDeflate

    /// The framing of a body labelled `Content-Encoding: deflate`. RFC 9110 §8.4.1.2 says it is
    /// the zlib format, but some servers send raw DEFLATE; the two are told apart by the first two
    /// bytes: `.zlib` when they are a valid zlib header (RFC 1950 §2.2: method 8, a window of at most
    /// 32 KiB, and `(CMF * 256 + FLG) % 31 == 0`), `.rawDeflate` otherwise. With fewer than two bytes
    /// it answers `.zlib` (such a body is truncated in either format). A raw stream whose first
    /// two bytes happen to pass the check is read as zlib and fails with a defined error.
    package static func forDeflateStream(firstBytes: some Collection<UInt8>) -> ContentCodingFormat {
        var bytes = firstBytes.makeIterator()
        guard let cmf = bytes.next(), let flg = bytes.next() else { return .zlib }
        return ZlibHeader.check(cmf: cmf, flg: flg) == nil ? .zlib : .rawDeflate
    }
}

/// The two-byte zlib header (RFC 1950 §2.2).
enum ZlibHeader {
    /// Why `cmf`, `flg` is not a header this decoder reads, or nil when it is.
    static func check(cmf: UInt8, flg: UInt8) -> String? {
        if cmf & 0x0F != 8 { return "zlib compression method \(cmf & 0x0F), not 8 (deflate)" }
        if cmf >> 4 > 7 { return "zlib window size 2^\(Int(cmf >> 4) + 8) is over 32 KiB" }
        if (UInt16(cmf) << 8 | UInt16(flg)) % 31 != 0 { return "zlib header check bits: CMF*256+FLG is not a multiple of 31" }
        // RFC 1950 §2.2: FDICT streams need a preset dictionary that HTTP never names.
        if flg & 0x20 != 0 { return "zlib preset dictionary (FDICT) is not supported" }
        return nil
    }

    /// The header this package writes: deflate with a 32 KiB window, default level.
    static let bytes: [UInt8] = [0x78, 0x9C]
}
