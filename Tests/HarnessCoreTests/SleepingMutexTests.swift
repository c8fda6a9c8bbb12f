import Dispatch
import HarnessCore
import Testing

@Suite struct SleepingMutexTests {
    @Test func incrementsFromManyThreadsAreNeverLost() {
        let counter = SleepingMutex(0)
        DispatchQueue.concurrentPerform(iterations: 64) { _ in
            for _ in 0..<1_000 { counter.withLock { $0 += 1 } }
        }
        #expect(counter.withLock { $0 } == 64_000)
    }

    struct Refused: Error, Equatable {}

    @Test func aThrowingBodyLeavesTheValueAsItWasChangedAndTheLockFree() {
        let names = SleepingMutex(["a"])
        #expect(throws: Refused.self) {
            try names.withLock { (names) throws(Refused) in
                names.append("b")
                throw Refused()
            }
        }
        // The lock was released (this would deadlock otherwise) and the change before the throw stands.
        #expect(names.withLock { $0 } == ["a", "b"])
    }
}
