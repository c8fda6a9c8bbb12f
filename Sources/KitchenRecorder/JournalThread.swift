import Dispatch
import Foundation
import HarnessCore

/// One thread that records for callers that must not wait (the proxy's event loops): each hands
/// over a job and returns at once; the thread takes every job that has come, hands the batch to
/// `process` (which prepares the records and group-commits them in one write), and goes back
/// for more. So a loop goes on forwarding while its exchanges are recorded, and under load many
/// records share each wake-up and each `write(2)`.
///
/// ```swift
/// let thread = JournalThread<Job>()
/// thread.start(name: "journal") { batch in … }
/// thread.submit(job)
/// thread.stop()   // processes what was submitted, then ends
/// ```
final class JournalThread<Job: Sendable>: Sendable {
    private struct State {
        var jobs: [Job] = []
        /// Whether the thread is waiting for jobs (a submit must wake it).
        var sleeping = false
        var stopping = false
        var started = false
    }

    private let state = SleepingMutex(State())
    private let wake = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)

    init() {}

    /// Starts the thread (once); `process` runs on it for every batch, in the order jobs came.
    /// Jobs submitted before it started wait for it.
    func start(name: String, process: @escaping @Sendable ([Job]) -> Void) {
        guard state.withLock({ state -> Bool in
            defer { state.started = true }
            return !state.started
        }) else { return }
        let thread = Thread { [state, wake, finished] in
            while true {
                let (batch, stopping) = state.withLock { state -> ([Job], Bool) in
                    defer { state.jobs = [] }
                    state.sleeping = state.jobs.isEmpty && !state.stopping
                    return (state.jobs, state.stopping)
                }
                if !batch.isEmpty { process(batch) }
                if stopping, batch.isEmpty { break }
                if batch.isEmpty { wake.wait() }
            }
            finished.signal()
        }
        thread.name = name
        thread.start()
    }

    /// Hands `job` to the thread. Returns false once the thread is stopping (the job is not run).
    @discardableResult
    func submit(_ job: Job) -> Bool {
        let (taken, wakes) = state.withLock { state -> (Bool, Bool) in
            guard !state.stopping else { return (false, false) }
            state.jobs.append(job)
            defer { state.sleeping = false }
            return (true, state.sleeping)
        }
        if wakes { wake.signal() }
        return taken
    }

    /// Processes every job submitted so far, then ends the thread; returns once it has (at once
    /// when it never started: its jobs are dropped).
    func stop() {
        let (wakes, started) = state.withLock { state -> (Bool, Bool) in
            guard !state.stopping else { return (false, state.started) }
            state.stopping = true
            defer { state.sleeping = false }
            return (state.sleeping, state.started)
        }
        guard started else { return }
        if wakes { wake.signal() }
        finished.wait()
        finished.signal()  // a later stop() returns too
    }
}
