import KitchenAPI
import KitchenTesting

/// A child controller's command, as the coordinator properties drive it: every
/// call the gate holds back while a sign-in is required.
public enum KitchenChild: String, Hashable, Sendable, CaseIterable {
    /// `OvenViewModel.setPower`.
    case oven
    /// `FridgeViewModel.setFridgeTemperature`.
    case fridge
    /// `DishwasherViewModel.start`.
    case dishwasher
    /// `IceMakerViewModel.setRate`.
    case iceMaker
    /// `OvenViewModel.setMode`.
    case ovenMode
    /// `OvenViewModel.setTemperature`, then the quiet period.
    case ovenTemperature
    /// `FridgeViewModel.setFreezerTemperature`.
    case freezer
    /// `DishwasherViewModel.stop`.
    case dishwasherStop
    /// `IceMakerViewModel.setPower`.
    case iceMakerPower
    /// `OvenViewModel.fetchInitialState`.
    case ovenFetch
    /// `FridgeViewModel.fetchInitialState`.
    case fridgeFetch
    /// `DishwasherViewModel.fetchInitialState`.
    case dishwasherFetch
    /// `IceMakerViewModel.fetchInitialState`.
    case iceMakerFetch

    /// The API operation the child's command calls.
    public var operation: APIOperation {
        switch self {
        case .oven: .setOvenPower
        case .fridge: .setFridgeTemperature
        case .dishwasher: .startDishwasher
        case .iceMaker: .setIceMakerRate
        case .ovenMode: .setOvenMode
        case .ovenTemperature: .setOvenTemperature
        case .freezer: .setFreezerTemperature
        case .dishwasherStop: .stopDishwasher
        case .iceMakerPower: .setIceMakerPower
        case .ovenFetch: .getOvenState
        case .fridgeFetch: .getFridgeState
        case .dishwasherFetch: .getDishwasherState
        case .iceMakerFetch: .getIceMakerState
        }
    }
}

/// How a command (or a sign-in) that reaches the API ends.
public enum CallResult: String, Hashable, Sendable, CaseIterable {
    /// 200.
    case success
    /// 401.
    case unauthorized
    /// 404.
    case notFound
    /// 500.
    case serverError
    /// No answer (connection reset).
    case transportError
    /// The task was cancelled.
    case cancelled

    /// The error the API throws, `nil` for success.
    public var thrown: (any Error)? {
        switch self {
        case .success: nil
        case .unauthorized: AppError.unauthorized
        case .notFound: AppError.notFound
        case .serverError: AppError.server(status: 500)
        case .transportError: AppError.transport(description: "connection reset")
        case .cancelled: CancellationError()
        }
    }

    /// The error to show for this result: `nil` for success and for a cancellation.
    public var shownError: AppError? {
        thrown.flatMap(AppError.from)
    }
}

/// One step of a coordinator session.
public enum SessionStep: Hashable, Sendable, CustomStringConvertible {
    /// A child sends its command; if it reaches the API, it ends with `result`.
    case command(KitchenChild, CallResult)
    /// The server closes the live-update socket with `code` (4001: unauthorized;
    /// others: a drop the client reconnects after). A closed socket cannot close again.
    case webSocketClosed(code: Int)
    /// The user signs in; the API answers with `result`.
    case login(CallResult)
    /// The user dismisses the shown error.
    case dismissError

    /// `oven → unauthorized`, `close 4001`, `login → success`, `dismiss`.
    public var description: String {
        switch self {
        case .command(let child, let result): "\(child.rawValue) → \(result.rawValue)"
        case .webSocketClosed(let code): "close \(code)"
        case .login(let result): "login → \(result.rawValue)"
        case .dismissError: "dismiss"
        }
    }
}

/// A generated coordinator session.
public struct SessionTrace: Hashable, Sendable, CustomStringConvertible {
    /// The steps, in order.
    public var steps: [SessionStep]

    /// E.g. `[oven → unauthorized, login → serverError]`.
    public var description: String {
        "[" + steps.map(\.description).joined(separator: ", ") + "]"
    }
}

/// Generators for coordinator sessions.
public enum SessionTraceGenerators {
    /// Close codes: 4001 (unauthorized), 1006 (abnormal drop), 1001, 1011.
    public static let closeCodes = [4001, 1006, 1001, 1011]
    /// Sign-in results: success, wrong password (401), a server error.
    public static let loginResults: [CallResult] = [.success, .unauthorized, .serverError]

    /// Up to 25 steps; commands are half of them.
    public static func trace(maximumCount: Int = 25) -> Gen<SessionTrace> {
        // 1 continue flag + 1 (kind) + 1 (who) + 1 (result) = 4 choices a step.
        let step = Gen.zip(
            Gen.element(of: [0, 0, 0, 1, 2, 3]),
            Gen.element(of: Array(KitchenChild.allCases.indices)),
            Gen.element(of: CallResult.allCases)
        ).map { kind, who, result -> SessionStep in
            switch kind {
            case 0: .command(KitchenChild.allCases[who], result)
            case 1: .webSocketClosed(code: closeCodes[who % closeCodes.count])
            case 2: .login(loginResults[who % loginResults.count])
            default: .dismissError
            }
        }
        return Gen.array(of: step, count: 0...maximumCount).map(SessionTrace.init(steps:))
    }
}
