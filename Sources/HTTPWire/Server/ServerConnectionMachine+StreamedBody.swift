/// The streamed-body route (``HTTPBodyDelivery/streamed``): the responder takes a request's body
/// as it arrives.
///
/// ```
/// head ──▶ .respondStreaming ──▶ bodyDelivered ──▶ (.send 100 Continue) ──▶ .bodyPiece … ──▶ .bodyEnd
///                                 ▲ every hand-out is followed by bodyDelivered(now:)
/// pauseBody() / resumeBody(now:): decoding and reading wait for the responder, then go on
/// ```
///
/// The body is read as a buffered one is (the same decoder and limits): nothing arrives for the
/// body progress timeout → ``Action/bodyFailed(_:)`` `.stalled`, then 408; bytes that break the
/// framing or a limit → `.invalid`, then the parse error's answer (``Action/reject(_:)``); the
/// client gone → `.clientGone`, then the close. Time paused is not counted against the client.
/// The responder may answer at any point: after ``Action/bodyEnd`` as for any request (the
/// connection reads on), before it with the connection closing after the answer (see
/// ``responded(_:body:closes:now:)``).
extension ServerConnectionMachine {
    /// Whether a streamed request body is still arriving (an answer now closes the connection).
    var isReadingStreamedBody: Bool {
        if case .streamingBody = phase { return true }
        return false
    }

    /// A request whose body is streamed: the responder is called first; the body waits for it to
    /// start the stream (``resumeBody(now:)``).
    mutating func startStreamedBody(_ head: HTTPRequest, now: Duration) -> Action {
        let index = nextRequestIndex
        nextRequestIndex += 1
        phase = .streamingBody
        bodyPaused = true
        handedOut = .responderCall
        deadline = nil
        _ = queueContinue(for: head, now: now)  // sent after the responder's call
        return .respondStreaming(head, requestIndex: index)
    }

    /// The shell has performed the last hand-out of this route (called the responder, handed a
    /// piece, the end or the failure to the stream) at `now`: what comes next.
    mutating func bodyDelivered(now: Duration) -> Action {
        guard let handout = handedOut else { return .wait }
        handedOut = nil
        switch handout {
        case .responderCall:
            if isReadingStreamedBody, let interim = unsent.first { return .send(interim) }
            return decodeBody(now: now)
        case .piece:
            return decodeBody(now: now)
        case .end:
            return .wait  // the answer is awaited, as for any request
        case .failure(.invalid(let error)):
            return .reject(error)
        case .failure(.stalled(let limit)):
            return refuse(.bodyStalled(limit: limit), now: now)
        case .failure(.clientGone):
            return finish()
        }
    }

    /// The responder is behind: decode and read nothing more of the body until
    /// ``resumeBody(now:)``. No deadline runs meanwhile (the client is not the one waited for).
    mutating func pauseBody() -> Action {
        guard isReadingStreamedBody, !bodyPaused else { return .wait }
        bodyPaused = true
        if unsent.isEmpty { deadline = nil }
        return .wait
    }

    /// The responder takes the body (again) at `now`: the next hand-out, if the bytes are here.
    /// During a hand-out it only says so: ``bodyDelivered(now:)`` goes on.
    mutating func resumeBody(now: Duration) -> Action {
        guard isReadingStreamedBody, bodyPaused else { return .wait }
        bodyPaused = false
        return handedOut == nil ? decodeBody(now: now) : .wait
    }

    /// Decodes the body on, up to the next hand-out, or waits for bytes until the body progress
    /// deadline.
    mutating func decodeBody(now: Duration) -> Action {
        guard isReadingStreamedBody, handedOut == nil else { return .wait }
        guard !bodyPaused else {
            if unsent.isEmpty { deadline = nil }
            return .wait
        }
        let event: HTTPRequestDecoder.Event?
        do throws(HTTPParseError) { event = try decoder.next() } catch { return failBody(.invalid(error)) }
        switch event {
        case .body(let bytes)?:
            handedOut = .piece
            return .bodyPiece(bytes)
        case .end?:
            phase = .responding
            deadline = nil
            handedOut = .end
            return .bodyEnd
        case .head?:
            // Never: the decoder reports a head only after the previous request's end.
            return failBody(.invalid(.truncated))
        case nil:
            if peerClosed { return failBody(.clientGone) }  // the client closed mid-body
            deadline = now + readTimeouts.bodyProgress
            return .wait
        }
    }

    /// The body broke: its stream hears why first, then ``bodyDelivered(now:)`` answers for it.
    mutating func failBody(_ error: HTTPRequestBodyError) -> Action {
        phase = .rejecting
        deadline = nil
        bodyPaused = false
        handedOut = .failure(error)
        return .bodyFailed(error)
    }
}
