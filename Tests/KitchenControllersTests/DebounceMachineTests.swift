import KitchenAPI
import KitchenControllerProperties
import KitchenControllers
import Testing

struct DebounceMachineTests {
    let start = MachineInstant(sinceEpoch: .seconds(1000))
    typealias Timer = DebounceMachine.TimerID
    typealias Request = DebounceMachine.RequestID

    func at(_ milliseconds: Int64) -> MachineInstant { start.advanced(by: .milliseconds(milliseconds)) }

    @Test func aMoveIsShownAtOnceAndArmsATimerOneQuietPeriodLater() {
        var machine = DebounceMachine(confirmed: 350)
        #expect(machine.slider(360, at: at(0)) == [.show(360), .schedule(Timer(number: 1), at: at(500))])
        #expect(machine.shown == 360)
        #expect(machine.pending == 360)
    }

    @Test func aBurstSendsOnlyItsLastValueWhenTheLastTimerFires() {
        var machine = DebounceMachine(confirmed: 350)
        _ = machine.slider(360, at: at(0))
        #expect(machine.slider(375, at: at(100)) == [.show(375), .schedule(Timer(number: 2), at: at(600))])
        #expect(machine.timerFired(Timer(number: 1)).isEmpty)
        #expect(machine.timerFired(Timer(number: 2)) == [.send(375, Request(number: 1))])
        #expect(machine.timerFired(Timer(number: 2)).isEmpty)
    }

    @Test func aConfirmedAnswerIsAdoptedAndKeepsTheShownValue() {
        var machine = DebounceMachine(confirmed: 350)
        _ = machine.slider(375, at: at(0))
        _ = machine.timerFired(Timer(number: 1))
        #expect(machine.response(Request(number: 1), .confirmed(375)) == [.adopt(Request(number: 1))])
        #expect(machine.confirmed == 375)
        #expect(!machine.isBusy)
    }

    @Test func aFailureRollsBackToTheConfirmedValueAndIsReported() {
        var machine = DebounceMachine(confirmed: 350)
        _ = machine.slider(375, at: at(0))
        _ = machine.timerFired(Timer(number: 1))
        #expect(machine.response(Request(number: 1), .failed(.server(status: 500)))
            == [.show(350), .report(.server(status: 500))])
        #expect(machine.shown == 350)
    }

    @Test func aCancelledRequestRollsBackWithoutAReport() {
        var machine = DebounceMachine(confirmed: 350)
        _ = machine.slider(375, at: at(0))
        _ = machine.timerFired(Timer(number: 1))
        #expect(machine.response(Request(number: 1), .cancelled) == [.show(350)])
    }

    @Test func aStaleAnswerNeverOverwritesANewerConfirmedValue() {
        var machine = DebounceMachine(confirmed: 350)
        _ = machine.slider(400, at: at(0))
        _ = machine.timerFired(Timer(number: 1))
        _ = machine.slider(420, at: at(600))
        _ = machine.timerFired(Timer(number: 2))
        #expect(machine.response(Request(number: 2), .confirmed(420)) == [.adopt(Request(number: 2))])
        #expect(machine.response(Request(number: 1), .confirmed(400)).isEmpty)
        #expect(machine.shown == 420)
        #expect(machine.confirmed == 420)
    }

    @Test func anOlderSuccessIsShownWhenTheNewestRequestFailed() {
        var machine = DebounceMachine(confirmed: 350)
        _ = machine.slider(400, at: at(0))
        _ = machine.timerFired(Timer(number: 1))
        _ = machine.slider(420, at: at(600))
        _ = machine.timerFired(Timer(number: 2))
        #expect(machine.response(Request(number: 2), .failed(.notFound)) == [.show(350), .report(.notFound)])
        #expect(machine.response(Request(number: 1), .confirmed(400)) == [.show(400), .adopt(Request(number: 1))])
    }

    @Test func aFailedAnswerWhileANewBurstWaitsKeepsTheNewValue() {
        var machine = DebounceMachine(confirmed: 350)
        _ = machine.slider(400, at: at(0))
        _ = machine.timerFired(Timer(number: 1))
        _ = machine.slider(420, at: at(600))
        #expect(machine.response(Request(number: 1), .failed(.notFound)) == [.report(.notFound)])
        #expect(machine.shown == 420)
    }

    @Test func aServerValueIsShownOnlyWhenNothingIsWaitingOrInFlight() {
        var machine = DebounceMachine(confirmed: 350)
        #expect(machine.serverReported(360) == [.show(360)])
        _ = machine.slider(400, at: at(0))
        #expect(machine.serverReported(370).isEmpty)
        #expect(machine.shown == 400)
        _ = machine.timerFired(Timer(number: 1))
        #expect(machine.response(Request(number: 1), .failed(.conflict)) == [.show(370), .report(.conflict)])
    }

    @Test func unknownAndRepeatedAnswersAreIgnored() {
        var machine = DebounceMachine(confirmed: 350)
        #expect(machine.response(Request(number: 7), .confirmed(1)).isEmpty)
        _ = machine.slider(400, at: at(0))
        _ = machine.timerFired(Timer(number: 1))
        _ = machine.response(Request(number: 1), .confirmed(400))
        #expect(machine.response(Request(number: 1), .failed(.notFound)).isEmpty)
    }

    @Test func thePlantedFirstValueVariantSendsTheBurstsFirstValue() {
        var machine = DebounceMachine(configuration: .init(rule: PlantedDebounceBug.sendsFirstValueOfBurst), confirmed: 350)
        _ = machine.slider(171, at: at(0))
        _ = machine.slider(170, at: at(0))
        #expect(machine.timerFired(Timer(number: 2)) == [.show(171), .send(171, Request(number: 1))])
    }

    @Test func aCancelledBurstIsNeverSentAndTheConfirmedValueIsShownAgain() {
        var machine = DebounceMachine(confirmed: 350)
        _ = machine.slider(400, at: at(0))
        #expect(machine.cancelBurst() == [.show(350)])
        #expect(machine.timerFired(Timer(number: 1)).isEmpty)
        #expect(!machine.isBusy)
        #expect(machine.cancelBurst().isEmpty)
    }

    @Test func theQuietPeriodIsConfigurable() {
        var machine = DebounceMachine(configuration: .init(quietPeriod: .milliseconds(250)))
        #expect(machine.slider(200, at: at(0)) == [.show(200), .schedule(Timer(number: 1), at: at(250))])
    }
}
