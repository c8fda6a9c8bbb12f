import HarnessCore
import HTTPWire

/// The simulator's controls under `/_sim/` (served only when switched on; not part of the API contract):
///
/// | route | body | effect |
/// |---|---|---|
/// | `GET /_sim` | | the controls this server offers (`{"controls": [...]}`; `clock` only with a manual clock) |
/// | `POST /_sim/clock/advance` | `{"ticks": N}` | runs N ticks (manual clock only, else 409) |
/// | `POST /_sim/fridge/door` | `{"deviceId": ID, "open": bool}` | opens or closes a fridge door |
/// | `POST /_sim/tokens/expire` | `{"username"?: U}` | expires live tokens; their sockets close with 4001 |
/// | `POST /_sim/tokens/revoke` | `{"username"?: U}` | revokes live tokens; their sockets close with 4001 |
/// | `GET /_sim/tokens` | | every token issued so far |
/// | `POST /_sim/faults` | `{"path", "method"?, "status"?, "delayMs"?, "times"?}` | injects a fault |
/// | `DELETE /_sim/faults` | | clears faults |
/// | `POST /_sim/websockets/drop` | `{"username"?: U}` | drops live sockets without a close frame |
struct ControlHandlers {
    let simulator: Simulator

    func handle(_ request: HTTPRequest, segments: [String]) -> HTTPResponse {
        let now = simulator.world.withLock { $0.now }
        do throws(APIError) {
            switch (request.method.rawValue, segments) {
            case ("GET", []), ("GET", [""]):
                var offered = ["fridge-door", "tokens", "websockets", "faults"]
                if simulator.configuration.manualClock { offered.insert("clock", at: 0) }
                return Replies.json(200, ["controls": .array(offered.map(JSONValue.string))], now: now)
            case ("POST", ["clock", "advance"]):
                let ticks = try JSONBody(request).int("ticks").checked("ticks", in: 1...1_000_000)
                try simulator.advance(ticks: ticks)
                let after = simulator.world.withLock { $0.now }
                return Replies.json(200, ["ticks": .int(ticks), "now": .string(Timestamp.format(milliseconds: after))], now: after)
            case ("POST", ["fridge", "door"]):
                let body = try JSONBody(request)
                let state = try simulator.fridgeDoor(deviceID: try body.string("deviceId"), open: try body.bool("open"))
                return Replies.json(200, state, now: now)
            case ("POST", ["tokens", "expire"]), ("POST", ["tokens", "revoke"]):
                let username = request.body.isEmpty ? nil : try JSONBody(request).optional("username", JSONBody.string)
                let count = segments[1] == "expire"
                    ? simulator.expireTokens(of: username) : simulator.revokeTokens(of: username)
                return Replies.json(200, ["affected": .int(count)], now: now)
            case ("GET", ["tokens"]):
                return Replies.json(200, ["tokens": .array(simulator.issuedTokens.map(JSONValue.string))], now: now)
            case ("POST", ["faults"]):
                let body = try JSONBody(request)
                let fault = FaultInjector.Fault(
                    method: try body.optional("method", JSONBody.string), path: try body.string("path"),
                    status: try body.optional("status", JSONBody.int)?.checked("status", in: 100...599),
                    delayMilliseconds: try body.optional("delayMs", JSONBody.int)?.checked("delayMs", in: 0...600_000),
                    remaining: try body.optional("times", JSONBody.int)?.checked("times", in: 1...1_000_000))
                simulator.faults.add(fault)
                return Replies.json(201, ["path": .string(fault.path)], now: now)
            case ("DELETE", ["faults"]):
                simulator.faults.clear()
                return Replies.noContent(now: now)
            case ("POST", ["websockets", "drop"]):
                let username = request.body.isEmpty ? nil : try JSONBody(request).optional("username", JSONBody.string)
                return Replies.json(200, ["dropped": .int(simulator.dropWebSockets(of: username))], now: now)
            default:
                return Replies.error(.notFound, now: now)
            }
        } catch {
            return Replies.error(error, now: now)
        }
    }
}

/// The controls as Swift calls, for in-process tests and scenario runners.
extension Simulator {
    /// Runs `ticks` ticks at once. Only with a manual clock (409 otherwise).
    public func advance(ticks: Int) throws(APIError) {
        guard configuration.manualClock else { throw .conflict("the clock is not manual; start with --tick manual") }
        runTicks(ticks)
    }

    /// Opens or closes a fridge door; returns the fridge state.
    func fridgeDoor(deviceID: String, open: Bool) throws(APIError) -> JSONValue {
        try world.withLock { world throws(APIError) -> JSONValue in
            let key = StateKey(deviceID: deviceID, compartment: nil)
            guard case .fridge(var fridge)? = world.states[key] else { throw .notFound }
            if fridge.isDoorOpen != open {
                fridge.isDoorOpen = open
                fridge.doorOpenedAt = open ? world.now : nil
                fridge.householdDoorTicksLeft = nil
            }
            let (state, change) = world.update(key, to: .fridge(fridge))
            // Broadcast before unlocking, so every socket sees changes in the order they happened.
            if let change { hub.broadcast([change], now: world.now) }
            return state.json
        }
    }

    /// Opens or closes a fridge door (in-process control).
    public func setFridgeDoor(deviceID: String, isOpen: Bool) throws(APIError) {
        _ = try fridgeDoor(deviceID: deviceID, open: isOpen)
    }

    /// Expires every live token (of `username`, or everyone's); their sockets close with 4001.
    @discardableResult
    public func expireTokens(of username: String? = nil) -> Int {
        endTokens { $0.expireTokens(of: username) }
    }

    /// Revokes every live token (of `username`, or everyone's); their sockets close with 4001.
    @discardableResult
    public func revokeTokens(of username: String? = nil) -> Int {
        endTokens { $0.revokeTokens(of: username) }
    }

    /// Ends the tokens `end` picks and closes their sockets; returns how many ended.
    private func endTokens(_ end: (inout KitchenWorld) -> [String]) -> Int {
        world.withLock { world in
            let tokens = end(&world)
            hub.closeConnections(usingTokens: Set(tokens))
            return tokens.count
        }
    }

    /// Every token issued since start, in order.
    public var issuedTokens: [String] { world.withLock { $0.issuedTokens } }

    /// Drops live sockets (of `username`, or all) without a close frame; returns how many.
    @discardableResult
    public func dropWebSockets(of username: String? = nil) -> Int { hub.drop(username: username) }

    /// Injects a fault for requests to `path` (`*` matches one segment).
    public func injectFault(path: String, method: String? = nil, status: Int? = nil, delayMilliseconds: Int? = nil,
                            times: Int? = nil) {
        faults.add(.init(method: method, path: path, status: status, delayMilliseconds: delayMilliseconds, remaining: times))
    }

    /// Removes every injected fault.
    public func clearFaults() { faults.clear() }

    /// The ids of `username`'s devices in list order (empty before their first login).
    public func deviceIDs(of username: String) -> [String] { world.withLock { $0.kitchens[username] ?? [] } }

    /// The number of open live-update sockets.
    public var liveSocketCount: Int { hub.count }
}
