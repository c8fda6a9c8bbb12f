/// Pulls one server connection's request events off its socket: the decoder fed with reads
/// of at most 16 KiB, each read given the timeout of the phase the request is in
/// (``RequestReadTimeouts``). Used by the connection's own thread only, both by the request loop
/// and by a responder reading a streamed body (``HTTPRequestBody``). A connection handed over
/// by its event loop starts from the loop's decoder (a whole head, and what followed it), so
/// nothing is read twice or lost.
final class ConnectionReader {
    /// Why no further event can be read.
    enum Failure: Error, Sendable {
        /// The bytes broke the protocol or a limit: answer with the error's status, then close.
        case parse(HTTPParseError)
        /// A head or body ran out of time: answer 408, then close.
        case refused(HTTPServerRefusal)
        /// The client closed or reset, or an idle connection timed out: close without a word.
        case ended
        /// Nothing of a request is buffered and the caller asked to stop here (to park the
        /// connection without a thread): no state is lost.
        case idle
    }

    /// Bytes asked of the socket per read.
    static let readCapacity = 16_384

    let socket: Socket
    private var decoder: HTTPRequestDecoder
    private var readTimeouts: RequestReadTimeouts
    private var readTimeout: Int?
    private let headTimeout: Duration
    private let bodyProgressTimeout: Duration
    /// Where the read timeouts' instants are counted from.
    private let origin = ContinuousClock.now
    /// Whether `next(parkingWhenIdle:)` may stop before this reader's first read (false for a
    /// connection handed over with nothing read: its bytes are waiting and are read first).
    private var mayPark: Bool

    /// A reader that goes on from `decoder` (which holds what the event loop read); it may stop
    /// to give its connection back to the loop before its first read when `mayParkBeforeReading`.
    init(socket: Socket, configuration: HTTPServerConfiguration, decoder: HTTPRequestDecoder,
         mayParkBeforeReading: Bool = false) {
        self.socket = socket
        mayPark = mayParkBeforeReading
        self.decoder = decoder
        readTimeouts = RequestReadTimeouts(idle: configuration.idleTimeout, head: configuration.requestHeadTimeout,
                                 bodyProgress: configuration.bodyProgressTimeout)
        headTimeout = configuration.requestHeadTimeout
        bodyProgressTimeout = configuration.bodyProgressTimeout
    }

    /// Whether bytes of an unfinished request are buffered or in progress.
    var isMidMessage: Bool { decoder.isMidMessage }

    /// The bytes buffered after the last complete request (for the protocol an upgrade switches to).
    func takeBufferedBytes() -> [UInt8] { decoder.takeBufferedBytes() }

    /// The next event, reading as needed. Throws `.idle` instead of waiting for a new request
    /// when nothing of one is buffered and `parkingWhenIdle` says so.
    func next(parkingWhenIdle: () -> Bool = { false }) throws(Failure) -> HTTPRequestDecoder.Event {
        while true {
            let event: HTTPRequestDecoder.Event?
            do throws(HTTPParseError) { event = try decoder.next() } catch { throw .parse(error) }
            if let event {
                if case .head = event { readTimeouts.headCompleted() }
                return event
            }
            if mayPark, decoder.isReadingHead, !decoder.isMidMessage, parkingWhenIdle() { throw .idle }
            try read()
            mayPark = true
        }
    }

    private func read() throws(Failure) {
        let phase: RequestReadTimeouts.Phase = !decoder.isReadingHead ? .body : decoder.isMidMessage ? .head : .idle
        guard let timeout = readTimeouts.timeout(for: phase, now: origin.duration(to: .now)) else { throw .refused(.requestHeadTimedOut(limit: headTimeout)) }
        let milliseconds = timeout.socketTimeoutMilliseconds
        if milliseconds != readTimeout {
            socket.setReadTimeout(milliseconds: milliseconds)
            readTimeout = milliseconds
        }
        let count: Int
        do throws(SocketError) {
            count = try decoder.feed(capacity: Self.readCapacity) { (buffer) throws(SocketError) -> Int in
                try socket.read(into: buffer)
            }
        } catch where error.kind == .timedOut {
            switch phase {
            case .idle: throw .ended  // RFC 9112 §9.5: an idle connection may be closed at any time
            case .head: throw .refused(.requestHeadTimedOut(limit: headTimeout))
            case .body: throw .refused(.bodyStalled(limit: bodyProgressTimeout))
            }
        } catch {
            throw .ended  // reset or shutdown
        }
        if count == 0 { throw .ended }  // the client closed; a partial request is abandoned
    }
}
