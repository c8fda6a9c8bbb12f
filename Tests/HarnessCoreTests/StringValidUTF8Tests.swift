import HarnessCore
import Testing

@Suite struct StringValidUTF8Tests {
    @Test(arguments: [
        ([UInt8](), ""),
        (Array("Bearer tok_1".utf8), "Bearer tok_1"),
        (Array("Küche 🍳".utf8), "Küche 🍳"),
    ])
    func validTextIsKeptExactly(bytes: [UInt8], text: String) {
        #expect(String(validUTF8: bytes) == text)
        #expect(String(validUTF8: bytes[...]) == text)
    }

    @Test(arguments: [
        [0x80],                    // a lone continuation byte
        [0x41, 0xC3],              // truncated two-byte sequence after ASCII
        [0xC0, 0xAF],              // overlong "/"
        [0xED, 0xA0, 0x80],        // a UTF-16 surrogate
        [0x61, 0xFF, 0x62],        // never valid in UTF-8
    ] as [[UInt8]])
    func invalidUTF8IsRefusedNotRepaired(bytes: [UInt8]) {
        #expect(String(validUTF8: bytes) == nil)
    }
}
