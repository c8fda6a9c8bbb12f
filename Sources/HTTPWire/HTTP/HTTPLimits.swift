/// Size limits applied while parsing, each checked before the bytes it guards
/// are buffered. A request over a limit is answered with the status named
/// beside it; a response over a limit fails the client call.
package struct HTTPLimits: Sendable, Hashable {
    /// Longest request line (or status line), CRLF excluded. Default 8 KiB. → 414.
    package var maxStartLineBytes: Int
    /// Largest header section (all field lines and their CRLFs). Default 16 KiB. → 431.
    package var maxHeaderBytes: Int
    /// Most header fields. Default 100. → 431.
    package var maxHeaderCount: Int
    /// Largest body, whatever its framing. Default 1 MiB. → 413.
    package var maxBodyBytes: Int
    /// Longest chunk-size line, extensions included. Default 1 KiB. → 400.
    package var maxChunkLineBytes: Int

    package init(
        maxStartLineBytes: Int = 8 * 1024,
        maxHeaderBytes: Int = 16 * 1024,
        maxHeaderCount: Int = 100,
        maxBodyBytes: Int = 1024 * 1024,
        maxChunkLineBytes: Int = 1024
    ) {
        self.maxStartLineBytes = maxStartLineBytes
        self.maxHeaderBytes = maxHeaderBytes
        self.maxHeaderCount = maxHeaderCount
        self.maxBodyBytes = maxBodyBytes
        self.maxChunkLineBytes = maxChunkLineBytes
    }
}
