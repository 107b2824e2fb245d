import Dispatch

#if canImport(Glibc)
import Glibc
#endif

/// Delivers signals as an async stream through Dispatch sources (the default handlers are ignored).
/// The initializer returns once every source is registered, so a signal sent after it (e.g. after
/// READY=1) is never lost between ignoring the default action and Dispatch taking over.
final class SignalHandler: @unchecked Sendable {  // immutable after init
    /// The signals, in arrival order.
    let stream: AsyncStream<Int32>
    private let sources: [any DispatchSourceSignal]

    init(signals: [Int32]) {
        let (stream, continuation) = AsyncStream.makeStream(of: Int32.self)
        let queue = DispatchQueue(label: "weatherd.signals")
        let registered = DispatchGroup()
        sources = signals.map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { continuation.yield(number) }
            registered.enter()
            source.setRegistrationHandler { registered.leave() }
            source.resume()
            return source
        }
        _ = registered.wait(timeout: .now() + .seconds(2))
        self.stream = stream
    }

    deinit {
        sources.forEach { $0.cancel() }
    }
}
