extension String {
    /// `bytes` as text when they are valid UTF-8, else `nil`: `String(validating:as:)` with a
    /// fast path for ASCII, which is most of what HTTP and JSON carry. The generic
    /// standard-library initializer is several times slower, and recording calls this for
    /// every target and body of every exchange.
    @inlinable
    package init?<Bytes: Collection<UInt8>>(validUTF8 bytes: Bytes) {
        if bytes.allSatisfy({ $0 < 0x80 }) {
            self = String(decoding: bytes, as: UTF8.self)
            return
        }
        guard let text = String(validating: bytes, as: UTF8.self) else { return nil }
        self = text
    }
}
