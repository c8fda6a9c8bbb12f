/// Compresses a body into one of the content-coding framings, for serving a recorded body in a
/// coding the client asked for.
///
/// ```swift
/// let gzipped = ContentEncoder.encode(Array(json.utf8), format: .gzip)
/// try ContentDecoder.decode(gzipped, format: .gzip, outputLimit: .max) == Array(json.utf8)  // true
/// ```
package enum ContentEncoder {
    /// A valid stream of the format (gzip member with CRC-32/ISIZE, zlib with Adler-32, raw DEFLATE).
    package static func encode(_ bytes: [UInt8], format: ContentCodingFormat) -> [UInt8] {
        let deflated = DeflateEncoder.compress(bytes)
        switch format {
        case .rawDeflate:
            return deflated
        case .zlib:
            let adler = Adler32.checksum(bytes)
            return ZlibHeader.bytes + deflated + [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: adler >> $0) }
        case .gzip:
            // RFC 1952 §2.3: magic, CM 8, no flags, MTIME 0 (none), XFL 0, OS 255 (unknown).
            let header: [UInt8] = [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 0xFF]
            let crc = CRC32.checksum(bytes), size = UInt32(truncatingIfNeeded: bytes.count)
            let trailer = [0, 8, 16, 24].map { UInt8(truncatingIfNeeded: crc >> $0) }
                + [0, 8, 16, 24].map { UInt8(truncatingIfNeeded: size >> $0) }
            return header + deflated + trailer
        }
    }
}
