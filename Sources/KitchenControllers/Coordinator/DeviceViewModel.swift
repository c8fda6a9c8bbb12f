import HarnessCore
import KitchenAPI
import Observation

/// The coordinator the views observe: the device list, the live-update
/// connection, and the errors of every child. Everything else is delegated to
/// the children, which it creates and exposes as `let`s.
///
/// Every child talks to the API through a ``ReauthenticationGate``: once any
/// failure is unauthorized (HTTP 401, WebSocket 4001), ``requiresReauth`` is
/// set and no command reaches the API until ``login(username:password:)`` succeeds.
///
/// ```swift
/// let devices = DeviceViewModel(api: api, webSocket: live, tokenStore: tokens, clock: clock)
/// await devices.load()                        // list, initial states, then live updates
/// devices.oven.setTemperature(375, deviceId: "oven-1")
/// if devices.requiresReauth { await devices.login(username: "demo", password: "demo") }
/// devices.stop()
/// ```
@MainActor
@Observable
public final class DeviceViewModel {
    /// Where the device list is.
    public enum LoadState: Hashable, Sendable {
        /// Not asked for yet.
        case idle
        /// `GET /devices` and the initial states are under way.
        case loading
        /// The list, with every initial state fetched.
        case loaded([DeviceInfo])
        /// `GET /devices` failed.
        case failed(AppError)
    }

    /// Where the live-update connection is.
    public enum ConnectionState: Hashable, Sendable {
        /// Not started (or no token to start with).
        case notConnected
        /// Started, not yet open.
        case connecting
        /// Open.
        case connected
        /// Dropped; the service decides whether to reconnect.
        case disconnected
        /// Dropped; waiting before reconnect attempt `attempt`.
        case reconnecting(attempt: Int)
        /// Refused with 4001 or 401: stopped until the next sign-in.
        case unauthorized
        /// Stopped, or out of reconnect attempts.
        case ended
    }

    /// The oven controller.
    public let oven: OvenViewModel
    /// The fridge controller.
    public let fridge: FridgeViewModel
    /// The dishwasher controller.
    public let dishwasher: DishwasherViewModel
    /// The ice maker controller.
    public let iceMaker: IceMakerViewModel

    /// Where the device list is.
    public internal(set) var loadState: LoadState = .idle
    /// Where the live-update connection is.
    public internal(set) var connectionState: ConnectionState = .notConnected
    /// The error rules' current state.
    public internal(set) var session: SessionState
    /// WebSocket frames that could not be used (malformed, unknown, for an unknown device).
    public internal(set) var unreadableMessageCount = 0

    @ObservationIgnored let gate: ReauthenticationGate
    @ObservationIgnored let webSocket: any WebSocketProviding
    @ObservationIgnored let tokenStore: any TokenStore
    @ObservationIgnored let telemetry: any TelemetryService
    @ObservationIgnored var liveUpdates: Task<Void, Never>?

    /// A coordinator whose children share `api` (behind the gate), `telemetry` and `clock`.
    public init(
        api: any APIServiceProtocol,
        webSocket: any WebSocketProviding,
        tokenStore: any TokenStore,
        telemetry: any TelemetryService = NoTelemetryService(),
        clock: any SchedulingClock = SystemClock(),
        configuration: ControllerConfiguration = ControllerConfiguration()
    ) {
        let gate = ReauthenticationGate(wrapping: api, telemetry: telemetry)
        self.gate = gate
        self.webSocket = webSocket
        self.tokenStore = tokenStore
        self.telemetry = telemetry
        self.session = SessionState(rule: configuration.session)
        oven = OvenViewModel(api: gate, telemetry: telemetry, clock: clock, debounce: configuration.debounce)
        fridge = FridgeViewModel(api: gate, telemetry: telemetry, clock: clock, doorAlert: configuration.doorAlert)
        dishwasher = DishwasherViewModel(api: gate, telemetry: telemetry, detection: configuration.cycleDetection)
        iceMaker = IceMakerViewModel(api: gate, telemetry: telemetry, detection: configuration.binFullDetection)
        gate.update(session)
        let report: ControllerErrorHandler = { [weak self] error in self?.childFailed(error) }
        oven.errorHandler = report
        fridge.errorHandler = report
        dishwasher.errorHandler = report
        iceMaker.errorHandler = report
    }

    // MARK: Forwarded state

    /// The loaded devices (empty until loaded).
    public var devices: [DeviceInfo] {
        if case .loaded(let devices) = loadState { devices } else { [] }
    }
    /// The latest error that is not a cancellation.
    public var error: AppError? { session.error }
    /// Whether the user must sign in again; no command reaches the API meanwhile.
    public var requiresReauth: Bool { session.requiresReauth }
    /// Every oven and compartment's state.
    public var ovenStates: [DeviceKey: OvenState] { oven.ovenStates }
    /// Every fridge's state.
    public var fridgeStates: [String: FridgeState] { fridge.fridgeStates }
    /// The fridges whose door alert is raised.
    public var doorAlerts: Set<String> { fridge.doorAlerts }
    /// Every dishwasher's state.
    public var dishwasherStates: [String: DishwasherState] { dishwasher.dishwasherStates }
    /// Every ice maker's state.
    public var iceMakerStates: [String: IceMakerState] { iceMaker.iceMakerStates }

    // MARK: Loading

    /// Fetches the device list, then each device's initial state (both
    /// compartments of a double oven), then starts live updates.
    public func load() async {
        stopLiveUpdates()
        loadState = .loading
        let list: [DeviceInfo]
        do {
            list = try await gate.fetchDevices()
        } catch {
            childFailed(error)
            loadState = AppError.from(error).map(LoadState.failed) ?? .idle
            if let appError = AppError.from(error) { telemetry.record(.devicesLoadFailed(appError)) }
            return
        }
        telemetry.record(.devicesLoaded(count: list.count))
        // Each child fetches only the devices of its own type.
        for device in list {
            await oven.fetchInitialState(for: device)
            await fridge.fetchInitialState(for: device)
            await dishwasher.fetchInitialState(for: device)
            await iceMaker.fetchInitialState(for: device)
        }
        loadState = .loaded(list)
        startLiveUpdates()
    }

    /// Ends live updates and cancels the children's waiting work.
    public func stop() {
        stopLiveUpdates()
        oven.cancelPendingWork()
        fridge.cancelPendingWork()
    }

    /// ``stop()``, then returns once the live-update loop has ended (its "connection ended"
    /// recorded): what happened up to the stop is all in the telemetry, on every run.
    public func stopAndWait() async {
        let loop = liveUpdates
        stop()
        await loop?.value
    }

    // MARK: Errors and sign-in

    /// Signs in; on success clears ``requiresReauth`` and the error, stores the
    /// token and, if live updates were refused, starts them again.
    @discardableResult
    public func login(username: String, password: String) async -> Bool {
        do {
            let session = try await gate.login(username: username, password: password)
            tokenStore.setToken(session.token)
            self.session.recordLoginSucceeded()
            gate.update(self.session)
            telemetry.record(.loginSucceeded(username: session.user.username))
        } catch {
            if let appError = AppError.from(error) { telemetry.record(.loginFailed(appError)) }
            childFailed(error)
            return false
        }
        // A stream that is open or reconnecting carries on; one refused for the old token, or never
        // started for want of one, starts now.
        if case .loaded = loadState, connectionState == .unauthorized || connectionState == .notConnected {
            startLiveUpdates()
        }
        return true
    }

    /// Hides the shown error; ``requiresReauth`` stays.
    public func dismissError() {
        session.dismissError()
        gate.update(session)
    }

    /// A child (or the coordinator) failed: the session rules decide what it means.
    func childFailed(_ error: any Error) {
        if session.record(error) {
            telemetry.record(.reauthenticationRequired(.httpUnauthorized))
        }
        gate.update(session)
    }
}
