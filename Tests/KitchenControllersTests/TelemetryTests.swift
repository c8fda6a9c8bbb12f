import KitchenAPI
import KitchenControllers
import Synchronization
import Testing

struct TelemetryTests {
    static let oven = DeviceKey(deviceId: "oven-double-1", compartment: "upper")

    /// Each event's one-line description is stable: the reproduce timeline prints them.
    @Test(arguments: [
        (LogEvent.devicesLoaded(count: 5), "devices loaded: 5"),
        (.devicesLoadFailed(.server(status: 503)), "devices load failed: server(503)"),
        (.liveMessageReceived(deviceType: .oven, device: oven), "live message: oven oven-double-1/upper"),
        (.stateApplied(deviceType: .iceMaker, device: DeviceKey(deviceId: "icemaker-1"), source: .initialLoad),
         "state applied: ice_maker icemaker-1 from initial load"),
        (.commandSent(.ovenTemperature(375), device: oven), "command sent: oven temperature 375°F to oven-double-1/upper"),
        (.commandSucceeded(.dishwasherStart(cycle: "eco"), device: DeviceKey(deviceId: "dishwasher-1")),
         "command succeeded: dishwasher start eco to dishwasher-1"),
        (.commandFailed(.fridgeTemperature(50), device: DeviceKey(deviceId: "fridge-1"),
                        error: .invalidValue(message: "33…45")),
         "command failed: fridge temperature 50°F to fridge-1: invalidValue(33…45)"),
        (.commandCancelled(.iceMakerRate("high"), device: DeviceKey(deviceId: "icemaker-1")),
         "command cancelled: ice maker rate high to icemaker-1"),
        (.commandBlocked(operation: "setOvenPower"), "command blocked until sign-in: setOvenPower"),
        (.doorAlertRaised(deviceId: "fridge-1", openFor: .seconds(60)), "door alert raised: fridge-1 open for 60000 ms"),
        (.doorAlertCleared(deviceId: "fridge-1"), "door alert cleared: fridge-1"),
        (.cycleCompleted(deviceId: "dishwasher-1", cycle: "eco"), "cycle completed: dishwasher-1 eco"),
        (.binFull(deviceId: "icemaker-1"), "bin full: icemaker-1"),
        (.reauthenticationRequired(.webSocketUnauthorized), "re-authentication required: WebSocket 4001"),
        (.loginSucceeded(username: "demo"), "login succeeded: demo"),
        (.loginFailed(.unauthorized), "login failed: unauthorized"),
        (.connectionConnected(attempt: 0), "connection connected (attempt 0)"),
        (.connectionDisconnected(code: 1006, reason: "gone"), "connection disconnected: 1006 gone"),
        (.connectionDisconnected(code: nil, reason: ""), "connection disconnected: no code"),
        (.connectionReconnecting(attempt: 2, delay: .milliseconds(1234)), "connection reconnecting: attempt 2 in 1234 ms"),
        (.connectionEnded, "connection ended"),
        (.unreadableMessage(reason: "Unknown message: type ping"), "unreadable message: Unknown message: type ping"),
    ])
    func descriptionsAreStableOneLiners(event: LogEvent, line: String) {
        #expect(event.description == line)
        #expect(!line.contains("\n"))
    }

    @Test func theRecorderKeepsEventsInOrder() {
        let telemetry = RecordingTelemetryService()
        telemetry.record(.connectionEnded)
        telemetry.record(.binFull(deviceId: "icemaker-1"))
        #expect(telemetry.events == [.connectionEnded, .binFull(deviceId: "icemaker-1")])
        #expect(telemetry.lines == ["connection ended", "bin full: icemaker-1"])
        telemetry.reset()
        #expect(telemetry.events.isEmpty)
    }

    @Test func thePrintingServiceWritesOneLinePerEvent() {
        let written = Mutex<[String]>([])
        let telemetry = PrintingTelemetryService { line in written.withLock { $0.append(line) } }
        telemetry.record(.doorAlertCleared(deviceId: "fridge-1"))
        NoTelemetryService().record(.connectionEnded)
        #expect(written.withLock { $0 } == ["[telemetry] door alert cleared: fridge-1"])
    }
}
