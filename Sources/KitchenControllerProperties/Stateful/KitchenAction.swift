import KitchenControllers
import KitchenTesting

/// One step of the stateful test: something the user does, the server does,
/// or time passing.
public enum KitchenAction: Hashable, Sendable, CustomStringConvertible {
    /// Virtual time passes.
    case wait(Duration)
    /// The user moves the temperature slider of oven number `oven` (of ``KitchenExpectation/ovens``:
    /// the single oven, the double oven's upper and lower compartments).
    case slide(Int, oven: Int)
    /// The server changes oven number `oven`'s target itself (another phone, the knob on the oven).
    case serverSetsTarget(Int, oven: Int)
    /// The live-update stream carries something the app must ignore: `0` an unreadable
    /// frame, `1` a state for a device the user does not have, `2` a fridge state
    /// under the single oven's id (a mistyped message).
    case strayMessage(kind: Int)
    /// The user toggles the single oven's power.
    case toggleOven
    /// The user starts a dishwasher cycle.
    case startDishwasher(cycle: String)
    /// The user stops the dishwasher.
    case stopDishwasher
    /// The server runs the dishwasher this many minutes (complete when its time is up).
    case runDishwasher(minutes: Int)
    /// The fridge door opens or closes on the server.
    case door(open: Bool)
    /// The live-update connection drops and reconnects, with a fresh snapshot.
    case dropConnection
    /// The token expires on the server; with `closesSocket` the WebSocket is closed with 4001 too.
    case expireSession(closesSocket: Bool)
    /// The user signs in, with the right password or not.
    case login(correctPassword: Bool)
    /// The user leaves the screen: the app stops (live updates, slider and door timers).
    case stop

    /// E.g. `wait 60000 ms`, `slide 375`, `expire session (4001)`.
    public var description: String {
        switch self {
        case .wait(let duration): "wait \(duration.wholeMilliseconds) ms"
        case .slide(let value, let oven): "slide \(KitchenExpectation.ovens[oven]) to \(value)"
        case .serverSetsTarget(let value, let oven): "server sets \(KitchenExpectation.ovens[oven]) to \(value)"
        case .strayMessage(let kind): ["unreadable message", "message for an unknown device", "mistyped message"][kind % 3]
        case .toggleOven: "toggle oven"
        case .startDishwasher(let cycle): "start dishwasher \(cycle)"
        case .stopDishwasher: "stop dishwasher"
        case .runDishwasher(let minutes): "run dishwasher \(minutes) min"
        case .door(let open): open ? "open door" : "close door"
        case .dropConnection: "drop connection"
        case .expireSession(let closesSocket): closesSocket ? "expire session (4001)" : "expire session (HTTP only)"
        case .login(let correct): correct ? "login" : "login with a wrong password"
        case .stop: "leave the screen (stop)"
        }
    }

    /// Cycles the stateful test starts.
    static let cycles = ["rinse_only", "eco", "normal"]

    /// Any action, with waits biased toward the debounce quiet period and the
    /// door threshold (and a millisecond either side of each). Once the app has
    /// stopped (`stopped`), only time and the server act: the same choices map
    /// onto waits, server changes, drops and expiry.
    public static func generator(quietPeriod: Duration, doorThreshold: Duration, stopped: Bool = false)
        -> Gen<KitchenAction>
    {
        // 1 continue flag + 1 (kind) + 3 (duration) + 1 (value) + 1 (oven) + 1 padding = 8 choices an action.
        Gen.zip(
            Gen.element(of: Array(0..<17)),
            Gen.duration(in: .zero ... doorThreshold * 3 / 2, around: [quietPeriod, doorThreshold]),
            Gen.int(in: 170...550),
            Gen.element(of: Array(KitchenExpectation.ovens.indices))
        ).map { kind, duration, value, oven -> KitchenAction in
            if stopped {
                return switch kind % 9 {
                case 0, 1: .wait(duration)
                case 2: .runDishwasher(minutes: value - 160)
                case 3: .door(open: true)
                case 4: .door(open: false)
                case 5: .dropConnection
                case 6: .serverSetsTarget(value, oven: oven)
                case 7: .strayMessage(kind: value % 3)
                default: .expireSession(closesSocket: value % 2 == 0)
                }
            }
            return switch kind {
            case 0, 1: .wait(duration)
            case 2: .slide(value, oven: oven)
            case 3: .toggleOven
            case 4: .startDishwasher(cycle: cycles[value % cycles.count])
            case 5: .stopDishwasher
            case 6: .runDishwasher(minutes: value - 160)
            case 7: .door(open: true)
            case 8: .door(open: false)
            case 9: .dropConnection
            case 10: .expireSession(closesSocket: value % 2 == 0)
            case 11: .login(correctPassword: true)
            case 12: .login(correctPassword: value % 2 == 0)
            case 13: .stop
            case 14: .serverSetsTarget(value, oven: oven)
            case 15: .strayMessage(kind: value % 3)
            default: .slide(value, oven: oven)
            }
        }.padded(by: 1)
    }
}
