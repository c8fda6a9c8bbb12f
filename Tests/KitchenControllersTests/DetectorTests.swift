import KitchenAPI
import KitchenControllerProperties
import KitchenControllers
import Testing

struct CycleCompletionDetectorTests {
    func completions(_ statuses: [DishwasherStatus], _ rule: any CycleCompletionRule = StandardCycleCompletionRule()) -> [Bool] {
        var detector = CycleCompletionDetector(rule: rule)
        return statuses.map { detector.observe($0) }
    }

    @Test func runningThenCompleteFiresOnce() {
        #expect(completions([.running, .running, .complete, .complete]) == [false, false, true, false])
    }

    @Test func aDishwasherFirstSeenCompleteDoesNotFire() {
        #expect(completions([.complete, .complete]) == [false, false])
    }

    @Test func stopAndRestartArmItAgain() {
        #expect(completions([.running, .idle, .running, .complete, .idle, .complete]) == [false, false, false, true, false, false])
    }

    @Test func thePlantedVariantsFireWhereTheCorrectRuleDoesNot() {
        #expect(completions([.running, .complete, .complete], PlantedCycleCompletionBug.firesOnEveryCompleteAfterRunning) == [false, true, true])
        #expect(completions([.complete], PlantedCycleCompletionBug.firesWhenFirstSeenComplete) == [true])
    }
}

struct BinFullDetectorTests {
    func notices(_ fullness: [Bool], _ rule: any BinFullRule = StandardBinFullRule()) -> [Bool] {
        var detector = BinFullDetector(rule: rule)
        return fullness.map { detector.observe(isBinFull: $0) }
    }

    @Test func notFullThenFullFiresOncePerFilling() {
        #expect(notices([false, true, true, false, true]) == [false, true, false, false, true])
    }

    @Test func aBinFirstSeenFullDoesNotFire() {
        #expect(notices([true, true]) == [false, false])
    }

    @Test func thePlantedVariantFiresWhileFull() {
        #expect(notices([true, true], PlantedBinFullBug.firesWhileFull) == [false, true])
    }
}

struct SessionStateTests {
    @Test func theLatestErrorIsShownAndUnauthorizedRequiresReauth() {
        var session = SessionState()
        let notFoundRequiresReauth = session.record(AppError.notFound)
        #expect(!notFoundRequiresReauth)
        #expect(session.error == .notFound)
        let unauthorizedRequiresReauth = session.record(AppError.unauthorized)
        #expect(unauthorizedRequiresReauth)
        let laterErrorRequiresReauthAgain = session.record(AppError.server(status: 500))
        #expect(!laterErrorRequiresReauthAgain)
        #expect(session.error == .server(status: 500))
        #expect(session.requiresReauth)
    }

    @Test func cancellationsAreNeverShown() {
        var session = SessionState()
        session.record(AppError.conflict)
        session.record(CancellationError())
        #expect(session.error == .conflict)
    }

    @Test func onlyASuccessfulLoginClearsReauth() {
        var session = SessionState()
        session.recordWebSocketUnauthorized()
        session.dismissError()
        #expect(session.error == nil)
        #expect(session.requiresReauth)
        session.recordLoginSucceeded()
        #expect(!session.requiresReauth)
    }

    @Test func theGateHoldsCommandsButNotSignIn() {
        var session = SessionState()
        #expect(session.admits(.setOvenPower))
        session.record(AppError.unauthorized)
        #expect(!session.admits(.setOvenPower))
        #expect(!session.admits(.listDevices))
        #expect(session.admits(.login))
        #expect(session.admits(.logout))
    }

    @Test func thePlantedVariantsBreakTheirRule() {
        var follows = SessionState(rule: PlantedSessionBug.reauthFollowsLatestError)
        follows.record(AppError.unauthorized)
        follows.record(AppError.server(status: 500))
        #expect(!follows.requiresReauth)
        var open = SessionState(rule: PlantedSessionBug.gateIgnoresReauth)
        open.record(AppError.unauthorized)
        #expect(open.admits(.setOvenPower))
        var showing = SessionState(rule: PlantedSessionBug.showsCancellation)
        showing.record(CancellationError())
        #expect(showing.error == .transport(description: "cancelled"))
    }
}
