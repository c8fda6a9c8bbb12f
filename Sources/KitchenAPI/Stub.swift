import Synchronization

/// One stubbed method of ``MockAPIService``: the result to return, the calls made so far,
/// and optional scripted results for particular calls.
///
/// A call takes the first result scripted for exactly that call (FIFO), and
/// otherwise ``result``. Scripting by call lets a recorded HTTP exchange
/// become a stub: the request becomes the call, the response the result.
///
/// ```swift
/// mock.setOvenPowerStub.result = .success(hotOven)
/// mock.setOvenPowerStub.enqueue(.failure(AppError.conflict),
///                               for: .setOvenPower(deviceId: "oven-1", compartment: nil, isOn: true))
/// _ = try await mock.setOvenPower(deviceId: "oven-1", isOn: true)   // throws conflict
/// #expect(mock.setOvenPowerStub.calls.count == 1)
/// ```
public final class Stub<Value: Sendable>: Sendable {
    private struct State {
        var result: Result<Value, any Error>
        var calls: [APICall] = []
        var scripted: [APICall: [Result<Value, any Error>]] = [:]
    }

    /// The protocol method this stub answers.
    public let method: APIMethod
    private let defaultResult: Result<Value, any Error>
    private let state: Mutex<State>

    /// A stub for `method` that answers `value` until told otherwise.
    init(_ method: APIMethod, answering value: Value) {
        self.method = method
        self.defaultResult = .success(value)
        self.state = Mutex(State(result: .success(value)))
    }

    /// The operation this stub stands in for: the one ``APIMethod/operation`` declares.
    public var operation: APIOperation { method.operation }

    /// The result for calls with nothing scripted.
    public var result: Result<Value, any Error> {
        get { state.withLock { $0.result } }
        set { state.withLock { $0.result = newValue } }
    }

    /// Every call so far, in order.
    public var calls: [APICall] { state.withLock { $0.calls } }

    /// The most recent call.
    public var lastCall: APICall? { state.withLock { $0.calls.last } }

    /// Queues `result` for the next call equal to `call`, after any already queued for it.
    /// `call` must be a call of ``method``: another method's call never reaches this stub.
    public func enqueue(_ result: Result<Value, any Error>, for call: APICall) {
        precondition(call.method == method, "\(call.method.rawValue) scripted on the stub of \(method.rawValue)")
        state.withLock { $0.scripted[call, default: []].append(result) }
    }

    /// How many scripted results have not been used yet.
    public var pendingScriptedCount: Int { state.withLock { $0.scripted.values.reduce(0) { $0 + $1.count } } }

    /// Forgets the recorded calls and scripted results; keeps ``result``.
    public func reset() {
        state.withLock { state in
            state.calls = []
            state.scripted = [:]
        }
    }

    /// Records `call` and returns (or throws) its result.
    func answer(_ call: APICall) throws -> Value {
        let result = state.withLock { state in
            state.calls.append(call)
            if var queue = state.scripted[call], !queue.isEmpty {
                let next = queue.removeFirst()
                state.scripted[call] = queue.isEmpty ? nil : queue
                return next
            }
            return state.result
        }
        return try result.get()
    }
}

/// A stub seen without its value type, so tests and checks can walk every operation.
public protocol AnyStub: Sendable {
    /// The operation the stub stands in for.
    var operation: APIOperation { get }
    /// The recorded calls, in order.
    var recordedCalls: [APICall] { get }
    /// The result for calls with nothing scripted, type-erased.
    var stubbedResult: Result<any Sendable, any Error> { get }
    /// Makes every call without a scripted result throw `error`.
    func stubFailure(_ error: any Error)
    /// Makes every call without a scripted result answer as a new ``MockAPIService``'s does.
    func restoreDefaultResult()
    /// Queues `result` for the next call equal to `call`, as ``Stub/enqueue(_:for:)`` does;
    /// `false`, queuing nothing, for a call of another method or a value of another type.
    @discardableResult func script(_ result: Result<any Sendable, any Error>, for call: APICall) -> Bool
}

extension Stub: AnyStub {
    /// The recorded calls, in order.
    public var recordedCalls: [APICall] { calls }
    /// The result for calls with nothing scripted, type-erased.
    public var stubbedResult: Result<any Sendable, any Error> { result.map { $0 } }
    /// Makes every call without a scripted result throw `error`.
    public func stubFailure(_ error: any Error) { result = .failure(error) }
    /// Makes every call without a scripted result answer as a new ``MockAPIService``'s does.
    public func restoreDefaultResult() { result = defaultResult }
    /// Queues `result` for the next call equal to `call`, as ``Stub/enqueue(_:for:)`` does;
    /// `false`, queuing nothing, for a call of another method or a value of another type.
    @discardableResult public func script(_ result: Result<any Sendable, any Error>, for call: APICall) -> Bool {
        guard call.method == method else { return false }
        switch result {
        case .success(let value):
            guard let typed = value as? Value else { return false }
            enqueue(.success(typed), for: call)
        case .failure(let error):
            enqueue(.failure(error), for: call)
        }
        return true
    }
}
