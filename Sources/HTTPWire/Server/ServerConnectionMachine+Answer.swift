/// Writing answers: the responder's (whole, or its body pushed as produced) and the machine's own
/// refusals, as much as the socket takes at a time, then what follows them (the next request,
/// the close, or the FIN and a drain).
extension ServerConnectionMachine {
    /// The responder answered the request of the last ``Action/respond(_:requestIndex:)`` (or
    /// ``Action/respondStreaming(_:requestIndex:)``): `head` (the whole response, when `body` is
    /// nil) to write, then `body`, then the connection closes if `closes`. An answer to a
    /// streamed body that has not ended yet stops it (nothing more is handed out), and the
    /// connection is closed after the answer whatever `closes` says (frame it so:
    /// ``isReadingStreamedBody``): the rest of the body is never read as a request.
    mutating func responded(_ head: [UInt8], body: [UInt8]? = nil, closes: Bool, now: Duration) -> Action {
        let then: AfterFlush
        switch phase {
        case .responding:
            then = closes ? .close : .nextRequest
        case .streamingBody:
            then = .closeUnread
            handedOut = nil
            bodyPaused = false
        default:
            return .wait
        }
        phase = .writing(then: then)
        unsent.append(head[...])
        if let body, !body.isEmpty { unsent.append(body[...]) }
        deadline = now + writeTimeout
        return .send(unsent[0])
    }

    /// The responder answered with a body it pushes as it is produced: `head` (framed for it)
    /// goes first, then each piece of ``streamed(_:now:)`` until ``streamEnded(now:)``.
    mutating func respondedStreaming(_ head: [UInt8], closes: Bool, now: Duration) -> Action {
        guard isAwaitingAnswer else { return .wait }
        isStreaming = true
        return responded(head, closes: closes, now: now)
    }

    /// The next framed piece of a pushed body.
    mutating func streamed(_ bytes: [UInt8], now: Duration) -> Action {
        guard isStreaming, case .writing = phase, !bytes.isEmpty else { return .wait }
        unsent.append(bytes[...])
        guard unsent.count == 1 else { return .wait }
        deadline = now + writeTimeout
        return .send(unsent[0])
    }

    /// The pushed body is complete (its last framing queued): the answer ends once written.
    mutating func streamEnded(now: Duration) -> Action {
        guard isStreaming else { return .wait }
        isStreaming = false
        return unsent.isEmpty ? allSent(now: now) : .wait
    }

    /// After ``Action/reject(_:)``: write `response`, the answer to the parse error, at `now`.
    mutating func answer(with response: [UInt8], now: Duration) -> Action {
        guard case .rejecting = phase else { return .wait }
        return startAnswer(response, now: now)
    }

    /// The socket took `count` bytes of the last ``Action/send(_:)`` at `now`; `flushed` says
    /// whether nothing it accepted is still held back (TLS).
    mutating func sent(_ count: Int, flushed: Bool, now: Duration) -> Action {
        guard !unsent.isEmpty else { return .wait }
        unsent[0] = unsent[0].dropFirst(count)
        if count > 0 { deadline = now + writeTime }
        if !unsent[0].isEmpty { return .wait }  // the socket is full: write when it has room
        unsent.removeFirst()
        if !unsent.isEmpty { return .send(unsent[0]) }
        guard flushed else { return .wait }
        return allSent(now: now)
    }

    /// The socket can take bytes again at `now`.
    mutating func writable(now: Duration) -> Action {
        unsent.first.map(Action.send) ?? .wait
    }

    // MARK: Steps

    /// How long the client may take no byte of what is being written now.
    private var writeTime: Duration {
        if case .writing(.drain) = phase { return Self.refusalWriteTime }
        return writeTimeout
    }

    /// Everything queued is written.
    private mutating func allSent(now: Duration) -> Action {
        if isStreaming, case .writing = phase {
            // Waiting for the producer, not the client: no write deadline meanwhile.
            deadline = nil
            return .wait
        }
        switch phase {
        case .writing(.nextRequest):
            phase = .reading
            deadline = now + readTimeouts.idle
            return advance(now: now)
        case .writing(.close):
            return finish()
        case .writing(.drain), .writing(.closeUnread):
            phase = .draining(discarded: 0)
            deadline = now + Self.drainTime
            return .finishAnswer
        case .reading:
            return advance(now: now)  // a 100 Continue went out
        case .streamingBody:
            return decodeBody(now: now)  // a 100 Continue went out
        case .responding, .rejecting, .draining, .finished:
            return .wait
        }
    }

    /// Answers 408 for a head or body out of time (RFC 9110 §15.5.9).
    mutating func refuse(_ refusal: HTTPServerRefusal, now: Duration) -> Action {
        startAnswer(refusal.responseBytes, now: now)
    }

    /// Writes an answer that ends the connection, then drains it.
    private mutating func startAnswer(_ response: [UInt8], now: Duration) -> Action {
        phase = .writing(then: .drain)
        unsent = [response[...]]
        deadline = now + Self.refusalWriteTime
        return .send(unsent[0])
    }

    /// Ends the machine's part: the shell closes the connection.
    mutating func finish() -> Action {
        phase = .finished
        deadline = nil
        unsent = []
        return .close
    }
}
