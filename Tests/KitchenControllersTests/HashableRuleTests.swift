import KitchenAPI
import KitchenControllers
import Testing

/// A configuration's rules take part in its equality and hash as the concrete rules they are.
struct HashableRuleTests {
    struct SendsFirst: DebounceRule {
        var label = "first"
        func valueToSend(burstFirst: Int, burstLast: Int) -> Int { burstFirst }
    }

    @Test func configurationsWithTheProductRulesAreEqualAndHashAlike() {
        #expect(ControllerConfiguration() == ControllerConfiguration())
        #expect(ControllerConfiguration().hashValue == ControllerConfiguration().hashValue)
        #expect(SessionState() == SessionState())
    }

    @Test func aPlantedRuleIsNeverEqualToTheProductRule() {
        let planted = DebounceMachine.Configuration(rule: SendsFirst())
        #expect(planted != DebounceMachine.Configuration())
        #expect(ControllerConfiguration(debounce: planted) != ControllerConfiguration())
        #expect(DebounceMachine(configuration: planted) != DebounceMachine())
    }

    @Test func rulesOfOneTypeCompareByValue() {
        #expect(DebounceMachine.Configuration(rule: SendsFirst()) == DebounceMachine.Configuration(rule: SendsFirst()))
        #expect(DebounceMachine.Configuration(rule: SendsFirst(label: "a")) != DebounceMachine.Configuration(rule: SendsFirst(label: "b")))
    }

    @Test func theOtherSettingsStillCount() {
        #expect(DebounceMachine.Configuration(quietPeriod: .seconds(1)) != DebounceMachine.Configuration())
        #expect(DoorAlertMachine.Configuration(threshold: .seconds(90)) != DoorAlertMachine.Configuration())
    }
}
