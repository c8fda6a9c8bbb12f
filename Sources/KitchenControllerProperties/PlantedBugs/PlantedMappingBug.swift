import Foundation
import KitchenAPI

/// Deliberately broken HTTP-answer mappings the error property must catch,
/// each wrapping the shipped `AppError.from(status:body:)`.
///
/// ```swift
/// AppErrorMappingProperties.statusAndBodyMapAsAPIMdSays(PlantedMappingBug.forbiddenMeansReauth.mapping)
/// ```
public enum PlantedMappingBug: String, Hashable, Sendable, CaseIterable {
    /// 403 is taken for "sign in again" too.
    case forbiddenMeansReauth
    /// Every 4xx without a known code is taken for "sign in again".
    case anyClientErrorMeansReauth
    /// The body's code is ignored: a 400 that says `unauthorized` is a bad request.
    case ignoresTheBodysCode
    /// A wrong row in the status table: a 413 is a server error, not `payloadTooLarge`.
    case payloadTooLargeStatusIsAServerError
    /// A wrong row in the code table: the `conflict` code is taken for `not_found`.
    case conflictCodeIsNotFound

    /// The broken mapping.
    public var mapping: @Sendable (Int, Data) -> AppError {
        switch self {
        case .forbiddenMeansReauth:
            { status, body in status == 403 ? .unauthorized : AppError.from(status: status, body: body) }
        case .anyClientErrorMeansReauth:
            { status, body in
                let error = AppError.from(status: status, body: body)
                return (400..<500).contains(status) && error == .server(status: status) ? .unauthorized : error
            }
        case .ignoresTheBodysCode:
            { status, _ in AppError.from(status: status, body: Data()) }
        case .payloadTooLargeStatusIsAServerError:
            { status, body in
                let error = AppError.from(status: status, body: body)
                return status == 413 && error == .payloadTooLarge ? .server(status: status) : error
            }
        case .conflictCodeIsNotFound:
            { status, body in
                let saysConflict = String(decoding: body, as: UTF8.self).contains(#""error":"conflict""#)
                return saysConflict ? .notFound : AppError.from(status: status, body: body)
            }
        }
    }
}
