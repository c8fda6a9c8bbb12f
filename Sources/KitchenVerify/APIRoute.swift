import HTTPWire
import KitchenAPI
import KitchenRecording

/// A recorded request matched to the `APIOperation` the client knows it as, by method and
/// path template, without needing a contract (the shape diff and the mock work from recordings alone).
///
/// ```swift
/// let route = APIRoute(method: "POST", path: "/devices/oven-1/oven/power")
/// route?.operation   // .setOvenPower
/// route?.deviceId    // "oven-1"
/// ```
public struct APIRoute: Sendable, Hashable {
    /// The operation.
    public var operation: APIOperation
    /// The `{deviceId}` path segment, percent-decoded; `nil` for routes without one.
    public var deviceId: String?

    /// The route for `method` and a percent-encoded `path`; `nil` when no operation has that
    /// method and template (a `{deviceId}` stands for exactly one non-empty segment).
    public init?(method: String, path: String) {
        let wanted = method.uppercased()
        let segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(String.init)
        for operation in APIOperation.allCases where operation.method == wanted {
            let template = operation.pathTemplate.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
            guard template.count == segments.count else { continue }
            var deviceId: String?
            var matched = true
            for (pattern, segment) in zip(template, segments) {
                if pattern == "{deviceId}" {
                    guard !segment.isEmpty else { matched = false; break }
                    deviceId = PercentEncoding.decode(segment)
                } else if pattern != segment {
                    matched = false
                    break
                }
            }
            if matched {
                self.operation = operation
                self.deviceId = deviceId
                return
            }
        }
        return nil
    }

    /// The route of a recorded request.
    public init?(_ request: HAR.Request) {
        self.init(method: request.method, path: request.urlPath)
    }

    /// `POST /devices/{deviceId}/oven/power`.
    public var signature: String { "\(operation.method) \(operation.pathTemplate)" }
}
