import Dispatch
import Foundation
@testable import KitchenRecorder
import KitchenTestSupport
import Synchronization
import Testing

/// The recorder's journal thread: jobs handed over from any thread, processed in batches on
/// one thread, and a stop that processes what was handed over first. Batches are recorded as
/// they are processed; the test waits on them with bounded waits and holds a batch with a
/// semaphore where it needs the thread busy.
@Suite(.timeLimit(.minutes(2))) struct JournalThreadTests {
    /// The batches a journal thread processed, and the thread each ran on.
    final class Batches: Sendable {
        private let state = Mutex<(batches: [[Int]], threads: [ObjectIdentifier])>(([], []))

        func record(_ batch: [Int]) {
            state.withLock {
                $0.batches.append(batch)
                $0.threads.append(ObjectIdentifier(Thread.current))
            }
        }

        var batches: [[Int]] { state.withLock { $0.batches } }
        var jobs: [Int] { batches.flatMap { $0 } }
        var threads: Set<ObjectIdentifier> { Set(state.withLock { $0.threads }) }

        func waitFor(jobs count: Int) -> Bool { waitUntil(seconds: 10) { self.jobs.count >= count } }
    }

    /// Calls `stop()` on a thread of its own; the signal fires once it returned.
    static func stopOnAnotherThread(_ journal: JournalThread<Int>) -> Signal {
        let returned = Signal()
        Thread {
            journal.stop()
            returned.fire()
        }.start()
        return returned
    }

    @Test func jobsFromManyThreadsAreEachProcessedOnceOnOneThreadInTheOrderEachThreadSubmitted() throws {
        let processed = Batches()
        let journal = JournalThread<Int>()
        journal.start(name: "test-journal") { processed.record($0) }
        let submitters = DispatchGroup()
        let refused = Atomic<Int>(0)
        let submittingThreads = Mutex<Set<ObjectIdentifier>>([])
        for thread in 0..<4 {
            submitters.enter()
            Thread {
                submittingThreads.withLock { _ = $0.insert(ObjectIdentifier(Thread.current)) }
                for index in 0..<250 where !journal.submit(thread * 1_000 + index) {
                    refused.add(1, ordering: .relaxed)
                }
                submitters.leave()
            }.start()
        }
        #expect(submitters.wait(timeout: .now() + .seconds(10)) == .success)
        #expect(processed.waitFor(jobs: 1_000))
        #expect(Self.stopOnAnotherThread(journal).wait(seconds: 10))
        #expect(refused.load(ordering: .relaxed) == 0)
        let jobs = processed.jobs
        #expect(jobs.count == 1_000)
        #expect(Set(jobs).count == 1_000, "a job was processed twice")
        for thread in 0..<4 {
            let own = jobs.filter { $0 / 1_000 == thread }
            #expect(own == (0..<250).map { thread * 1_000 + $0 }, "thread \(thread)'s jobs out of order")
        }
        #expect(processed.threads.count == 1, "batches ran on \(processed.threads.count) threads")
        #expect(processed.threads.isDisjoint(with: submittingThreads.withLock { $0 }), "a batch ran on a submitting thread")
    }

    // While a batch is being processed, the jobs that come wait, and are taken together.
    @Test func jobsSubmittedWhileABatchIsProcessedAreTakenAsTheNextBatch() throws {
        let processed = Batches()
        let entered = DispatchSemaphore(value: 0)
        let gate = DispatchSemaphore(value: 0)
        let journal = JournalThread<Int>()
        journal.start(name: "test-journal-batch") { batch in
            if batch.first == 0 {
                entered.signal()
                _ = gate.wait(timeout: .now() + .seconds(10))
            }
            processed.record(batch)
        }
        journal.submit(0)
        #expect(entered.wait(timeout: .now() + .seconds(10)) == .success)
        for job in 1...20 { journal.submit(job) }
        gate.signal()
        #expect(processed.waitFor(jobs: 21))
        #expect(processed.batches == [[0], Array(1...20)])
        #expect(Self.stopOnAnotherThread(journal).wait(seconds: 10))
    }

    // stop() from another thread, called while a batch is held: it returns only once that batch
    // and every job handed over before stop() are processed.
    @Test func stopProcessesEverythingSubmittedBeforeItThenReturns() throws {
        let processed = Batches()
        let entered = DispatchSemaphore(value: 0)
        let gate = DispatchSemaphore(value: 0)
        let journal = JournalThread<Int>()
        journal.start(name: "test-journal-stop") { batch in
            if batch.first == 0 {
                entered.signal()
                _ = gate.wait(timeout: .now() + .seconds(10))
            }
            processed.record(batch)
        }
        journal.submit(0)
        #expect(entered.wait(timeout: .now() + .seconds(10)) == .success)
        for job in 1..<100 { journal.submit(job) }
        let returned = Self.stopOnAnotherThread(journal)
        // A bounded wait on a condition that must not come true while the batch is held.
        #expect(!waitUntil(seconds: 0.3) { returned.wait(seconds: 0) }, "stop() returned while a batch was held")
        gate.signal()
        #expect(returned.wait(seconds: 10))
        #expect(processed.jobs == Array(0..<100), "stop() returned before the jobs handed over first were processed")
    }

    @Test func submitAfterStopReturnsFalseAndTheJobIsNeverProcessed() throws {
        let processed = Batches()
        let journal = JournalThread<Int>()
        journal.start(name: "test-journal-after-stop") { processed.record($0) }
        #expect(journal.submit(1))
        #expect(Self.stopOnAnotherThread(journal).wait(seconds: 10))
        #expect(!journal.submit(2))
        #expect(Self.stopOnAnotherThread(journal).wait(seconds: 10), "a second stop() returns too")
        #expect(processed.jobs == [1])
    }

    @Test func jobsSubmittedBeforeStartWaitForIt() throws {
        let processed = Batches()
        let journal = JournalThread<Int>()
        #expect([1, 2, 3].allSatisfy { journal.submit($0) })
        journal.start(name: "test-journal-late-start") { processed.record($0) }
        #expect(processed.waitFor(jobs: 3))
        #expect(processed.jobs == [1, 2, 3])
        #expect(Self.stopOnAnotherThread(journal).wait(seconds: 10))
    }

    // The thread waits for work once it has none: stop() must wake it.
    @Test func stopEndsAThreadWaitingForJobs() throws {
        let processed = Batches()
        let journal = JournalThread<Int>()
        journal.start(name: "test-journal-idle") { processed.record($0) }
        journal.submit(1)
        #expect(processed.waitFor(jobs: 1))
        #expect(Self.stopOnAnotherThread(journal).wait(seconds: 10), "stop() did not return for a waiting thread")
        #expect(processed.jobs == [1])
    }

    // A recorder stopped before its thread started (its proxy never got that far) does not hang.
    @Test func stopBeforeStartReturnsAtOnceAndRefusesLaterJobs() throws {
        let thread = JournalThread<Int>()
        #expect(thread.submit(1))
        let stopped = DispatchSemaphore(value: 0)
        let stopper = Thread {
            thread.stop()
            stopped.signal()
        }
        stopper.start()
        #expect(stopped.wait(timeout: .now() + 10) == .success, "stop() before start() hung")
        #expect(!thread.submit(2))
        let batches = Batches()
        thread.start(name: "journal-test") { batches.record($0) }
        thread.stop()
        #expect(batches.jobs.allSatisfy { $0 == 1 }, "\(batches.jobs)")
    }
}
