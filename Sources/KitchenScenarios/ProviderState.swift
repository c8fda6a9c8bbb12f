/// A provider-state control: a way to put the server in the state a scenario needs (Pact's
/// "provider states"). The simulator serves them under `/_sim/` when started with `--controls`;
/// `Contracts/kitchen.controls.openapi.json` declares them so a server team can add them to
/// its test build, and `GET /_sim` lists the ones a server offers.
public enum ProviderState: String, Sendable, Hashable, CaseIterable, Comparable {
    /// `POST /_sim/clock/advance`: run N simulation ticks at once (a manual clock).
    case clock
    /// `POST /_sim/fridge/door`: open or close a fridge door.
    case fridgeDoor = "fridge-door"
    /// `POST /_sim/tokens/expire` and `/revoke`: end a user's tokens now.
    case tokens
    /// `POST /_sim/websockets/drop`: drop a user's live-update sockets without a close frame.
    case webSockets = "websockets"
    /// `POST` and `DELETE /_sim/faults`: answer a route with a status or a delay.
    case faults

    public static func < (lhs: ProviderState, rhs: ProviderState) -> Bool {
        (allCases.firstIndex(of: lhs) ?? 0) < (allCases.firstIndex(of: rhs) ?? 0)
    }
}
