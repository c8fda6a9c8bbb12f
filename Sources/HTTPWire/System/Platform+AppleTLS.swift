// One of the files in HTTPWire that name platform APIs: client TLS on Apple platforms.
//
// The open gap: no engine is implemented here yet, so connecting with TLS throws
// `TLSError.unavailable`. The intended route is Network.framework (`NWProtocolTLS`, with
// `sec_protocol_options_set_tls_server_name` and a verify block for `--cacert`); because
// Network.framework owns its connection rather than transforming bytes, it will come as a
// second transport behind `Socket` rather than as a `TLSEngine`.
#if canImport(Darwin)

/// The Apple platforms' TLS entry points (not implemented yet; see the note above).
enum PlatformTLS {
    private static let gap = "client TLS is not implemented on Apple platforms yet (HTTPWire's TLS engine "
        + "uses OpenSSL on Linux; the Apple engine, on Network.framework, is an open gap)"

    /// Always throws: there is no engine on Apple platforms yet.
    static func checkAvailability() throws(TLSError) {
        throw .unavailable(gap)
    }

    /// Always throws: there is no engine on Apple platforms yet.
    static func makeClientEngine(configuration: TLSClientConfiguration, server: String, serverName: String)
        throws(TLSError) -> any TLSEngine
    {
        throw .unavailable(gap)
    }
}
#endif
