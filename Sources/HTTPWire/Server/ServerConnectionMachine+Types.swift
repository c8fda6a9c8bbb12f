/// What goes in and out of a ``ServerConnectionMachine``: the actions the shell performs, and
/// the phases the machine steps through.
extension ServerConnectionMachine {
    /// What the shell does next.
    enum Action: Sendable, Equatable {
        /// Nothing for now: read while ``wantsToRead``, write while ``wantsToWrite``, and call
        /// ``timeElapsed(now:)`` at ``deadline``.
        case wait
        /// Call the responder with `request` (its body whole); report the answer with
        /// ``responded(_:body:closes:now:)``.
        case respond(HTTPRequest, requestIndex: Int)
        /// Call the responder with this head and a stream its body will flow through
        /// (``HTTPRequestBodyStream``), then go on with ``bodyDelivered(now:)``; an answer, now or
        /// later, is reported as for ``respond(_:requestIndex:)``. Nothing of the body is decoded
        /// until ``resumeBody(now:)`` (the responder starts the stream).
        case respondStreaming(HTTPRequest, requestIndex: Int)
        /// Hand the next piece of the streamed body to its stream, then ``bodyDelivered(now:)``.
        case bodyPiece([UInt8])
        /// The streamed body is complete: tell its stream, then ``bodyDelivered(now:)``.
        case bodyEnd
        /// The streamed body broke: tell its stream why, then ``bodyDelivered(now:)``, which
        /// answers the client for it (the parse error's answer through ``reject(_:)``, 408) or
        /// closes (the client is gone).
        case bodyFailed(HTTPRequestBodyError)
        /// The bytes broke the protocol or a limit: find the responder's answer to the error and
        /// pass it to ``answer(with:now:)``.
        case reject(HTTPParseError)
        /// Write as much of these bytes as the socket takes without blocking, and report it with
        /// ``sent(_:flushed:now:)``.
        case send(ArraySlice<UInt8>)
        /// An answer that ends the connection is out: send the FIN, free the connection's slot,
        /// and keep reading (and discarding) until ``deadline``.
        case finishAnswer
        /// Close the connection now, without a further word.
        case close
    }

    /// What follows once everything queued is written.
    enum AfterFlush: Sendable {
        /// Read the next request (keep-alive).
        case nextRequest
        /// The answer said `Connection: close`: close.
        case close
        /// A refusal: FIN, then drain.
        case drain
        /// An answer given before the request's body was read to its end: FIN, then drain, as
        /// after a refusal (the rest of the body is never read as a request), but with the
        /// write timeout of any answer.
        case closeUnread
    }

    enum Phase: Sendable {
        /// Reading a request: waiting for one (idle), its head, or its body.
        case reading
        /// The responder has the request.
        case responding
        /// The responder has the request's head, and its body is being handed to it as it arrives.
        case streamingBody
        /// The parse error's answer is being looked up (or a streamed body's failure told).
        case rejecting
        /// An answer is going out; `then` says what follows.
        case writing(then: AfterFlush)
        /// The refusal is out; counts what has been discarded since.
        case draining(discarded: Int)
        /// Upgraded, or closed: the machine has no further part.
        case finished
    }

    /// What the machine handed the shell last on the streamed-body route, until
    /// ``bodyDelivered(now:)`` says the shell is done with it.
    enum BodyHandout: Sendable, Equatable {
        /// The responder is being called (``Action/respondStreaming(_:requestIndex:)``).
        case responderCall
        case piece
        case end
        case failure(HTTPRequestBodyError)
    }
}
