import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The per-session marker on FoundationNetworking: a session's `URLCache` is asked for every data
/// task before its protocol object is made, and what it returns is handed to that object. This
/// cache stores nothing and answers every task with an empty response carrying its scope's id in
/// `userInfo`, which ``InterceptURLProtocol`` reads instead of serving it. So a session made
/// from a marked configuration names its scope whatever thread resumes its tasks (measured on
/// Swift 6.3.1, Linux). On Apple platforms the marker header does that job (untested here).
final class ScopeMarkerCache: URLCache, @unchecked Sendable {
    // Unchecked: `scopeID` is immutable, and the superclass's storage is never used (capacities 0,
    // every store refused).
    static let userInfoKey = "KitchenIntercept.scope"
    let scopeID: String

    init(scopeID: String) {
        self.scopeID = scopeID
        super.init(memoryCapacity: 0, diskCapacity: 0, diskPath: nil)
    }

    override func getCachedResponse(for dataTask: URLSessionDataTask,
                                    completionHandler: @escaping @Sendable (CachedURLResponse?) -> Void) {
        guard let url = dataTask.currentRequest?.url ?? dataTask.originalRequest?.url else {
            completionHandler(nil)
            return
        }
        let marker = URLResponse(url: url, mimeType: nil, expectedContentLength: 0, textEncodingName: nil)
        completionHandler(CachedURLResponse(response: marker, data: Data(), userInfo: [Self.userInfoKey: scopeID],
                                            storagePolicy: .notAllowed))
    }

    override func cachedResponse(for request: URLRequest) -> CachedURLResponse? { nil }

    override func storeCachedResponse(_ cachedResponse: CachedURLResponse, for request: URLRequest) {}

    override func storeCachedResponse(_ cachedResponse: CachedURLResponse, for dataTask: URLSessionDataTask) {}

    /// The scope id a marker carries.
    static func scopeID(in cachedResponse: CachedURLResponse?) -> String? {
        cachedResponse?.userInfo?[userInfoKey] as? String
    }
}
