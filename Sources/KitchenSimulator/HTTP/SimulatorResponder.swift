import Foundation
import HarnessCore
import HTTPWire

/// Routes each request of the Kitchen API to its handler.
///
/// Checks run in this order, so that each failure has one answer: the route
/// (404) and method (405), then the token (401), then the device and its type
/// (404), then the body (400 bad_request), then values (400 invalid_value),
/// then state (409). Over-limit bodies are refused by the HTTP layer (413).
struct SimulatorResponder: HTTPResponder {
    let simulator: Simulator

    var now: Int64 { simulator.world.withLock { $0.now } }

    func response(for error: HTTPParseError) -> HTTPResponse {
        Replies.error(APIError.from(error), now: now)
    }

    func respond(to request: HTTPRequest, context: HTTPRequestContext) -> HTTPReply {
        guard let path = simulator.configuration.apiPath(request.path),
              let route = Route(path: path, controlsEnabled: simulator.configuration.controlsEnabled) else {
            return .response(Replies.error(.notFound, now: now))
        }
        if case .control(let segments) = route {
            return .response(ControlHandlers(simulator: simulator).handle(request, segments: segments))
        }
        let fault = simulator.faults.match(request, path: path)
        guard let delay = fault?.delayMilliseconds else { return answer(request, route: route, injectedStatus: fault?.status) }
        // An injected delay is a timer on the connection's loop: the answer is made when it fires,
        // and nothing waits meanwhile.
        let reply = HTTPDeferredReply()
        let loop = context.eventLoop
        _ = loop.scheduleTimer(at: loop.now + .milliseconds(delay)) {
            reply.complete(answer(request, route: route, injectedStatus: fault?.status))
        }
        return .deferred(reply)
    }

    /// The answer to `request` for `route`: the injected fault's status, if there is one.
    private func answer(_ request: HTTPRequest, route: Route, injectedStatus: Int?) -> HTTPReply {
        if let status = injectedStatus { return .response(Replies.error(.injected(status: status), now: now)) }
        let method = request.method == .head ? HTTPMethod.get : request.method
        guard let allowed = route.allowedMethod, method == allowed else {
            var response = Replies.error(.methodNotAllowed(request.method.rawValue), now: now)
            if let allowed = route.allowedMethod {
                response.headers.add("Allow", allowed == .get ? "GET, HEAD" : allowed.rawValue)
            }
            return .response(response)
        }
        if route == .login { return .response(login(request)) }
        let token = Self.token(in: request, allowQuery: route == .liveUpdates)
        if route == .liveUpdates {
            guard let token, let username = simulator.world.withLock({ $0.user(forToken: token) }) else {
                return .response(Replies.error(.unauthorized, now: now))
            }
            // Served on the event loop: the snapshot, then every change, until the socket closes.
            return .webSocketOnLoop(handler: LiveFeed(simulator: simulator, username: username, token: token))
        }
        // One lock for the whole request: authenticate, act, broadcast; bytes are made after it.
        let reply = simulator.world.withLock { world -> APIReply in
            guard let token, let username = world.user(forToken: token) else { return .error(.unauthorized, now: world.now) }
            switch route {
            case .logout:
                world.revoke(token: token)
                simulator.hub.closeConnections(usingTokens: [token])
                return .noContent(now: world.now)
            case .devices:
                return .ok(.array(world.kitchen(of: username).map(\.json)), now: world.now)
            case .device(let kind, let id, let action):
                return device(request, kind: kind, id: id, action: action, username: username, world: &world)
            case .login, .liveUpdates, .control: return .error(.notFound, now: world.now)
            }
        }
        return .response(reply.response)
    }

    /// The bearer token of a request: `Authorization: Bearer T`, or (for /ws) `?token=T`.
    private static func token(in request: HTTPRequest, allowQuery: Bool) -> String? {
        if let header = request.headers["Authorization"] {
            // `Bearer` SP token (RFC 6750 §2.1), the scheme case-insensitive. No Foundation
            // string calls: they are slow on Linux and this runs on every request.
            guard let space = header.utf8.firstIndex(of: UInt8(ascii: " ")),
                  CaseInsensitiveName.matches(header[..<space].utf8, "Bearer".utf8) else { return nil }
            let token = header[header.utf8.index(after: space)...].trimmingOWS()
            return token.isEmpty ? nil : String(token)
        }
        return allowQuery ? request.queryValue("token") : nil
    }

    private func login(_ request: HTTPRequest) -> HTTPResponse {
        do throws(APIError) {
            let body = try JSONBody(request)
            let username = try body.string("username")
            let password = try body.string("password")
            return simulator.world.withLock { world in
                switch world.login(username: username, password: password) {
                case .success(let session):
                    let value: JSONValue = [
                        "token": .string(session.token),
                        "expiresAt": .string(Timestamp.format(milliseconds: session.expiresAt)),
                        "user": ["id": .string(session.userID), "username": .string(session.username)],
                    ]
                    return Replies.json(200, value, now: world.now)
                case .failure(let error):
                    return Replies.error(error, now: world.now)
                }
            }
        } catch {
            return Replies.error(error, now: now)
        }
    }
}

/// One live-update socket on its event loop: registered with the hub and sent the snapshot when
/// it opens, dropped from the hub when it ends. Client→server messages are not part of v1: they
/// are read (to notice the close) and ignored.
private struct LiveFeed: WebSocketLoopHandler {
    let simulator: Simulator
    let username: String
    let token: String

    func opened(_ connection: WebSocketConnection) {
        simulator.world.withLock { world in
            // Registered and snapshotted under one lock: no change is missed or sent twice.
            simulator.hub.add(.init(connection: connection, username: username, token: token))
            simulator.hub.sendSnapshot(world.snapshot(of: username), to: connection, now: world.now)
        }
    }

    func ended(_ info: WebSocketCloseInfo, on connection: WebSocketConnection) {
        simulator.hub.remove(connection)
    }
}

extension APIError {
    /// The error an injected fault answers with.
    static func injected(status: Int) -> APIError {
        let code = switch status {
        case 400: "bad_request"
        case 401: "unauthorized"
        case 404: "not_found"
        case 405: "method_not_allowed"
        case 409: "conflict"
        case 413: "payload_too_large"
        default: "internal"
        }
        return APIError(status: status, code: code, message: "injected fault")
    }
}
