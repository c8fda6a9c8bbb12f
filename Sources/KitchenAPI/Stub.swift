import Synchronization

/// One stubbed operation of ``MockAPIService``: the result to return, the
/// calls made so far, and optional scripted results for particular calls.
///
/// A call takes the first result scripted for exactly that call (FIFO), and
/// otherwise ``result``. Scripting by call lets a recorded HTTP exchange
/// become a stub: the request becomes the call, the response the result.
///
/// ```swift
/// mock.setOvenPowerStub.result = .success(hotOven)
/// mock.setOvenPowerStub.enqueue(.failure(AppError.conflict),
///                               for: SetOvenPowerCall(deviceId: "oven-1", compartment: nil, isOn: true))
/// _ = try await mock.setOvenPower(deviceId: "oven-1", isOn: true)   // throws conflict
/// #expect(mock.setOvenPowerStub.calls.count == 1)
/// ```
public final class Stub<Call: Hashable & Sendable, Value: Sendable>: Sendable {
    private struct State {
        var result: Result<Value, any Error>
        var calls: [Call] = []
        var scripted: [Call: [Result<Value, any Error>]] = [:]
    }

    /// The operation this stub stands in for.
    public let operation: APIOperation
    private let state: Mutex<State>

    /// A stub for `operation` that returns `result` until told otherwise.
    public init(_ operation: APIOperation, result: Result<Value, any Error>) {
        self.operation = operation
        self.state = Mutex(State(result: result))
    }

    /// The result for calls with nothing scripted.
    public var result: Result<Value, any Error> {
        get { state.withLock { $0.result } }
        set { state.withLock { $0.result = newValue } }
    }

    /// Every call so far, in order.
    public var calls: [Call] { state.withLock { $0.calls } }

    /// The most recent call.
    public var lastCall: Call? { state.withLock { $0.calls.last } }

    /// Queues `result` for the next call equal to `call`, after any already queued for it.
    public func enqueue(_ result: Result<Value, any Error>, for call: Call) {
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
    func answer(_ call: Call) throws -> Value {
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

/// A stub seen without its types, so tests can walk every operation.
public protocol AnyStub: Sendable {
    /// The operation the stub stands in for.
    var operation: APIOperation { get }
    /// The recorded calls, type-erased.
    var recordedCalls: [any Hashable & Sendable] { get }
    /// The result for calls with nothing scripted, type-erased.
    var stubbedResult: Result<any Sendable, any Error> { get }
    /// Makes every call without a scripted result throw `error`.
    func stubFailure(_ error: any Error)
}

extension Stub: AnyStub {
    /// The recorded calls, type-erased.
    public var recordedCalls: [any Hashable & Sendable] { calls }
    /// The result for calls with nothing scripted, type-erased.
    public var stubbedResult: Result<any Sendable, any Error> { result.map { $0 } }
    /// Makes every call without a scripted result throw `error`.
    public func stubFailure(_ error: any Error) { result = .failure(error) }
}
