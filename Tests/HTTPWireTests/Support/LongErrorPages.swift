import HTTPWire

/// Answers every request with a short text, and every parse error with a page far bigger than
/// a socket's buffers hold: for answers that must be written in pieces, as the client makes room.
struct LongErrorPages: HTTPResponder {
    static let pageBytes = 16 << 20
    func respond(to request: HTTPRequest, context: HTTPRequestContext) -> HTTPReply { .response(.text(.ok, "fine")) }
    func response(for error: HTTPParseError) -> HTTPResponse {
        .text(error.status, String(repeating: "e", count: Self.pageBytes))
    }
}
