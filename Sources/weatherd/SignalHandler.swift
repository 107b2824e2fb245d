import Dispatch

#if canImport(Glibc)
import Glibc
#endif

/// Delivers signals as an async stream through Dispatch sources (the default handlers are ignored).
final class SignalHandler: @unchecked Sendable {  // immutable after init
    /// The signals, in arrival order.
    let stream: AsyncStream<Int32>
    private let sources: [any DispatchSourceSignal]

    init(signals: [Int32]) {
        let (stream, continuation) = AsyncStream.makeStream(of: Int32.self)
        let queue = DispatchQueue(label: "weatherd.signals")
        sources = signals.map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { continuation.yield(number) }
            source.resume()
            return source
        }
        self.stream = stream
    }

    deinit {
        sources.forEach { $0.cancel() }
    }
}
