/// A request body handed to the responder as it arrives, for a request whose head the
/// responder asked to stream (``HTTPResponder/bodyDelivery(for:)``): pull pieces with
/// ``read()`` until it returns `nil`. Each piece is at most one socket read (16 KiB), so what
/// the connection holds stays bounded whatever the body's size.
///
/// The server's limits still apply as the body is read: `maxBodyBytes` (413), malformed
/// chunked framing (400), `bodyProgressTimeout` (408). Whatever the responder leaves unread
/// ends the connection after its response (the body is never mistaken for the next request).
/// Read it on the thread `respond` runs on, before `respond` returns.
///
/// ```swift
/// func respond(to request: HTTPRequest, context: HTTPRequestContext) -> HTTPReply {
///     var count = 0
///     while let piece = try? context.body?.read() { count += piece.count }
///     return .response(.text(.ok, "\(count) bytes\n"))
/// }
/// ```
package final class HTTPRequestBody: @unchecked Sendable {
    // Unchecked: made, read and drained by the one thread serving the connection.
    private let reader: ConnectionReader
    /// The length the request declared with `Content-Length`; `nil` for a chunked body.
    package let declaredLength: Int?
    /// Body bytes handed out so far.
    package private(set) var bytesRead = 0
    private var state = State.reading

    private enum State {
        case reading
        case complete
        case failed(ConnectionReader.Failure)
    }

    init(reader: ConnectionReader, declaredLength: Int?) {
        self.reader = reader
        self.declaredLength = declaredLength
    }

    /// Whether the body has been read to its end.
    package var isComplete: Bool {
        if case .complete = state { return true }
        return false
    }

    /// The next piece of the body, or `nil` at its end.
    package func read() throws(HTTPRequestBodyError) -> [UInt8]? {
        switch state {
        case .complete: return nil
        case .failed(let failure): throw HTTPRequestBodyError(failure)
        case .reading: break
        }
        let event: HTTPRequestDecoder.Event
        do throws(ConnectionReader.Failure) { event = try reader.next() } catch {
            state = .failed(error)
            throw HTTPRequestBodyError(error)
        }
        switch event {
        case .body(let bytes):
            bytesRead += bytes.count
            return bytes
        case .end:
            state = .complete
            return nil
        case .head:
            // The decoder reports a head only after the previous request's end.
            state = .failed(.parse(.truncated))
            throw .invalid(.truncated)
        }
    }

    /// Why reading stopped early, once it has.
    var failure: ConnectionReader.Failure? {
        if case .failed(let failure) = state { return failure }
        return nil
    }
}

/// Why a streamed request body could not be read to its end; the server answers the
/// client for it (and closes) once the responder returns.
package enum HTTPRequestBodyError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The body broke the protocol or a limit (the client gets 400 or 413).
    case invalid(HTTPParseError)
    /// No body byte arrived for the body progress timeout (the client gets 408).
    case stalled(limit: Duration)
    /// The client closed or reset the connection mid-body.
    case clientGone

    init(_ failure: ConnectionReader.Failure) {
        switch failure {
        case .parse(let error): self = .invalid(error)
        case .refused(.bodyStalled(let limit)): self = .stalled(limit: limit)
        case .refused: self = .clientGone
        case .ended, .idle: self = .clientGone  // .idle: never thrown mid-body
        }
    }

    package var description: String {
        switch self {
        case .invalid(let error): "request body refused: \(error)"
        case .stalled(let limit): "request body stalled: no bytes for \(limit)"
        case .clientGone: "the client went away mid-body"
        }
    }
}
