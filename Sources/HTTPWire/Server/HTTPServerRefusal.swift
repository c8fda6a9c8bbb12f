/// Why the server ended a connection on its own initiative (a time or connection limit),
/// each case mapping to the status it answers with before closing.
package enum HTTPServerRefusal: Error, Sendable, Equatable, CustomStringConvertible {
    /// The request head was not complete within `HTTPServerConfiguration.requestHeadTimeout`.
    case requestHeadTimedOut(limit: Duration)
    /// No body byte arrived for `HTTPServerConfiguration.bodyProgressTimeout`.
    case bodyStalled(limit: Duration)
    /// `HTTPServerConfiguration.maxConnections` connections were already being served.
    case tooManyConnections(limit: Int)

    /// The status sent for this refusal: 408 for the timeouts (RFC 9110 §15.5.9), 503 for the
    /// connection cap (RFC 9110 §15.6.4).
    package var status: HTTPStatus {
        switch self {
        case .requestHeadTimedOut, .bodyStalled: .requestTimeout
        case .tooManyConnections: .serviceUnavailable
        }
    }

    package var description: String {
        switch self {
        case .requestHeadTimedOut(let limit): "request head not complete within \(limit)"
        case .bodyStalled(let limit): "no body bytes for \(limit)"
        case .tooManyConnections(let limit): "server busy: \(limit) connections already open"
        }
    }

    /// The whole response as bytes: plain text naming the limit, framed by `ResponseWriter` to
    /// close the connection (RFC 9112 §9.6).
    var responseBytes: [UInt8] {
        var response = HTTPResponse.text(status, "\(self)\n")
        if case .tooManyConnections = self { response.headers["Retry-After"] = "1" }
        return ResponseWriter.bytes(of: response) ?? []
    }
}
