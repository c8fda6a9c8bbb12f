/// Headers that describe one connection rather than the message (RFC 9110 §7.6.1): a proxy
/// removes them, and every header the `Connection` field names, before forwarding; a replay
/// or an in-process answer never forwards them. The one list of them.
///
/// ```swift
/// HopByHopHeaders.stripped(["Connection": "close, X-Trace", "X-Trace": "1", "Accept": "*/*"])  // Accept only
/// ```
package enum HopByHopHeaders {
    /// The hop-by-hop field names, as RFC 9110 §7.6.1 and RFC 9112 spell them.
    package static let names = ["Connection", "Keep-Alive", "Proxy-Connection", "TE", "Trailer", "Transfer-Encoding",
                               "Upgrade", "Proxy-Authenticate", "Proxy-Authorization"]

    /// ``names`` lower-cased, for comparing with a lower-cased field name.
    package static let lowercasedNames = Set(names.map { $0.lowercased() })

    /// `headers` without hop-by-hop fields (and without the ones `Connection` lists).
    package static func stripped(_ headers: HTTPHeaders) -> HTTPHeaders {
        var result = headers
        for token in headers.listElements(for: "Connection") { result.remove(String(token)) }
        for name in names { result.remove(name) }
        return result
    }
}
