import Synchronization

/// A one-shot barrier: `wait()` suspends until `open()` (or, for ``waitCancellably()``, until the waiting
/// task is cancelled).
final class Gate: Sendable {
    private struct State {
        var isOpen = false
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Mutex(State())

    var isOpen: Bool { state.withLock { $0.isOpen } }

    func open() {
        let waiters = state.withLock { state in
            state.isOpen = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Waits until opened; ignores cancellation (like a fetch stuck in a syscall).
    func wait() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let resumeNow = state.withLock { state in
                if state.isOpen { return true }
                state.waiters.append(continuation)
                return false
            }
            if resumeNow { continuation.resume() }
        }
    }

    /// Waits until opened or until the current task is cancelled.
    func waitCancellably() async {
        await withTaskCancellationHandler {
            await wait()
        } onCancel: {
            open()
        }
    }
}
