import Testing

/// Status lines as HTTPWire must write them.
enum StatusLine {
    static let ok = "HTTP/1.1 200 OK"
    static let badRequest = "HTTP/1.1 400 Bad Request"
    static let contentTooLarge = "HTTP/1.1 413 Content Too Large"
    static let uriTooLong = "HTTP/1.1 414 URI Too Long"
    static let fieldsTooLarge = "HTTP/1.1 431 Request Header Fields Too Large"
    static let notImplemented = "HTTP/1.1 501 Not Implemented"
    static let versionNotSupported = "HTTP/1.1 505 HTTP Version Not Supported"
}

/// Writes `request` as raw bytes on a new connection and returns the first response
/// together with the connection, for tests that look further.
func exchange(_ request: String, port: Int) throws -> (RawResponse, RawConnection) {
    let connection = try RawConnection(port: port)
    try connection.send(request)
    return (try connection.readResponse(), connection)
}

/// Expects `request` to be refused with exactly `statusLine`, `Connection: close`, and an
/// orderly close (FIN, not reset) with nothing after the response.
func expectRefusal(_ request: String, statusLine: String, port: Int,
                   sourceLocation: SourceLocation = #_sourceLocation) throws {
    let (response, connection) = try exchange(request, port: port)
    #expect(response.statusLine == statusLine, "\(response)", sourceLocation: sourceLocation)
    #expect(response.header("Connection") == "close", sourceLocation: sourceLocation)
    let after = try connection.readUntilClosed()
    #expect(after.isEmpty, "bytes after the refusal: \(after.debugText)", sourceLocation: sourceLocation)
    #expect(connection.ending == .endOfStream, "the refusal must end with FIN, not a reset",
            sourceLocation: sourceLocation)
}

/// Expects `request` to be accepted (200) and returns the body `Routes.describe` wrote.
@discardableResult
func expectAccepted(_ request: String, port: Int, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
    let (response, _) = try exchange(request, port: port)
    #expect(response.statusLine == StatusLine.ok, "\(response)", sourceLocation: sourceLocation)
    return response.body.text
}
