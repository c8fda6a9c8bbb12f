extension VirtualClock {
    /// Parks the calling task until virtual time reaches `deadline`.
    ///
    /// `nonisolated(nonsending)`: the sleeper is registered before the first real
    /// suspension, in the caller's isolation. A deadline already reached still parks;
    /// the next advance (even `advance(by: .zero)`) resumes it, in order.
    /// Throws `CancellationError` if the task is cancelled before or while parked; a
    /// cancel before registration registers nothing.
    ///
    /// Calling this through a generic `some Clock` or `any Clock<Duration>` goes
    /// through the protocol witness, which hops to the global executor first: the
    /// registration then races the test. Sleep through the concrete type or through
    /// `any SchedulingClock`.
    nonisolated(nonsending) public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try await park(label: nil, isolation: #isolation) { _ in deadline }
    }

    /// Parks the calling task for `duration` of virtual time (see ``sleep(until:tolerance:)``).
    ///
    /// `clock.sleep(for: d)` on a `VirtualClock` is not ambiguous: the concrete
    /// method wins over the stdlib `Clock.sleep(for:tolerance:)` extension. Writing
    /// `sleep(for: d, tolerance: nil)` selects that extension, which hops executors
    /// before it reaches ``sleep(until:tolerance:)`` and so parks late.
    nonisolated(nonsending) public func sleep(for duration: Duration) async throws {
        try await park(label: nil, isolation: #isolation) { $0.advanced(by: duration) }
    }

    /// Parks the calling task for `duration`, tagged with `label` so that lists of
    /// parked sleepers say who is waiting (for test doubles that simulate latency).
    nonisolated(nonsending) public func sleep(for duration: Duration, label: String) async throws {
        try await park(label: label, isolation: #isolation) { $0.advanced(by: duration) }
    }

    /// Parks the calling task until `deadline`, tagged with `label`.
    nonisolated(nonsending) public func sleep(until deadline: Instant, label: String) async throws {
        try await park(label: label, isolation: #isolation) { _ in deadline }
    }

    /// `deadlineFromNow` is resolved under the same lock that numbers the sleeper, so
    /// a relative sleep measures from the instant it was registered.
    ///
    /// Takes the caller's isolation as an explicit `isolated` parameter rather than
    /// being `nonisolated(nonsending)`: on Swift 6.3.1 the operation closure given to
    /// `withTaskCancellationHandler` inside a nonsending function is a plain `async`
    /// closure and hops to the global executor before it runs, so parking would race the
    /// caller. A closure that captures an `isolated` parameter is isolated to it and runs
    /// without a hop.
    private func park(
        label: String?,
        isolation: isolated (any Actor)?,
        deadlineFromNow: (Instant) -> Instant
    ) async throws {
        if Task.isCancelled {
            throw CancellationError()
        }
        let (sequence, deadline) = state.withLock { state in
            let sequence = state.nextSequence
            state.nextSequence += 1
            state.registering.insert(sequence)
            return (sequence, deadlineFromNow(state.now))
        }
        // The operation and the continuation body run synchronously in the caller's
        // isolation, so the sleeper is parked before this task gives up its thread.
        let reason = await withTaskCancellationHandler {
            _ = isolation  // Capturing the isolated parameter isolates the closure to it.
            return await withUnsafeContinuation { (continuation: UnsafeContinuation<WakeReason, Never>) in
                let parked = state.withLock { state in
                    state.registering.remove(sequence)
                    if state.cancelledWhileRegistering.remove(sequence) != nil {
                        state.activity &+= 1
                        return false
                    }
                    state.parked.append(ParkedSleeper(
                        pending: PendingSleeper(sequence: sequence, deadline: deadline, registeredAt: state.now, label: label),
                        continuation: continuation))
                    state.activity &+= 1
                    return true
                }
                if !parked {
                    continuation.resume(returning: .cancelledBeforeParking)
                }
            }
        } onCancel: {
            let continuation = state.withLock { state -> UnsafeContinuation<WakeReason, Never>? in
                if let index = state.parked.firstIndex(where: { $0.pending.sequence == sequence }) {
                    state.awake += 1
                    state.activity &+= 1
                    return state.parked.remove(at: index).continuation
                }
                if state.registering.contains(sequence) {
                    state.cancelledWhileRegistering.insert(sequence)
                }
                return nil
            }
            continuation?.resume(returning: .cancelledWhileParked)
        }
        switch reason {
        case .deadline:
            markAwakeSleeperReturned()
        case .cancelledWhileParked:
            markAwakeSleeperReturned()
            throw CancellationError()
        case .cancelledBeforeParking:
            throw CancellationError()
        }
    }

    private func markAwakeSleeperReturned() {
        state.withLock { state in
            state.awake -= 1
            state.activity &+= 1
        }
    }
}
