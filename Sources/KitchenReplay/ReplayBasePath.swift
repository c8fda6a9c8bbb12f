import HTTPWire
import KitchenAPI
import KitchenRecording

extension ReplayServer {
    /// The path prefix of the server `document` was recorded from (`/api/v1`), percent-decoded; `""` at the root.
    static func basePath(of document: HAR.Document) -> String {
        PercentEncoding.decode(APIOperation.basePath(of: document.log.entries.map { ($0.request.method, $0.request.urlPath) }))
    }
}

extension ReplaySession {
    /// The path prefix of the server `document` was recorded from; see `ReplayServer.basePath(of:)`.
    static func basePath(of document: HAR.Document) -> String { ReplayServer.basePath(of: document) }
}
