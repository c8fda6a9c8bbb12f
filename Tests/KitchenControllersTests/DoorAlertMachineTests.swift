import KitchenControllerProperties
import KitchenControllers
import Testing

struct DoorAlertMachineTests {
    let start = MachineInstant(sinceEpoch: .seconds(10_000))
    typealias Timer = DoorAlertMachine.TimerID

    func at(_ milliseconds: Int64) -> MachineInstant { start.advanced(by: .milliseconds(milliseconds)) }

    @Test func anOpenDoorArmsATimerAtTheThreshold() {
        var machine = DoorAlertMachine()
        #expect(machine.update(isDoorOpen: true, openedAt: nil, at: at(0)) == [.schedule(Timer(number: 1), at: at(60_000))])
        #expect(machine.openSince == at(0))
    }

    @Test func theTimerRaisesTheAlertOnce() {
        var machine = DoorAlertMachine()
        _ = machine.update(isDoorOpen: true, openedAt: nil, at: at(0))
        #expect(machine.timerFired(Timer(number: 1), at: at(60_000)) == [.raise(openFor: .seconds(60))])
        #expect(machine.isAlertRaised)
        #expect(machine.timerFired(Timer(number: 1), at: at(60_000)).isEmpty)
        #expect(machine.update(isDoorOpen: true, openedAt: nil, at: at(70_000)).isEmpty)
    }

    @Test func closingClearsARaisedAlert() {
        var machine = DoorAlertMachine()
        _ = machine.update(isDoorOpen: true, openedAt: nil, at: at(0))
        _ = machine.timerFired(Timer(number: 1), at: at(60_000))
        #expect(machine.update(isDoorOpen: false, openedAt: nil, at: at(61_000)) == [.cancelTimer, .clear])
        #expect(!machine.isAlertRaised)
        #expect(machine.openSince == nil)
    }

    @Test func closingBeforeTheThresholdOnlyDisarms() {
        var machine = DoorAlertMachine()
        _ = machine.update(isDoorOpen: true, openedAt: nil, at: at(0))
        #expect(machine.update(isDoorOpen: false, openedAt: nil, at: at(59_999)) == [.cancelTimer])
        #expect(machine.timerFired(Timer(number: 1), at: at(60_000)).isEmpty)
        #expect(machine.update(isDoorOpen: false, openedAt: nil, at: at(70_000)).isEmpty)
    }

    @Test func repeatedOpenUpdatesDoNotRestartTheTimer() {
        var machine = DoorAlertMachine()
        _ = machine.update(isDoorOpen: true, openedAt: nil, at: at(0))
        #expect(machine.update(isDoorOpen: true, openedAt: nil, at: at(30_000)).isEmpty)
        #expect(machine.update(isDoorOpen: true, openedAt: at(0), at: at(45_000)).isEmpty)
        #expect(machine.timerFired(Timer(number: 1), at: at(60_000)) == [.raise(openFor: .seconds(60))])
    }

    @Test func aDoorOpenedLongEnoughAgoAlertsAtOnce() {
        var machine = DoorAlertMachine()
        #expect(machine.update(isDoorOpen: true, openedAt: at(-90_000), at: at(0)) == [.raise(openFor: .seconds(90))])
    }

    @Test func aDoorOpenedExactlyTheThresholdAgoAlertsAtOnceButOneMillisecondLessWaits() {
        var exact = DoorAlertMachine()
        #expect(exact.update(isDoorOpen: true, openedAt: at(-60_000), at: at(0)) == [.raise(openFor: .seconds(60))])
        var almost = DoorAlertMachine()
        #expect(almost.update(isDoorOpen: true, openedAt: at(-59_999), at: at(0)) == [.schedule(Timer(number: 1), at: at(1))])
    }

    @Test func anEarlierOpenedAtLearnedLaterMovesTheDeadlineEarlier() {
        var machine = DoorAlertMachine()
        _ = machine.update(isDoorOpen: true, openedAt: nil, at: at(0))
        #expect(machine.update(isDoorOpen: true, openedAt: at(-30_000), at: at(10_000))
            == [.schedule(Timer(number: 2), at: at(30_000))])
        #expect(machine.timerFired(Timer(number: 1), at: at(60_000)).isEmpty)
    }

    @Test func anOpenedAtInTheFutureCountsFromNow() {
        var machine = DoorAlertMachine()
        #expect(machine.update(isDoorOpen: true, openedAt: at(5_000), at: at(0)) == [.schedule(Timer(number: 1), at: at(60_000))])
    }

    @Test func aNewSpanAfterAClosureAlertsAgain() {
        var machine = DoorAlertMachine(configuration: .init(threshold: .seconds(10)))
        _ = machine.update(isDoorOpen: true, openedAt: nil, at: at(0))
        _ = machine.timerFired(Timer(number: 1), at: at(10_000))
        _ = machine.update(isDoorOpen: false, openedAt: nil, at: at(11_000))
        #expect(machine.update(isDoorOpen: true, openedAt: nil, at: at(20_000)) == [.schedule(Timer(number: 3), at: at(30_000))])
        #expect(machine.timerFired(Timer(number: 3), at: at(30_000)) == [.raise(openFor: .seconds(10))])
    }

    @Test func thePlantedVariantsMisbehaveAsDocumented() {
        var restarting = DoorAlertMachine(configuration: .init(rule: PlantedDoorAlertBug.restartsOnEveryOpenUpdate))
        _ = restarting.update(isDoorOpen: true, openedAt: nil, at: at(0))
        #expect(restarting.update(isDoorOpen: true, openedAt: nil, at: at(1)) == [.schedule(Timer(number: 2), at: at(60_001))])
        var late = DoorAlertMachine(configuration: .init(rule: PlantedDoorAlertBug.alertsOnlyPastThreshold))
        #expect(late.update(isDoorOpen: true, openedAt: nil, at: at(0)) == [.schedule(Timer(number: 1), at: at(60_001))])
    }
}
