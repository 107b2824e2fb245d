import AsyncHTTPClient
import Logging
import NIOCore
import NIOHTTP1
import WeatherCore

/// One bounded `GET`: a whole-request deadline, a body size limit, transport failures classified into
/// ``FetchError``s. Shared by the forecast and geocoding clients.
struct HTTPGetter: Sendable {
    /// The largest response body accepted.
    static let bodyLimit = 1 << 20

    let httpClient: HTTPClient
    let timeout: Duration
    let userAgent: String
    let logger: Logger
    /// The one event loop every request of this getter, its connection and its response handling run
    /// on: a response is then read, decoded and handed on without hopping between NIO threads.
    let eventLoop: any EventLoop

    init(httpClient: HTTPClient, timeout: Duration, userAgent: String, logger: Logger) {
        self.httpClient = httpClient
        self.timeout = timeout
        self.userAgent = userAgent
        self.logger = logger
        self.eventLoop = httpClient.eventLoopGroup.next()
    }

    /// The `GET` request for `url`, with weatherd's headers (the forecast client keeps one per
    /// location and reuses it).
    func request(_ url: String) throws(FetchError) -> HTTPClient.Request {
        do {
            var request = try HTTPClient.Request(url: url, method: .GET)
            request.headers.add(name: "User-Agent", value: userAgent)
            request.headers.add(name: "Accept", value: "application/json")
            return request
        } catch {
            throw classify(error)
        }
    }

    /// Starts `request`; `completion` gets any complete response (whatever its status) or the
    /// classified failure, once, on ``eventLoop``. `handle` cancels the request.
    func start(
        _ request: HTTPClient.Request,
        handle: FetchHandle,
        completion: @escaping @Sendable (Result<BoundedBodyCollector.Response, FetchError>) -> Void
    ) {
        // Clamped: a deadline past ~292 years would overflow NIO's nanoseconds.
        let deadline = NIODeadline.now() + .nanoseconds(Int64(min(timeout.seconds, 1e9) * 1e9))
        let getter = self
        // One hop onto the loop, then everything AsyncHTTPClient schedules for the request happens on
        // that thread: called from elsewhere, each of its internal steps would wake the loop again.
        eventLoop.execute {
            let task = getter.httpClient.execute(
                request: request,
                delegate: BoundedBodyCollector(limit: Self.bodyLimit),
                eventLoop: .delegateAndChannel(on: getter.eventLoop),
                deadline: deadline,
                logger: getter.logger
            )
            handle.onCancel { task.cancel() }
            task.futureResult.whenComplete { result in
                completion(result.mapError { getter.classify($0) })
            }
        }
    }

    /// GETs `url`; any complete response (whatever its status), or the classified failure.
    func get(_ url: String) async throws(FetchError) -> BoundedBodyCollector.Response {
        let request = try request(url)
        return try await FetchHandle.awaiting { handle, completion in
            start(request, handle: handle, completion: completion)
        }
    }

    private func classify(_ error: any Error) -> FetchError {
        FetchErrorClassifier.classify(error, timeout: timeout, bodyLimit: Self.bodyLimit)
    }
}
