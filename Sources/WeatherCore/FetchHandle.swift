import Synchronization

/// A fetch in flight, as the daemon holds it: something to cancel. Whoever runs a part of the fetch
/// (a geocoding task, then the HTTP request) registers how to cancel it; a cancel runs every hook
/// registered so far, and a hook registered after the cancel runs at once. Cancelling twice, or after
/// the fetch ended, does nothing harmful.
public final class FetchHandle: Sendable {
    private struct State {
        var cancelled = false
        var hooks: [@Sendable () -> Void] = []
    }

    private let state = Mutex(State())

    /// Creates a handle for a fetch about to start.
    public init() {}

    /// Whether ``cancel()`` was called.
    public var isCancelled: Bool { state.withLock { $0.cancelled } }

    /// Registers how to cancel (a part of) the fetch; runs `body` at once when the handle is already
    /// cancelled.
    public func onCancel(_ body: @escaping @Sendable () -> Void) {
        let runNow = state.withLock { state -> Bool in
            if state.cancelled { return true }
            state.hooks.append(body)
            return false
        }
        if runNow { body() }
    }

    /// Cancels the fetch: its completion still comes, soon, with whatever error the cancel caused.
    public func cancel() {
        let hooks = state.withLock { state -> [@Sendable () -> Void] in
            guard !state.cancelled else { return [] }
            state.cancelled = true
            defer { state.hooks = [] }
            return state.hooks
        }
        for hook in hooks { hook() }
    }
}

extension FetchHandle {
    /// Runs a fetch started in callback form as an `async` call: `start` gets a fresh handle and the
    /// completion to call once; cancelling the calling task cancels the handle.
    public static func awaiting<Value: Sendable>(
        _ start: (FetchHandle, @escaping @Sendable (Result<Value, FetchError>) -> Void) -> Void
    ) async throws(FetchError) -> Value {
        let handle = FetchHandle()
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Result<Value, FetchError>, Never>) in
                start(handle) { continuation.resume(returning: $0) }
            }
        } onCancel: {
            handle.cancel()
        }
        return try result.get()
    }
}
