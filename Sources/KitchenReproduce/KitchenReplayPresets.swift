import HTTPWire
import HarnessCore
import KitchenAPI
import KitchenRecording
import KitchenReplay

extension HAR.Document {
    /// The path prefix of the server this was recorded from (`/api/v1`), as recorded
    /// (percent-encoded); `""` at the root. Inferred from the recorded paths: the leading
    /// segments whose removal makes them name the API's operations.
    public var apiBasePath: String {
        APIOperation.basePath(of: log.entries.map { ($0.request.method, $0.request.urlPath) })
    }
}

extension ReplayMatching {
    /// Matching for a recording of the Kitchen API: the API's volatile fields
    /// (`VolatileFields.kitchen`) ignored, and requests matched with or without the base path
    /// the recording was made under (inferred from the API's operations).
    ///
    /// ```swift
    /// let server = ReplayServer(engine: ReplayMatching.kitchen.engine(try HARFile.load(from: url)), port: 0)
    /// ```
    public static let kitchen = ReplayMatching(volatile: .kitchen) { document in
        PercentEncoding.decodeReplacingInvalidUTF8(document.apiBasePath)
    }
}
