@testable import HTTPWire

/// Runs a generated case through the machine as its shell would (reads after bytes, the alarm
/// fired when time passes it, the app's requests), and checks after every action what must
/// hold whatever the inputs: nothing written after our close or after TCP was dropped or
/// finished, nothing delivered after the end but the end, no forbidden close code on the
/// wire, TCP finished once both close frames were exchanged and dropped once the close
/// deadline passed. Every breach is kept, with the step it happened at.
struct MachineRun {
    private(set) var machine: WebSocketStateMachine
    let mode: WebSocketReceiveMode
    let closeTimeout: Duration
    private(set) var now: Duration = .zero
    private(set) var violations: [String] = []
    private var step = 0
    private var armed: Duration?
    /// When our close frame was written, if it was.
    private var closeWrittenAt: Duration?
    /// Whether the peer's valid close reached the machine (seen as its frame or a clean end).
    private var peerCloseSeen = false
    private var transportFinished = 0
    private var transportDropped = 0
    private var endedInfo: WebSocketCloseInfo?

    init(_ machineCase: MachineCase) {
        machine = WebSocketStateMachine(role: machineCase.role, configuration: machineCase.configuration)
        mode = machineCase.mode
        closeTimeout = machineCase.configuration.closeTimeout
        apply(machine.start())
    }

    /// Runs every input, then ends the stream and reads: the run must end finished and told.
    mutating func run(_ inputs: [MachineInput]) {
        for input in inputs {
            step += 1
            perform(input)
        }
        step += 1
        apply(machine.endOfStream())
        apply(machine.nextDelivery(as: mode))
        if transportFinished != 1 { violations.append("TCP finished \(transportFinished) times by the end") }
        if endedInfo == nil { violations.append("the end was never delivered") }
    }

    private mutating func perform(_ input: MachineInput) {
        switch input {
        case .peer(let bytes, let cut, _):
            let parts = cut.map { [Array(bytes[..<$0]), Array(bytes[$0...])] } ?? [bytes]
            for part in parts {
                machine.receive(part)
                apply(machine.nextDelivery(as: mode))
            }
        case .read:
            apply(machine.nextDelivery(as: mode))
        case .send(let frame):
            let closing = closeWrittenAt != nil || endedInfo != nil || transportDropped > 0
            do throws(WebSocketConnectionError) {
                let actions = try machine.send(frame, now: now)
                if frame.opcode != .close, actions != [.write(frame)] { violations.append("step \(step): send gave \(actions)") }
                apply(actions)
            } catch {
                if frame.opcode == .close || !closing { violations.append("step \(step): send refused with \(error) while open") }
            }
        case .close(let code):
            apply(machine.close(code: code.map(WebSocketCloseCode.init(rawValue:)), reason: "app", now: now))
        case .advance(let duration):
            now += duration
            // The shell's alarm: it fires for the deadline armed last, once its time has come.
            while let deadline = armed, deadline <= now {
                let before = armed
                apply(machine.deadlineReached(deadline, now: now))
                if armed == before { break }
            }
            checkCloseDeadline()
        case .tick:
            apply(machine.tick(now: now))
        case .endOfStream:
            apply(machine.endOfStream())
        }
    }

    private mutating func apply(_ actions: [WebSocketStateMachine.Action]) {
        let closeAlreadyWritten = closeWrittenAt != nil
        for action in actions { observe(action) }
        // §7.1.1: a close we start (not one that also ends TCP) arms the close deadline.
        if !closeAlreadyWritten, closeWrittenAt != nil, transportFinished == 0, transportDropped == 0,
           !actions.contains(.armDeadline(now + closeTimeout)) {
            violations.append("step \(step): close written without its deadline at \(now + closeTimeout): \(actions)")
        }
        // §7.1.4: both close frames exchanged → TCP finished.
        if closeWrittenAt != nil, peerCloseSeen, transportFinished == 0 {
            violations.append("step \(step): both close frames exchanged, TCP not finished")
        }
    }

    private mutating func observe(_ action: WebSocketStateMachine.Action) {
        switch action {
        case .write(let frame):
            if closeWrittenAt != nil { violations.append("step \(step): wrote \(frame.opcode) after our close") }
            if transportFinished > 0 || transportDropped > 0 { violations.append("step \(step): wrote after TCP ended") }
            if frame.opcode == .close {
                closeWrittenAt = closeWrittenAt ?? now
                // §7.4.1: never a forbidden code on the wire.
                if frame.payload.count == 1 || (frame.payload.count >= 2
                    && !WebSocketCloseCode(rawValue: UInt16(frame.payload[0]) << 8 | UInt16(frame.payload[1])).isValidOnWire) {
                    violations.append("step \(step): wrote a close frame with payload \(frame.payload)")
                }
            }
        case .deliver(let delivery):
            observe(delivery)
        case .armDeadline(let deadline):
            armed = deadline
        case .cancelDeadline:
            armed = nil
        case .dropTransport:
            transportDropped += 1
            if transportDropped > 1 || transportFinished > 0 { violations.append("step \(step): TCP dropped again") }
        case .finishTransport:
            transportFinished += 1
            if transportFinished > 1 { violations.append("step \(step): TCP finished twice") }
        }
    }

    private mutating func observe(_ delivery: WebSocketEvent) {
        if let endedInfo, delivery != .closed(endedInfo) {
            violations.append("step \(step): delivered \(delivery) after the end (\(endedInfo))")
        }
        switch delivery {
        case .closed(let info):
            if transportFinished != 1 { violations.append("step \(step): delivered the end before TCP was finished") }
            if info.wasClean, info.initiator == .peer || closeWrittenAt != nil { peerCloseSeen = true }
            endedInfo = info
        case .frame(let frame) where frame.opcode == .close:
            peerCloseSeen = true
        case .frame, .message:
            if transportFinished > 0 || transportDropped > 0 { violations.append("step \(step): delivered \(delivery) after TCP ended") }
            if mode == .messages, case .frame = delivery { violations.append("step \(step): a frame delivered in message mode") }
        case .cancelled:
            violations.append("step \(step): the machine delivered a cancelled receive's answer")
        }
    }

    /// §7.1.1: once the close deadline passed with no answer, TCP is dropped (or was finished).
    private mutating func checkCloseDeadline() {
        guard let written = closeWrittenAt, now >= written + closeTimeout else { return }
        if transportFinished == 0, transportDropped == 0 {
            violations.append("step \(step): close deadline \(written + closeTimeout) passed at \(now), TCP still open")
        }
    }
}
