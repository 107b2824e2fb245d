import Synchronization

/// A value behind a mutex, in a class so closures can share it.
final class Locked<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>

    init(_ value: Value) {
        mutex = Mutex(value)
    }

    var value: Value { mutex.withLock { $0 } }

    func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
        mutex.withLock { value in body(&value) }
    }
}
