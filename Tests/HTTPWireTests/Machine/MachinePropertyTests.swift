@testable import HTTPWire
import KitchenSwiftTesting
import KitchenTesting
import Testing

/// Random runs of the WebSocket state machine with our own engine (a failure prints its seed
/// and the shrunk run): peers that follow or break RFC 6455, apps that send and close, time
/// that passes the deadlines, and the end of stream at any point.
@Suite struct MachinePropertyTests {
    // Whatever happens: no crash, no write after our close or after TCP ended, no delivery after
    // the end, no forbidden close code, TCP finished once both close frames are exchanged and
    // dropped once the close deadline passes, and every run ends finished and told.
    @Test func randomRunsKeepTheCloseHandshakeRules() async {
        await checkProperty(MachineGenerators.machineCase, configuration: PropertyConfiguration(cases: 2_000)) { machineCase in
            var run = MachineRun(machineCase)
            run.run(machineCase.inputs)
            #expect(run.violations == [])
        }
    }

    /// How a run ended, coarsely: who closed, cleanly or on which code.
    static func ending(_ info: WebSocketCloseInfo) -> String {
        info.wasClean ? "clean, started by the \(info.initiator)" : "\(info.code.map { String($0.rawValue) } ?? "none")"
    }

    // The same runs reach what they claim to check: handshakes completed from either side,
    // rules broken (1002, 1007, 1009), keep-alive timeouts (1011), TCP ending early or dropped
    // at the close deadline (1006).
    @Test func randomRunsReachEveryEnding() async {
        var endings: [String: Int] = [:]
        await checkProperty(MachineGenerators.machineCase, configuration: PropertyConfiguration(cases: 500)) { machineCase in
            var run = MachineRun(machineCase)
            run.run(machineCase.inputs)
            if case .ended(let info) = run.machine.phase { endings[Self.ending(info), default: 0] += 1 }
        }
        for ending in ["clean, started by the local", "clean, started by the peer", "1002", "1007", "1009", "1011", "1006"] {
            #expect(endings[ending] != nil, "no run ended \(ending): \(endings.sorted { $0.key < $1.key })")
        }
    }
}
