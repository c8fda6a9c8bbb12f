import HTTPWire

/// Headers that describe one connection rather than the message (RFC 9110 §7.6.1):
/// a proxy removes them, and every header the `Connection` field names, before forwarding.
enum HopByHopHeaders {
    static let names = ["Connection", "Keep-Alive", "Proxy-Connection", "TE", "Trailer", "Transfer-Encoding",
                        "Upgrade", "Proxy-Authenticate", "Proxy-Authorization"]

    /// `headers` without hop-by-hop fields (and without the ones `Connection` lists).
    static func stripped(_ headers: HTTPHeaders) -> HTTPHeaders {
        var result = headers
        for value in headers.values(for: "Connection") {
            for token in value.split(separator: ",") {
                result.remove(String(token.trimmingOWS()))
            }
        }
        for name in names { result.remove(name) }
        return result
    }
}

extension HTTPHeaders {
    /// The fields sorted by lower-cased name; fields of the same name keep their order.
    func sortedByName() -> HTTPHeaders {
        HTTPHeaders(enumerated().sorted { lhs, rhs in
            let left = lhs.element.name.lowercased(), right = rhs.element.name.lowercased()
            return left == right ? lhs.offset < rhs.offset : left < right
        }.map(\.element))
    }
}
