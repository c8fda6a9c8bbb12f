import Foundation
import HTTPWire
import KitchenRecording

extension ProxyResponder {
    /// Request bodies longer than this (by `Content-Length`, or chunked ones once this much
    /// has arrived) stream to the upstream and the journal as they arrive instead of being
    /// read whole first. 1 MiB, like ``bufferedBodyLimit`` for responses.
    static let streamedBodyThreshold = 1 << 20

    /// Large and chunked request bodies are streamed (see ``streamedBodyThreshold``), except a
    /// form's (`application/x-www-form-urlencoded`), whose fields are redacted whole, and a
    /// WebSocket upgrade's.
    func bodyDelivery(for head: HTTPRequest) -> HTTPBodyDelivery {
        guard !head.isWebSocketUpgrade, Redactor.canStream(contentType: head.headers["Content-Type"]) else { return .buffered }
        if let length = head.headers.contentLength { return length > Self.streamedBodyThreshold ? .streamed : .buffered }
        return head.headers.contains("Transfer-Encoding") ? .streamed : .buffered
    }
}
