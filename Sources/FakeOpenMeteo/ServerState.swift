import NIOCore
import Synchronization

/// Everything a running ``FakeOpenMeteoServer`` shares between its event loop and its callers.
///
/// All mutable state sits behind one `Mutex`; no lock is held while user code (the handler) runs.
final class ServerState: Sendable {
    private struct Storage {
        var handler: @Sendable (FakeRequest) -> FakeResponse
        var requests: [FakeRequest] = []
        var connections: [ObjectIdentifier: any Channel] = [:]
        var isShutDown = false
        var clockOffset: Double = 0
        var sendsDate = true
        var forecastOutage: ForecastOutage?
    }

    private let storage: Mutex<Storage>

    init(handler: @escaping @Sendable (FakeRequest) -> FakeResponse) {
        self.storage = Mutex(Storage(handler: handler))
    }

    /// A snapshot of every request recorded so far, in arrival order.
    var requests: [FakeRequest] {
        storage.withLock { $0.requests }
    }

    /// How many requests were recorded so far.
    var requestCount: Int {
        storage.withLock { $0.requests.count }
    }

    /// The server's clock minus the host's, in seconds: its `Date` headers and data periods follow it.
    var clockOffset: Double {
        get { storage.withLock { $0.clockOffset } }
        set { storage.withLock { $0.clockOffset = newValue } }
    }

    /// Whether responses carry a `Date` header (as Open-Meteo's do).
    var sendsDate: Bool {
        get { storage.withLock { $0.sendsDate } }
        set { storage.withLock { $0.sendsDate = newValue } }
    }

    /// When the forecast route is down, whatever the handler.
    var forecastOutage: ForecastOutage? {
        get { storage.withLock { $0.forecastOutage } }
        set { storage.withLock { $0.forecastOutage = newValue } }
    }

    /// The server's clock now, or nil when it sends no `Date`.
    var dateHeader: String? {
        let (offset, sends) = storage.withLock { ($0.clockOffset, $0.sendsDate) }
        return sends ? HTTPDateText.imfFixdate(HTTPDateText.hostNow() + offset) : nil
    }

    /// Replaces the handler used for requests that arrive from now on.
    func setHandler(_ handler: @escaping @Sendable (FakeRequest) -> FakeResponse) {
        storage.withLock { $0.handler = handler }
    }

    /// Numbers and records one request, and returns it with the handler that must answer it: the server's,
    /// or the forecast outage's while it covers the request.
    func record(
        method: String,
        uri: String,
        headers: [(String, String)]
    ) -> (FakeRequest, @Sendable (FakeRequest) -> FakeResponse) {
        storage.withLock { storage in
            let request = FakeRequest(
                method: method,
                uri: uri,
                headers: headers,
                sequence: storage.requests.count,
                time: HTTPDateText.hostNow() + storage.clockOffset
            )
            storage.requests.append(request)
            if let outage = storage.forecastOutage, outage.covers(request) {
                let response = outage.response
                return (request, { _ in response })
            }
            return (request, storage.handler)
        }
    }

    /// Tracks an accepted connection until it closes; returns false once the server is shutting down.
    func register(_ channel: any Channel) -> Bool {
        let accepted = storage.withLock { storage in
            guard !storage.isShutDown else { return false }
            storage.connections[ObjectIdentifier(channel)] = channel
            return true
        }
        if accepted {
            channel.closeFuture.whenComplete { [self] _ in
                storage.withLock { _ = $0.connections.removeValue(forKey: ObjectIdentifier(channel)) }
            }
        }
        return accepted
    }

    /// Marks the server as shutting down and returns the open connections, or nil if it already was.
    func beginShutdown() -> [any Channel]? {
        storage.withLock { storage in
            guard !storage.isShutDown else { return nil }
            storage.isShutDown = true
            return Array(storage.connections.values)
        }
    }
}
