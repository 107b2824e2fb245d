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

    /// GETs `url`; any complete response (whatever its status), or the classified failure.
    func get(_ url: String) async throws(FetchError) -> BoundedBodyCollector.Response {
        do {
            var request = try HTTPClient.Request(url: url, method: .GET)
            request.headers.add(name: "User-Agent", value: userAgent)
            request.headers.add(name: "Accept", value: "application/json")
            // Clamped: a deadline past ~292 years would overflow NIO's nanoseconds.
            let deadline = NIODeadline.now() + .nanoseconds(Int64(min(timeout.seconds, 1e9) * 1e9))
            let task = httpClient.execute(
                request: request,
                delegate: BoundedBodyCollector(limit: Self.bodyLimit),
                deadline: deadline,
                logger: logger
            )
            return try await withTaskCancellationHandler {
                try await task.futureResult.get()
            } onCancel: {
                task.cancel()
            }
        } catch {
            throw FetchErrorClassifier.classify(error, timeout: timeout, bodyLimit: Self.bodyLimit)
        }
    }
}
