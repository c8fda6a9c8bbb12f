import Foundation
import HarnessCore
import KitchenAPI
import KitchenControllers

/// The model the stateful test runs the whole coordinator against: the
/// server's kitchen (a ``KitchenModel``) and session, plus what the app must
/// show, advanced by each ``KitchenAction`` by the product rules, stated
/// directly (no machine is reused).
public struct KitchenExpectation: Sendable {
    /// The ovens the sliders act on: the single oven, then the double oven's compartments.
    public static let ovens = [
        DeviceKey(deviceId: "oven-1"), DeviceKey(deviceId: "oven-double-1", compartment: "upper"),
        DeviceKey(deviceId: "oven-double-1", compartment: "lower"),
    ]
    /// The oven the power toggle acts on.
    public static let oven = ovens[0]
    /// The fridge whose door moves.
    public static let fridgeId = "fridge-1"
    /// The dishwasher.
    public static let dishwasherId = "dishwasher-1"

    /// The virtual clock's start date (so model dates equal the API's).
    public let startDate: Date
    /// The debounce quiet period.
    public let quietPeriod: Duration
    /// The door-alert threshold.
    public let doorThreshold: Duration
    /// Virtual time since the start.
    public private(set) var now: Duration = .zero
    /// The server's kitchen.
    public private(set) var kitchen: KitchenModel
    /// Whether the server accepts the token.
    public private(set) var sessionValid = true
    /// Whether the app is consuming live updates.
    public private(set) var socketOpen = true
    /// Whether the app requires a sign-in.
    public private(set) var requiresReauth = false
    /// The error the app shows.
    public private(set) var error: AppError?
    /// Calls that reached the API since the load.
    public private(set) var calls = 0
    /// The target the app shows for each of ``ovens``.
    public private(set) var shownOvenTargets: [Int]
    /// The newest target of each of ``ovens`` the app has from the server.
    public private(set) var confirmedOvenTargets: [Int]
    /// Per oven index: the slider value waiting for the quiet period, when it was
    /// set, and a sequence number (timers due together fire in the order they were armed).
    public private(set) var pendingSlides: [Int: (value: Int, at: Duration, sequence: Int)] = [:]
    private var slideSequence = 0
    /// Live messages the app had to drop (unreadable, unknown device, wrong type).
    public private(set) var unreadable = 0
    /// The dishwasher status the app last saw.
    public private(set) var seenDishwasher: DishwasherStatus
    /// Completed cycles the app announced.
    public private(set) var completions = 0
    /// When the app believes the fridge door opened (`nil`: closed).
    public private(set) var seenDoorOpenedAt: Duration?
    /// Whether the app's door alert is raised.
    public private(set) var doorAlert = false
    /// Whether the user has left the screen: from then on nothing the app does may change.
    public private(set) var stopped = false

    /// The model of a freshly loaded, connected app over `kitchen`.
    public init(kitchen: KitchenModel, startDate: Date, quietPeriod: Duration, doorThreshold: Duration) {
        self.kitchen = kitchen
        self.startDate = startDate
        self.quietPeriod = quietPeriod
        self.doorThreshold = doorThreshold
        shownOvenTargets = Self.ovens.map { kitchen.ovens[$0]?.targetTemperature ?? 0 }
        confirmedOvenTargets = shownOvenTargets
        seenDishwasher = kitchen.dishwashers[Self.dishwasherId]?.status ?? .idle
    }

    /// The date of virtual offset `offset`, computed as `VirtualClock.currentDate` does.
    public func date(at offset: Duration) -> Date {
        startDate.addingTimeInterval(offset.timeInterval)
    }

    /// Applies `action`.
    public mutating func apply(_ action: KitchenAction) {
        switch action {
        case .wait(let duration):
            wait(duration)
        case .slide(let value, let oven):
            slideSequence += 1
            pendingSlides[oven] = (value, now, slideSequence)
            shownOvenTargets[oven] = value
        case .serverSetsTarget(let value, let oven):
            _ = try? kitchen.setOvenTemperature(Self.ovens[oven], to: value, at: date(at: now))
            if socketOpen {
                confirmedOvenTargets[oven] = value
                if pendingSlides[oven] == nil { shownOvenTargets[oven] = value }
            }
        case .strayMessage:
            if socketOpen { unreadable += 1 }
        case .toggleOven:
            let toggled = command { kitchen, date throws(AppError) in
                let isOn = kitchen.ovens[Self.oven]?.isOn ?? false
                _ = try kitchen.setOvenPower(Self.oven, isOn: !isOn, at: date)
            }
            // The answer carries the whole state: its target is the newest the app knows.
            if toggled {
                confirmedOvenTargets[0] = kitchen.ovens[Self.oven]?.targetTemperature ?? 0
                if pendingSlides[0] == nil { shownOvenTargets[0] = confirmedOvenTargets[0] }
            }
        case .startDishwasher(let cycle):
            let started = command { kitchen, date throws(AppError) in
                _ = try kitchen.startDishwasher(Self.dishwasherId, cycle: cycle, at: date)
            }
            if started { see(dishwasher: .running) }
        case .stopDishwasher:
            let stopped = command { kitchen, date throws(AppError) in
                _ = try kitchen.stopDishwasher(Self.dishwasherId, at: date)
            }
            if stopped { see(dishwasher: .idle) }
        case .runDishwasher(let minutes):
            if let state = kitchen.runDishwasher(Self.dishwasherId, minutes: minutes, at: date(at: now)), socketOpen {
                see(dishwasher: state.status)
            }
        case .door(let open):
            if kitchen.setDoor(Self.fridgeId, open: open, at: date(at: now)) != nil, socketOpen {
                seeDoor()
            }
        case .dropConnection:
            if socketOpen { seeSnapshot() }
        case .expireSession(let closesSocket):
            sessionValid = false
            if closesSocket, socketOpen {
                socketOpen = false
                signOut()
            }
        case .login(let correct):
            calls += 1
            if correct {
                sessionValid = true
                requiresReauth = false
                error = nil
                if !socketOpen {
                    socketOpen = true
                    seeSnapshot()
                }
            } else {
                signOut()
            }
        case .stop:
            // Nothing started before may act afterwards: no burst is sent (the slider
            // shows the server's value again), no door alert is raised, no update is seen.
            stopped = true
            socketOpen = false
            pendingSlides = [:]
            shownOvenTargets = confirmedOvenTargets
            seenDoorOpenedAt = nil
        }
    }

    /// Time passes: the pending slide is sent when its quiet period ends, and the
    /// door alert is raised when the door has been open for the threshold.
    private mutating func wait(_ duration: Duration) {
        let end = now + duration
        let due = pendingSlides.filter { $0.value.at + quietPeriod <= end }
            .sorted { ($0.value.at, $0.value.sequence) < ($1.value.at, $1.value.sequence) }
        for (oven, slide) in due {
            now = slide.at + quietPeriod
            pendingSlides[oven] = nil
            let sent = command { kitchen, date throws(AppError) in
                _ = try kitchen.setOvenTemperature(Self.ovens[oven], to: slide.value, at: date)
            }
            // On failure the slider rolls back to the newest target the app has from the server.
            if sent { confirmedOvenTargets[oven] = slide.value }
            shownOvenTargets[oven] = confirmedOvenTargets[oven]
        }
        now = end
        if let openedAt = seenDoorOpenedAt, openedAt + doorThreshold <= now { doorAlert = true }
    }

    /// A command: held back while a sign-in is required (shown as unauthorized),
    /// 401 on an expired session, else the kitchen's answer. Returns whether it succeeded.
    @discardableResult
    private mutating func command(_ change: (inout KitchenModel, Date) throws(AppError) -> Void) -> Bool {
        guard !requiresReauth else {
            error = .unauthorized
            return false
        }
        calls += 1
        guard sessionValid else {
            signOut()
            return false
        }
        do {
            try change(&kitchen, date(at: now))
            return true
        } catch {
            self.error = error
            return false
        }
    }

    private mutating func signOut() {
        requiresReauth = true
        error = .unauthorized
    }

    private mutating func see(dishwasher status: DishwasherStatus) {
        if seenDishwasher == .running, status == .complete { completions += 1 }
        seenDishwasher = status
    }

    /// The app sees the fridge as the server has it now. A door the app already
    /// sees open keeps its earliest known opening.
    private mutating func seeDoor() {
        guard let state = kitchen.fridges[Self.fridgeId], state.isDoorOpen, let opened = state.doorOpenedAt else {
            seenDoorOpenedAt = nil
            doorAlert = false
            return
        }
        let openedAt = offset(of: opened)
        seenDoorOpenedAt = min(seenDoorOpenedAt ?? openedAt, openedAt)
        if let start = seenDoorOpenedAt, start + doorThreshold <= now { doorAlert = true }
    }

    private mutating func seeSnapshot() {
        if let status = kitchen.dishwashers[Self.dishwasherId]?.status { see(dishwasher: status) }
        seeDoor()
        for (index, key) in Self.ovens.enumerated() {
            confirmedOvenTargets[index] = kitchen.ovens[key]?.targetTemperature ?? 0
            if pendingSlides[index] == nil { shownOvenTargets[index] = confirmedOvenTargets[index] }
        }
    }

    /// The virtual offset of a model date, to the millisecond.
    private func offset(of date: Date) -> Duration {
        .milliseconds(Int64((date.timeIntervalSince(startDate) * 1000).rounded()))
    }
}
