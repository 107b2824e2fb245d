import AsyncHTTPClient
import Logging
import NIOCore
import NIOHTTP1
import WeatherCore

/// One bounded `GET`: a whole-request deadline (head and body: a server that drips bytes ends as
/// `timeout`), a body size limit, transport failures classified into ``FetchError``s. Shared by the
/// forecast and geocoding clients. Cancelling the calling task cancels the request.
///
/// AsyncHTTPClient's `ResponseAccumulator` does the collecting: its `maxBodySize` refuses a body by its
/// `Content-Length` or as it arrives, and the delegate form's deadline covers the whole request (the
/// `async` form's deadline ends with the response head, which would need a second task to time the
/// body).
package struct HTTPGetter: Sendable {
    /// The largest response body accepted by default (an Open-Meteo answer is a few KiB).
    package static let bodyLimit = 1 << 20

    /// A complete response, whatever its status.
    package struct Response: Sendable {
        /// The status code.
        package var status: Int
        /// The response headers.
        package var headers: HTTPHeaders
        /// The whole body.
        package var body: ByteBuffer
        /// The host's wall clock when the response arrived.
        package var receivedAt: Timestamp

        /// The API's clock minus the host's, from `Date` (plus `Age`); nil without a `Date`.
        package var apiClockSample: Double? { HTTPDate.clockSample(headers, receivedAt: receivedAt) }
    }

    let httpClient: HTTPClient
    let timeout: Duration
    /// The `User-Agent` of every request.
    package let userAgent: String
    let logger: Logger
    /// The largest body accepted.
    let bodyLimit: Int
    /// The one event loop the requests of this getter, their connection and their delegate run on: with
    /// any loop, the request and the pooled connection landed on two, which woke both threads for every
    /// fetch (measured at 10 ms ticks with every_tick; at the real interval, with a few hundred fetches a
    /// day, it saves next to nothing, and costs nothing either).
    let eventLoop: any EventLoop

    package init(
        httpClient: HTTPClient,
        timeout: Duration,
        userAgent: String,
        logger: Logger,
        bodyLimit: Int = HTTPGetter.bodyLimit
    ) {
        self.bodyLimit = bodyLimit
        self.httpClient = httpClient
        self.timeout = timeout
        self.userAgent = userAgent
        self.logger = logger
        self.eventLoop = httpClient.eventLoopGroup.next()
    }

    /// The request ``get(_:headers:)`` sends for `url`: weatherd's headers (`User-Agent`, `Accept:
    /// application/json` unless `headers` name another) and `headers`. A URL the client cannot use is a
    /// classified failure.
    package func request(_ url: String, headers: [(String, String)] = []) throws(FetchError) -> HTTPClient.Request {
        do {
            var request = try HTTPClient.Request(url: url, method: .GET)
            request.headers.add(name: "User-Agent", value: userAgent)
            if !headers.contains(where: { $0.0 == "Accept" }) {
                request.headers.add(name: "Accept", value: "application/json")
            }
            for (name, value) in headers { request.headers.add(name: name, value: value) }
            return request
        } catch {
            throw FetchErrorClassifier.classify(error, timeout: timeout, bodyLimit: bodyLimit)
        }
    }

    /// GETs `url` with weatherd's headers and `headers` (``request(_:headers:)``): any complete response
    /// (whatever its status), or the classified failure.
    package func get(_ url: String, headers: [(String, String)] = []) async throws(FetchError) -> Response {
        try await get(request(url, headers: headers))
    }

    /// Sends `request`, made by ``request(_:headers:)``: any complete response (whatever its status), or the
    /// classified failure.
    package func get(_ request: HTTPClient.Request) async throws(FetchError) -> Response {
        do {
            // Clamped: a deadline past ~292 years would overflow NIO's nanoseconds.
            let deadline = NIODeadline.now() + .nanoseconds(Int64(min(timeout.seconds, 1e9) * 1e9))
            let task = httpClient.execute(
                request: request,
                delegate: ResponseAccumulator(request: request, maxBodySize: bodyLimit),
                eventLoop: .delegateAndChannel(on: eventLoop),
                deadline: deadline,
                logger: logger
            )
            let response = try await withTaskCancellationHandler {
                try await task.futureResult.get()
            } onCancel: {
                task.cancel()
            }
            return Response(
                status: Int(response.status.code),
                headers: response.headers,
                body: response.body ?? ByteBuffer(),
                receivedAt: HTTPDate.hostNow()
            )
        } catch {
            throw FetchErrorClassifier.classify(error, timeout: timeout, bodyLimit: bodyLimit)
        }
    }
}
