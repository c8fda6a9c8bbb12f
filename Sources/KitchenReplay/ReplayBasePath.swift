import HTTPWire
import KitchenAPI
import KitchenRecording

extension HAR.Document {
    /// The path prefix of the server this was recorded from (`/api/v1`), as recorded
    /// (percent-encoded); `""` at the root. Inferred from the recorded paths: the leading
    /// segments whose removal makes them name the API's operations.
    public var apiBasePath: String {
        APIOperation.basePath(of: log.entries.map { ($0.request.method, $0.request.urlPath) })
    }
}

extension ReplayServer {
    /// The path prefix of the server `document` was recorded from, percent-decoded as the
    /// replay engine compares paths.
    static func basePath(of document: HAR.Document) -> String { PercentEncoding.decode(document.apiBasePath) }
}

extension ReplaySession {
    /// The path prefix of the server `document` was recorded from; see `ReplayServer.basePath(of:)`.
    static func basePath(of document: HAR.Document) -> String { ReplayServer.basePath(of: document) }
}
