import Dispatch
import KitchenTestSupport
import Testing

/// The `.ownQueue` trait: a test's async code runs on a queue of its own, not on the
/// cooperative pool, before and after it is resumed from another thread.
@Suite(.timeLimit(.minutes(2))) struct OwnQueueTraitTests {
    @Test(.ownQueue) func aTestWithTheTraitRunsAndIsResumedOnItsOwnQueue() async {
        #expect(OwnQueueTrait.isCurrent)
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume() }
        }
        #expect(OwnQueueTrait.isCurrent, "resumed on another thread than the test's own queue")
    }

    @Test func aTestWithoutTheTraitRunsOnThePool() async {
        #expect(!OwnQueueTrait.isCurrent)
    }
}
