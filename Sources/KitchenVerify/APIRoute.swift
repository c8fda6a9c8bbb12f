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
        guard let match = APIOperation.matching(method: method, path: path) else { return nil }
        self.operation = match.operation
        self.deviceId = match.deviceId
    }

    /// The route of a recorded request, made under `basePath` (see ``LoadedRecording/basePath``).
    public init?(_ request: HAR.Request, basePath: String = "") {
        self.init(method: request.method, path: APIOperation.strip(basePath, from: request.urlPath))
    }

    /// `POST /devices/{deviceId}/oven/power`.
    public var signature: String { "\(operation.method) \(operation.pathTemplate)" }
}
