import AsyncHTTPClient
import Logging
import NIOCore
import NIOHTTP1
import WeatherCore

/// One bounded `GET`: a whole-request deadline (head and body: a server that drips bytes ends as
/// `timeout`), a body size limit, transport failures classified into ``FetchError``s. Shared by the
/// forecast and geocoding clients. Cancelling the calling task cancels the request.
struct HTTPGetter: Sendable {
    /// The largest response body accepted.
    static let bodyLimit = 1 << 20

    /// A complete response, whatever its status.
    struct Response: Sendable {
        /// The status code.
        var status: Int
        /// The response headers.
        var headers: HTTPHeaders
        /// The whole body.
        var body: ByteBuffer
    }

    let httpClient: HTTPClient
    let timeout: Duration
    let userAgent: String
    let logger: Logger

    /// GETs `url`: any complete response (whatever its status), or the classified failure.
    func get(_ url: String) async throws(FetchError) -> Response {
        var request = HTTPClientRequest(url: url)
        request.headers.add(name: "User-Agent", value: userAgent)
        request.headers.add(name: "Accept", value: "application/json")
        // Clamped: a deadline past ~292 years would overflow NIO's nanoseconds.
        let deadline = NIODeadline.now() + .nanoseconds(Int64(min(timeout.seconds, 1e9) * 1e9))
        do {
            return try await withDeadline(deadline) { [httpClient, logger, request] in
                let response = try await httpClient.execute(request, deadline: deadline, logger: logger)
                let body = try await response.body.collect(upTo: Self.bodyLimit)
                return Response(status: Int(response.status.code), headers: response.headers, body: body)
            }
        } catch {
            throw FetchErrorClassifier.classify(error, timeout: timeout, bodyLimit: Self.bodyLimit)
        }
    }

    /// Runs `operation`, cancelled when `deadline` passes first (then ``DeadlineExceeded`` is thrown).
    /// AsyncHTTPClient's own deadline ends when the response head arrives; this one covers the body. It
    /// fires a little after the client's, so that a request that never got a response ends with the
    /// client's own error, which says why (connection refused, cannot resolve).
    private func withDeadline<Value: Sendable>(
        _ deadline: NIODeadline,
        _ operation: @escaping @Sendable () async throws -> Value
    ) async throws -> Value {
        try await withThrowingTaskGroup(of: Value?.self) { group in
            group.addTask { try await operation() }
            group.addTask {
                let remaining = deadline + Self.bodyDeadlineMargin - NIODeadline.now()
                try await Task.sleep(for: .nanoseconds(max(0, remaining.nanoseconds)))
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let value = first else { throw DeadlineExceeded() }
            return value
        }
    }

    /// How much later than the client's deadline the whole-request deadline fires.
    static let bodyDeadlineMargin = TimeAmount.milliseconds(50)

    /// The whole-request deadline passed.
    struct DeadlineExceeded: Error {}
}
