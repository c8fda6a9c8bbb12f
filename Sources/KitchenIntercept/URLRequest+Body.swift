import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension URLRequest {
    /// The body as a `URLProtocol` sees it: `httpBody`, or `httpBodyStream` read to the end (at
    /// most `limit` bytes). A body given to `upload(for:from:)` is not part of the request and
    /// is not seen.
    func bodyBytes(limit: Int = 64 << 20) -> [UInt8] {
        if let body = httpBody { return Array(body) }
        guard let stream = httpBodyStream else { return [] }
        stream.open()
        defer { stream.close() }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while bytes.count < limit {
            let count = stream.read(&chunk, maxLength: min(chunk.count, limit - bytes.count))
            guard count > 0 else { break }
            bytes.append(contentsOf: chunk[0..<count])
        }
        return bytes
    }

    /// `METHOD url`, for messages.
    var summary: String { "\(httpMethod ?? "GET") \(url?.absoluteString ?? "?")" }
}
