import Foundation
import HTTPWire
import KitchenRecording

/// The proxy on a thread: the fallback for a connection its event loop could not watch
/// (`ServerConnection.start()` when registering the socket fails; `HTTPServerConnection` then
/// serves it on a thread of its own for its whole life, calling the responder there). Everything
/// else is relayed on the loop. Here a request is relayed with blocking calls: a connection
/// borrowed from the pool (``UpstreamPool/checkOut(on:fresh:)``), the response relayed by
/// ``relayResponse(_:on:to:recorded:startedAt:requestBody:)``, and a body read as it arrives
/// from `context.body` (``HTTPRequestBody``).
extension ProxyResponder {
    /// Relays `request` on the calling thread, with a connection borrowed from `loop`'s share
    /// of the pool.
    func forward(_ request: HTTPRequest, loop: EventLoop) -> HTTPReply {
        let started = recorder.clock.now()
        let outgoing = upstreamRequest(for: request)
        let recorded = recordedRequest(for: request)
        let lease: UpstreamPool.Lease
        let head: HTTPResponse
        do throws(UpstreamCheckoutError) {
            (lease, head) = try exchange(outgoing, loop: loop)
        } catch {
            return unanswered(recorded, error, startedAt: started)
        }
        return relayResponse(head, on: lease, to: request, recorded: recorded, startedAt: started)
    }

    /// Sends `request` upstream on a pooled connection and reads the response head. A pooled
    /// connection the upstream closed while idle fails before any response byte: that is
    /// retried once on a fresh connection.
    private func exchange(_ request: HTTPRequest, loop: EventLoop) throws(UpstreamCheckoutError) -> (UpstreamPool.Lease, HTTPResponse) {
        let lease = try pool.checkOut(on: loop)
        do throws(HTTPClientError) {
            try lease.connection.write(request)
            return (lease, try lease.connection.readHead())
        } catch {
            pool.discard(lease)
            guard lease.wasReused, Self.isStaleConnection(error) else { throw .connection(error) }
            let retry = try pool.checkOut(on: loop, fresh: true)
            do throws(HTTPClientError) {
                try retry.connection.write(request)
                return (retry, try retry.connection.readHead())
            } catch {
                pool.discard(retry)
                throw .connection(error)
            }
        }
    }

    /// Forwards a request whose body is still arriving: each piece goes upstream as it comes
    /// (in the client's framing: the same `Content-Length`, or re-chunked) and into the
    /// journal redacted (``StreamedBodyJournal``), so the proxy holds a bounded amount of any
    /// body. A chunked body that ends within ``streamedBodyThreshold`` is forwarded as a
    /// buffered one, exactly as before. The response is relayed as for any request; its
    /// record names the journaled body.
    ///
    /// The upstream connection is a fresh one from the pool: a body already sent cannot be
    /// retried on another. When the client's body fails mid-way (a limit, a stall, a reset), the upstream
    /// connection is dropped, nothing is recorded, and the server answers the client.
    func forward(_ request: HTTPRequest, streaming body: HTTPRequestBody, loop: EventLoop) -> HTTPReply {
        let started = recorder.clock.now()
        var first: [UInt8] = []
        do throws(HTTPRequestBodyError) {
            if body.declaredLength == nil {
                while first.count <= Self.streamedBodyThreshold, let piece = try body.read() { first += piece }
                if body.isComplete {
                    var whole = request
                    whole.body = first
                    return forward(whole, loop: loop)
                }
            }
        } catch {
            return Self.abandonedUpload  // the server answers the client for its broken body
        }
        let recorded = recordedRequest(for: request)
        let journal = StreamedBodyJournal(recorder: recorder, request: recorded)
        let lease: UpstreamPool.Lease
        do throws(UpstreamCheckoutError) { lease = try pool.checkOut(on: loop, fresh: true) } catch {
            return unanswered(recorded, error, startedAt: started)
        }
        do throws(HTTPClientError) {
            try lease.connection.writeHead(upstreamRequest(for: request), bodyLength: body.declaredLength)
        } catch {
            pool.discard(lease)
            return badGateway(recorded, error: error, startedAt: started)
        }
        var upstreamReading = true
        func pass(_ piece: [UInt8]) {
            journal.add(piece)
            guard upstreamReading else { return }
            // An upstream that stops reading may have answered early (e.g. 413): read that below.
            do throws(HTTPClientError) { try lease.connection.writeBodyPiece(piece[...]) } catch { upstreamReading = false }
        }
        pass(first)
        first = []
        do throws(HTTPRequestBodyError) {
            while journal.journalFailed == nil, let piece = try body.read() { pass(piece) }
        } catch {
            pool.discard(lease)
            return Self.abandonedUpload
        }
        if let failure = journal.journalFailed {
            pool.discard(lease)
            return .response(Self.recordingFailed(failure))
        }
        if upstreamReading { upstreamReading = (try? lease.connection.finishBody()) != nil }
        // A body cut short upstream leaves the connection mid-message: it carries no other request.
        if !upstreamReading { lease.mayBeReused = false }
        let record: ExchangeRecorder.BodyRecord
        switch journal.finishBody() {
        case .success(let settled):
            record = settled
        case .failure(let failure):
            pool.discard(lease)
            return .response(Self.recordingFailed(failure))
        }
        let head: HTTPResponse
        do throws(HTTPClientError) { head = try lease.connection.readHead() } catch {
            pool.discard(lease)
            return badGateway(recorded, error: error, startedAt: started, requestBody: record)
        }
        return relayResponse(head, on: lease, to: request, recorded: recorded, startedAt: started, requestBody: record)
    }

    /// What the responder returns when the client's body failed: the server answers the
    /// failure itself (400, 408, 413) or closes, and never sends this.
    private static let abandonedUpload = HTTPReply.reset
}
