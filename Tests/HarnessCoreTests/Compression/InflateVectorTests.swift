import HarnessCore
import Testing

/// Hand-written streams, byte by byte, each aimed at one rule of RFC 1950, 1951 or 1952.
@Suite("Inflate byte-level vectors")
struct InflateVectorTests {
    /// RFC 1952 header (no flags, MTIME 0, OS 255), the empty fixed block, CRC 0, ISIZE 0.
    static let emptyGzipMember: [UInt8] = [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 0xFF, 0x03, 0x00, 0, 0, 0, 0, 0, 0, 0, 0]

    @Test("an empty gzip member decodes to no bytes")
    func emptyGzipMember() throws {
        #expect(try ContentDecoder.decode(Self.emptyGzipMember, format: .gzip, outputLimit: 0) == [])
    }

    @Test("a stored block copies its bytes; an empty final fixed block ends the stream")
    func storedThenFixed() throws {
        // BFINAL 0, BTYPE 00, LEN 3, NLEN ~3, "abc"; then BFINAL 1, BTYPE 01, end-of-block.
        let stream: [UInt8] = [0x00, 0x03, 0x00, 0xFC, 0xFF, 0x61, 0x62, 0x63, 0x03, 0x00]
        #expect(try ContentDecoder.decode(stream, format: .rawDeflate, outputLimit: 3) == Array("abc".utf8))
    }

    @Test("a stored block whose NLEN is not the complement of LEN is corrupt")
    func storedLengthMismatch() {
        #expect(isCorrupt(decodeFailure([0x01, 0x05, 0x00, 0x00, 0x00], format: .rawDeflate), mentioning: "NLEN"))
    }

    @Test("block type 3 is corrupt")
    func reservedBlockType() {
        #expect(isCorrupt(decodeFailure([0x07], format: .rawDeflate), mentioning: "invalid block type 3"))
    }

    @Test("a back-reference before the start of the stream is corrupt", arguments: [
        [UInt8]([0x03, 0x02, 0x00]),        // length 3, distance 1, with no output yet
        [UInt8]([0x4B, 0x04, 0x42, 0x00]),  // "a", then length 3, distance 2
    ])
    func distanceBeforeStart(stream: [UInt8]) {
        #expect(isCorrupt(decodeFailure(stream, format: .rawDeflate), mentioning: "before the start"))
    }

    @Test("a gzip member cannot reach back into the member before it")
    func distanceIntoPreviousMember() {
        let first = ContentEncoder.encode(Array("abc".utf8), format: .gzip)
        // A member whose deflate data is "length 3, distance 1" with no output of its own.
        let second: [UInt8] = [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 0xFF, 0x03, 0x02, 0x00, 0, 0, 0, 0, 0, 0, 0, 0]
        #expect(isCorrupt(decodeFailure(first + second, format: .gzip), mentioning: "before the start"))
    }

    @Test("an over-subscribed code length code is corrupt")
    func overSubscribedCodeLengths() {
        // Dynamic final block, HLIT 0, HDIST 0, HCLEN 0 (four lengths), each 1: three codes of one bit.
        #expect(isCorrupt(decodeFailure([0x05, 0x00, 0x92, 0x04], format: .rawDeflate), mentioning: "over-subscribed"))
    }

    @Test("a fixed-block length symbol 286 is corrupt")
    func invalidLengthSymbol() {
        // BFINAL 1, BTYPE 01, then the 8-bit code 11000110 (symbol 286).
        #expect(isCorrupt(decodeFailure([0x1B, 0x03], format: .rawDeflate), mentioning: "invalid length symbol 286"))
    }

    @Test("a dynamic-Huffman zlib stream decodes to its text")
    func dynamicBlock() throws {
        let decoded = try ContentDecoder.decode(CompressionSamples.dynamicZlibStream, format: .zlib, outputLimit: 1 << 20)
        #expect(decoded == CompressionSamples.dynamicText)
    }

    @Test("CRC-32 and Adler-32 give their published check values")
    func checksums() {
        #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
        #expect(CRC32.checksum(Array("56789".utf8), seed: CRC32.checksum(Array("1234".utf8))) == 0xCBF4_3926)
        #expect(CRC32.checksum([UInt8]()) == 0)
        #expect(Adler32.checksum(Array("Wikipedia".utf8)) == 0x11E6_0398)
        #expect(Adler32.checksum([UInt8](repeating: 0xFF, count: 100_000)) == Adler32.checksum(AnySequence([UInt8](repeating: 0xFF, count: 100_000))))
    }
}
