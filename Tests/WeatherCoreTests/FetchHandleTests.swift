import Synchronization
import Testing
import WeatherCore

@Suite("FetchHandle")
struct FetchHandleTests {
    @Test func cancelRunsEveryHookOnce() {
        let handle = FetchHandle()
        let runs = Mutex<[String]>([])
        handle.onCancel { runs.withLock { $0.append("geocoding") } }
        handle.onCancel { runs.withLock { $0.append("request") } }
        #expect(!handle.isCancelled)
        handle.cancel()
        handle.cancel()
        #expect(handle.isCancelled)
        #expect(runs.withLock { $0 } == ["geocoding", "request"])
    }

    @Test func aHookRegisteredAfterTheCancelRunsAtOnce() {
        let handle = FetchHandle()
        handle.cancel()
        let ran = Mutex(false)
        handle.onCancel { ran.withLock { $0 = true } }
        #expect(ran.withLock { $0 })
    }

    @Test func awaitingReturnsWhatTheCompletionGives() async throws {
        let value = try await FetchHandle.awaiting {
            (_, completion: @escaping @Sendable (Result<Int, FetchError>) -> Void) in
            completion(.success(42))
        }
        #expect(value == 42)
        await #expect(throws: FetchError.self) {
            try await FetchHandle.awaiting { (_, completion: @escaping @Sendable (Result<Int, FetchError>) -> Void) in
                completion(.failure(FetchError(kind: .timeout, message: "timed out")))
            }
        }
    }

    @Test func cancellingTheAwaitingTaskCancelsTheHandle() async {
        let started = Mutex<FetchHandle?>(nil)
        let task = Task {
            try await FetchHandle.awaiting {
                (handle, completion: @escaping @Sendable (Result<Int, FetchError>) -> Void) in
                started.withLock { $0 = handle }
                // Completes only when cancelled, as a request that hangs until its cancel.
                handle.onCancel { completion(.failure(FetchError(kind: .network, message: "cancelled"))) }
            }
        }
        while started.withLock({ $0 }) == nil { await Task.yield() }
        task.cancel()
        let result = await task.result
        #expect((try? result.get()) == nil)
        #expect(started.withLock { $0 }?.isCancelled == true)
    }
}
