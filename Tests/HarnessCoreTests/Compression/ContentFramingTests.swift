import HarnessCore
import Testing

/// The gzip (RFC 1952) and zlib (RFC 1950) framings around DEFLATE: headers, trailers,
/// members, and what follows a stream.
@Suite("Content coding framings")
struct ContentFramingTests {
    static let body = Array(#"{"orders":[{"id":1,"state":"ready"},{"id":2,"state":"ready"}]}"#.utf8)
    static let gzipped = ContentEncoder.encode(body, format: .gzip)
    static let zlibbed = ContentEncoder.encode(body, format: .zlib)

    static func replacing(_ bytes: [UInt8], at index: Int, with value: UInt8) -> [UInt8] {
        var copy = bytes
        copy[index] = value
        return copy
    }

    /// A member with the given flags and optional fields before the deflate data of `body`.
    static func gzipMember(flags: UInt8, fields: [UInt8], headerCRC: UInt16? = nil) -> [UInt8] {
        var header: [UInt8] = [0x1F, 0x8B, 8, flags, 0, 0, 0, 0, 0, 0xFF] + fields
        if let headerCRC {
            header += [UInt8(headerCRC & 0xFF), UInt8(headerCRC >> 8)]
        } else if flags & 0x02 != 0 {
            let crc = CRC32.checksum(header)
            header += [UInt8(crc & 0xFF), UInt8(crc >> 8 & 0xFF)]
        }
        return header + Array(gzipped[10...])
    }

    /// Flags and the optional fields they announce (RFC 1952 §2.3.1), in the order they are written.
    static let optionalFieldCases: [(flags: UInt8, fields: [UInt8])] = [
        (0x04, [4, 0, 0x41, 0x42, 2, 0]),
        (0x08, Array("orders.json".utf8) + [0]),
        (0x10, Array("a comment".utf8) + [0]),
        (0x02, []),
        (0x1E, [2, 0, 0x41, 0x42, 0x6E, 0, 0x63, 0]),
        (0x01, []),  // FTEXT is only a hint
    ]

    @Test("gzip headers with FEXTRA, FNAME, FCOMMENT and FHCRC are read past", arguments: optionalFieldCases)
    func optionalHeaderFields(flags: UInt8, fields: [UInt8]) throws {
        let member = Self.gzipMember(flags: flags, fields: fields)
        #expect(try ContentDecoder.decode(member, format: .gzip, outputLimit: 1 << 20) == Self.body)
        #expect(try decodeInPieces(member, format: .gzip, cuts: Array(1..<member.count)) == Self.body)
    }

    static let badGzipHeaderCases: [(index: Int, value: UInt8, rule: String)] = [
        (0, 0x1E, "magic"),
        (1, 0x8C, "magic"),
        (2, 7, "compression method 7"),
        (3, 0x20, "reserved flag"),
        (3, 0x80, "reserved flag"),
    ]

    @Test("each bad gzip header hits its own rule", arguments: badGzipHeaderCases)
    func badGzipHeaders(index: Int, value: UInt8, rule: String) {
        #expect(isBadHeader(decodeFailure(Self.replacing(Self.gzipped, at: index, with: value), format: .gzip), mentioning: rule))
    }

    @Test("a wrong gzip header CRC16 is a bad header")
    func badHeaderCRC() {
        let member = Self.gzipMember(flags: 0x02, fields: [], headerCRC: 0x1234)
        #expect(isBadHeader(decodeFailure(member, format: .gzip), mentioning: "CRC16"))
    }

    static let badZlibHeaderCases: [(header: [UInt8], rule: String)] = [
        ([0x79, 0x9C], "method 9"),
        ([0x88, 0x98], "window size"),
        ([0x78, 0x9D], "multiple of 31"),
        ([0x78, 0xBB], "dictionary"),
    ]

    @Test("each bad zlib header hits its own rule", arguments: badZlibHeaderCases)
    func badZlibHeaders(header: [UInt8], rule: String) {
        #expect(isBadHeader(decodeFailure(header + Self.zlibbed[2...], format: .zlib), mentioning: rule))
    }

    /// Trailer bytes flipped (counted from the end of the stream) and the error each must give.
    static let trailerCases: [(format: ContentCodingFormat, fromEnd: Int, flip: UInt8, error: InflateError)] = {
        let crc = CRC32.checksum(body), size = UInt32(body.count), adler = Adler32.checksum(body)
        return [
            (.gzip, 8, 0x01, .checksumMismatch(expected: crc ^ 0x01, actual: crc)),
            (.gzip, 4, 0x01, .lengthMismatch(expected: size ^ 0x01, actual: size)),
            (.zlib, 1, 0x80, .checksumMismatch(expected: adler ^ 0x80, actual: adler)),
        ]
    }()

    @Test("a wrong CRC-32, ISIZE or Adler-32 in the trailer is its own mismatch", arguments: trailerCases)
    func trailerMismatch(format: ContentCodingFormat, fromEnd: Int, flip: UInt8, error: InflateError) {
        let stream = format == .gzip ? Self.gzipped : Self.zlibbed
        let index = stream.count - fromEnd
        #expect(decodeFailure(Self.replacing(stream, at: index, with: stream[index] ^ flip), format: format) == error)
    }

    @Test("concatenated gzip members decode to their concatenation, empty members included")
    func concatenatedMembers() throws {
        let second = Array("second".utf8)
        let stream = Self.gzipped + InflateVectorTests.emptyGzipMember + ContentEncoder.encode(second, format: .gzip)
        #expect(try ContentDecoder.decode(stream, format: .gzip, outputLimit: 1 << 20) == Self.body + second)
    }

    @Test("input ending exactly between gzip members is complete; inside one it is truncated")
    func endBetweenMembers() throws {
        var decoder = ContentDecoder(format: .gzip, outputLimit: 1 << 20)
        #expect(try decoder.decode(Self.gzipped) == Self.body)
        #expect(try decoder.finish() == [])
        var partial = ContentDecoder(format: .gzip, outputLimit: 1 << 20)
        _ = try partial.decode(Self.gzipped + [0x1F])
        #expect(throws: InflateError.truncated) { try partial.finish() }
    }

    static let garbageCases: [(format: ContentCodingFormat, bytes: [UInt8])] = [
        (.gzip, [0x00]),
        (.gzip, [0x1F, 0x00]),
        (.zlib, [0x00]),
        (.rawDeflate, [0x78]),
    ]

    @Test("bytes after the end of a stream are trailing garbage at their offset", arguments: garbageCases)
    func trailingGarbage(format: ContentCodingFormat, garbage: [UInt8]) {
        let stream = ContentEncoder.encode(Self.body, format: format)
        #expect(decodeFailure(stream + garbage, format: format) == .trailingGarbage(offset: stream.count))
    }

    @Test("empty input is a truncated stream in every format", arguments: [ContentCodingFormat.gzip, .zlib, .rawDeflate])
    func emptyInput(format: ContentCodingFormat) {
        #expect(decodeFailure([], format: format) == .truncated)
    }

    @Test("HTTP deflate: a zlib header says zlib, anything else raw DEFLATE")
    func deflateSniffing() throws {
        let raw = ContentEncoder.encode(Self.body, format: .rawDeflate)
        #expect(ContentCodingFormat.forDeflateStream(firstBytes: Self.zlibbed) == .zlib)
        #expect(ContentCodingFormat.forDeflateStream(firstBytes: raw) == .rawDeflate)
        #expect(ContentCodingFormat.forDeflateStream(firstBytes: [0x78]) == .zlib)
        for stream in [raw, Self.zlibbed] {
            var decoder = ContentDecoder(format: .zlib, outputLimit: 1 << 20, rawDeflateFallback: true)
            let output = try decoder.decode(stream.prefix(1)) + decoder.decode(stream.dropFirst()) + decoder.finish()
            #expect(output == Self.body)
        }
    }

    @Test("after an error every later call throws the same error")
    func errorsAreSticky() {
        var decoder = ContentDecoder(format: .rawDeflate, outputLimit: 100)
        #expect(throws: InflateError.corrupt(offset: 0, reason: "invalid block type 3")) { try decoder.decode([0x07]) }
        #expect(throws: InflateError.corrupt(offset: 0, reason: "invalid block type 3")) { try decoder.decode([0x03, 0x00]) }
        #expect(throws: InflateError.corrupt(offset: 0, reason: "invalid block type 3")) { try decoder.finish() }
    }
}
