@testable import HTTPWire

/// A request as the decoder delivered it: the head, then its body events joined.
struct DecodedRequest: Equatable, CustomStringConvertible {
    var head: HTTPRequest
    var body: [UInt8]

    var description: String { "\(head.method) \(head.target) \(head.version) \(head.headers.map { "\($0.name): \($0.value)" }) body=\(body.count)B" }
}

/// A response as the client decoder delivered it (HTTPResponse itself is not Equatable: it may stream).
struct DecodedResponse: Equatable {
    var status: Int
    var reason: String
    var version: HTTPVersion
    var headers: HTTPHeaders
    var body: [UInt8]
}

/// Everything one run of a decoder over some chunks produced: the complete values, the error
/// that stopped it (if any), and whether the step bound was hit (a hang).
struct DecodeRun<Value: Equatable, Failure: Error & Equatable>: Equatable {
    var values: [Value] = []
    var error: Failure?
    var hung = false
}

/// Drives decoders over chunks, with no socket: feed a chunk, take events until the decoder
/// needs more bytes, repeat. Every loop is bounded so that a decoder that stops making progress
/// is reported as `hung` instead of hanging the test.
enum DecoderRuns {
    /// Steps allowed per chunk: each step must consume bytes or finish a value.
    static func stepBound(_ chunk: [UInt8]) -> Int { 2 * chunk.count + 64 }

    static func requests(_ chunks: [[UInt8]], limits: HTTPLimits = HTTPLimits()) -> DecodeRun<DecodedRequest, HTTPParseError> {
        var decoder = HTTPRequestDecoder(limits: limits)
        var run = DecodeRun<DecodedRequest, HTTPParseError>()
        var current: DecodedRequest?
        for chunk in chunks {
            decoder.feed(chunk)
            var steps = 0
            while true {
                steps += 1
                guard steps <= stepBound(chunk) else {
                    run.hung = true
                    return run
                }
                let event: HTTPRequestDecoder.Event?
                do throws(HTTPParseError) { event = try decoder.next() } catch {
                    run.error = error
                    return run
                }
                guard let event else { break }
                switch event {
                case .head(let head): current = DecodedRequest(head: head, body: [])
                case .body(let bytes): current?.body += bytes
                case .end:
                    if let done = current { run.values.append(done) }
                    current = nil
                }
            }
        }
        return run
    }

    /// `methods` are the requests' methods, in order (HEAD responses have no body); `endOfStream`
    /// calls `finish()` after the last chunk, which ends a read-to-close body.
    static func responses(_ chunks: [[UInt8]], methods: [HTTPMethod] = [], endOfStream: Bool = true,
                          limits: HTTPLimits = HTTPLimits()) -> DecodeRun<DecodedResponse, HTTPParseError> {
        var decoder = HTTPResponseDecoder(limits: limits)
        for method in methods { decoder.expectResponse(to: method) }
        var run = DecodeRun<DecodedResponse, HTTPParseError>()
        var current: DecodedResponse?
        let feeds: [[UInt8]?] = chunks.map { Optional($0) } + (endOfStream ? [nil] : [])
        for feed in feeds {
            if let feed { decoder.feed(feed) } else { decoder.finish() }
            var steps = 0
            while true {
                steps += 1
                guard steps <= stepBound(feed ?? []) else {
                    run.hung = true
                    return run
                }
                let event: HTTPResponseDecoder.Event?
                do throws(HTTPParseError) { event = try decoder.next() } catch {
                    run.error = error
                    return run
                }
                guard let event else { break }
                switch event {
                case .head(let head):
                    current = DecodedResponse(status: head.status.code, reason: head.status.reasonPhrase,
                                              version: head.version, headers: head.headers, body: [])
                case .body(let bytes): current?.body += bytes
                case .end:
                    if let done = current { run.values.append(done) }
                    current = nil
                }
            }
        }
        return run
    }

    /// Frames through the frame decoder; data frames through the message assembler and close
    /// payloads through their checks, as the connection does.
    static func webSocket(_ chunks: [[UInt8]], role: WebSocketRole, maxFrameSize: Int = 1 << 20,
                          maxMessageSize: Int = 1 << 21) -> DecodeRun<WebSocketItem, WebSocketProtocolError> {
        var decoder = WebSocketFrameDecoder(role: role, maxFrameSize: maxFrameSize)
        var assembler = WebSocketMessageAssembler(maxMessageSize: maxMessageSize)
        var run = DecodeRun<WebSocketItem, WebSocketProtocolError>()
        for chunk in chunks {
            decoder.feed(chunk)
            var steps = 0
            while true {
                steps += 1
                guard steps <= stepBound(chunk) else {
                    run.hung = true
                    return run
                }
                do throws(WebSocketProtocolError) {
                    guard let frame = try decoder.next() else { break }
                    switch frame.opcode {
                    case .close:
                        _ = try WebSocketClosePayload(frame.payload)
                        run.values.append(.control(frame))
                    case .ping, .pong:
                        run.values.append(.control(frame))
                    case .text, .binary, .continuation:
                        if let message = try assembler.push(frame) { run.values.append(.message(message)) }
                    }
                } catch {
                    run.error = error
                    return run
                }
            }
        }
        return run
    }
}

/// What the WebSocket layer hands up: a whole message, or a control frame.
enum WebSocketItem: Equatable {
    case message(WebSocketMessage)
    case control(WebSocketFrame)
}

/// Ways of cutting bytes into the chunks a socket might deliver.
enum Splits {
    /// The bytes cut at `sizes` (cycled), the last chunk taking what is left.
    static func chunks(_ bytes: [UInt8], sizes: [Int]) -> [[UInt8]] {
        guard !sizes.isEmpty else { return [bytes] }
        var chunks: [[UInt8]] = []
        var start = 0
        var index = 0
        while start < bytes.count {
            let size = max(1, sizes[index % sizes.count])
            let end = min(bytes.count, start + size)
            chunks.append(Array(bytes[start..<end]))
            start = end
            index += 1
        }
        return chunks
    }

    /// Every cut into two pieces, including the empty first and last piece.
    static func everyBoundary(_ bytes: [UInt8], at boundaries: some Sequence<Int>) -> [[[UInt8]]] {
        boundaries.map { [Array(bytes[..<$0]), Array(bytes[$0...])] }
    }

    static func everyBoundary(_ bytes: [UInt8]) -> [[[UInt8]]] { everyBoundary(bytes, at: 0...bytes.count) }

    /// Every cut into three pieces (quadratic: for short inputs).
    static func everyPairOfBoundaries(_ bytes: [UInt8]) -> [[[UInt8]]] {
        var result: [[[UInt8]]] = []
        for first in 0...bytes.count {
            for second in first...bytes.count {
                result.append([Array(bytes[..<first]), Array(bytes[first..<second]), Array(bytes[second...])])
            }
        }
        return result
    }

    /// One byte per chunk.
    static func bytewise(_ bytes: [UInt8]) -> [[UInt8]] { bytes.map { [$0] } }
}

extension String {
    /// The UTF-8 bytes, for writing wire text with `\r\n` inline.
    var bytes: [UInt8] { Array(utf8) }
}
