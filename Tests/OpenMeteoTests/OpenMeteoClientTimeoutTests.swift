import AsyncHTTPClient
import FakeOpenMeteo
import Foundation
import OpenMeteo
import Testing
import WeatherCore

/// Deadlines and connections that fail through `OpenMeteoClient`: `timeout` and `network` errors.
@Suite("OpenMeteoClient: timeouts and network errors")
struct OpenMeteoClientTimeoutTests {
    /// An answer that does not come in time.
    enum SlowAnswer: String, CaseIterable, CustomTestStringConvertible {
        /// No answer at all.
        case hang
        /// The body byte by byte, every 50 ms: the deadline covers the whole body.
        case drip

        var testDescription: String { rawValue }

        func response() throws -> FakeResponse {
            switch self {
            case .hang: .hang
            case .drip: .drip(body: try fixtureText("current-berlin.json"), bytesPerChunk: 1, intervalMilliseconds: 50)
            }
        }
    }

    @Test("an answer that takes longer than the timeout is a timeout", arguments: SlowAnswer.allCases)
    func slowAnswerTimesOut(_ slow: SlowAnswer) async throws {
        try await withClient(responding: try slow.response(), timeout: .milliseconds(500)) { _, client in
            let clock = ContinuousClock()
            let start = clock.now
            let error = try #require(await fetch(client).failure)
            let elapsed = clock.now - start
            #expect(error.kind == .timeout)
            #expect(error.message == "timed out after 500 ms")
            #expect(elapsed >= .milliseconds(450))
            #expect(elapsed < .seconds(5))
        }
    }

    @Test func aSlowButTimelyBodyIsFine() async throws {
        let body = try fixtureText("current-berlin.json")
        try await withClient(
            responding: .drip(body: body, bytesPerChunk: 100, intervalMilliseconds: 20),
            timeout: .seconds(5)
        ) { _, client in
            let weather = try await fetch(client).get()
            #expect(weather.temperature == 2.0)
        }
    }

    /// The configuration accepts any positive timeout. One too long for a deadline in nanoseconds (here about
    /// 317 years) must still work (clamped to "no deadline"), not trap.
    @Test func aTimeoutTooLongForNanosecondsDoesNotCrash() async {
        await #expect(processExitsWith: .success) {
            try await withClient(FakeOpenMeteoServer.realistic, timeout: .seconds(10_000_000_000)) { _, client in
                _ = try await client.forecast(at: .berlinForTests, units: Units(), blocks: .none)
            }
        }
    }

    // MARK: - Network errors

    /// A connection that ends without a whole answer.
    enum DroppedConnection: String, CaseIterable, CustomTestStringConvertible {
        case resetMidBody, closedWithoutAnswer

        var testDescription: String { rawValue }

        func response() throws -> FakeResponse {
            switch self {
            case .resetMidBody: .resetAfter(partialBody: String(try fixtureText("current-berlin.json").prefix(100)))
            case .closedWithoutAnswer: .closeImmediately
            }
        }
    }

    @Test("a connection dropped before the whole answer is network", arguments: DroppedConnection.allCases)
    func droppedConnectionIsNetwork(_ dropped: DroppedConnection) async throws {
        try await withClient(responding: try dropped.response()) { _, client in
            let error = try #require(await fetch(client).failure)
            #expect(error.kind == .network, "got \(error.kind): \(error.message)")
            #expect(error.httpStatus == nil)
        }
    }

    // A refused connection or an unknown host is retried by the connection pool until the deadline, then
    // reported as `network` (docs/fetching.md "Timeout and size"): a short deadline, so the test does not wait
    // for a long one.

    @Test func connectionRefusedIsNetwork() async throws {
        // A port that is bound but not listening: refused, and no other test's server can take it.
        let reserved = try BoundPort()
        defer { reserved.close() }
        let baseURL = "http://127.0.0.1:\(reserved.port)"
        let httpClient = HTTPClient(eventLoopGroupProvider: .singleton)
        let client = makeClient(httpClient, baseURL: baseURL, timeout: .milliseconds(500))
        let result = await fetch(client)
        try await httpClient.shutdown()
        let error = try #require(result.failure)
        #expect(error.kind == .network)
        #expect(error.message.contains("refused"), "message: \(error.message)")
    }

    @Test func unresolvableHostIsNetwork() async throws {
        let httpClient = HTTPClient(eventLoopGroupProvider: .singleton)
        let client = makeClient(httpClient, baseURL: "http://weatherd-test.invalid", timeout: .seconds(1))
        let result = await fetch(client, limit: .seconds(15))
        try await httpClient.shutdown()
        let error = try #require(result.failure)
        #expect(error.kind == .network, "got \(error.kind): \(error.message)")
    }
}
