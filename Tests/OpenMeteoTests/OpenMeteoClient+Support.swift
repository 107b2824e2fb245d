import AsyncHTTPClient
import FakeOpenMeteo
import Foundation
import Logging
import OpenMeteo
import Testing
import WeatherCore
import WeatherHTTP

// What the `OpenMeteoClient` suites share: a loopback look-alike and a real `HTTPClient` to it, one fetch
// bounded in time, and a port that refuses connections.

extension Result {
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}

extension Location {
    static let berlinForTests = Location(name: "Berlin", latitude: 52.52, longitude: 13.41)
}

/// A TCP port bound on 127.0.0.1 without `listen`: a connection to it is refused.
struct BoundPort {
    let descriptor: Int32
    let port: Int

    init() throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                bind(descriptor, socketAddress, length) == 0 && getsockname(descriptor, socketAddress, &length) == 0
            }
        }
        guard bound else {
            let code = errno
            Glibc.close(descriptor)
            throw POSIXError(.init(rawValue: code) ?? .EIO)
        }
        self.descriptor = descriptor
        self.port = Int(UInt16(bigEndian: address.sin_port))
    }

    func close() { _ = Glibc.close(descriptor) }
}

/// A test-side failure that is not a `FetchError`: the fetch did not come back in time.
struct FetchDidNotReturn: Error, CustomStringConvertible {
    var limit: Duration
    var description: String { "the fetch did not return within \(limit)" }
}

func makeClient(
    _ httpClient: HTTPClient,
    baseURL: String,
    apiKey: String? = nil,
    timeout: Duration
) -> OpenMeteoClient {
    OpenMeteoClient(
        http: testGetter(httpClient, timeout: timeout, label: "OpenMeteoClientTests"),
        endpoint: ForecastEndpoint(baseURL: baseURL, apiKey: apiKey)
    )
}

/// What a test's client sends its requests with: `httpClient`, `timeout`, a weatherd `User-Agent` and a
/// logger labelled `label`.
func testGetter(_ httpClient: HTTPClient, timeout: Duration, label: String) -> HTTPGetter {
    HTTPGetter(httpClient: httpClient, timeout: timeout, userAgent: "weatherd/1.2.3", logger: Logger(label: label))
}

/// Starts a server that gives every request `response`, and a client to it; see the other `withClient`.
func withClient<T>(
    responding response: FakeResponse,
    apiKey: String? = nil,
    timeout: Duration = .seconds(5),
    _ body: (FakeOpenMeteoServer, OpenMeteoClient) async throws -> T
) async throws -> T {
    try await withClient({ _ in response }, apiKey: apiKey, timeout: timeout, body)
}

/// Starts a server with `handler` and a client to it, runs `body`, then shuts both down whatever happens.
func withClient<T>(
    _ handler: @escaping @Sendable (FakeRequest) -> FakeResponse,
    apiKey: String? = nil,
    timeout: Duration = .seconds(5),
    _ body: (FakeOpenMeteoServer, OpenMeteoClient) async throws -> T
) async throws -> T {
    try await withServer(
        handler,
        client: { makeClient($0, baseURL: $1, apiKey: apiKey, timeout: timeout) },
        body
    )
}

/// Starts a server with `handler` and the client `makeClient` makes with a real `HTTPClient` to its base URL,
/// runs `body`, then shuts both down whatever happens.
func withServer<Client, T>(
    _ handler: @escaping @Sendable (FakeRequest) -> FakeResponse,
    client makeClient: (HTTPClient, String) -> Client,
    _ body: (FakeOpenMeteoServer, Client) async throws -> T
) async throws -> T {
    let server = try await FakeOpenMeteoServer.start(handler: handler)
    let httpClient = HTTPClient(eventLoopGroupProvider: .singleton)
    let client = makeClient(httpClient, server.baseURL)
    let result: Result<T, any Error>
    do {
        result = .success(try await body(server, client))
    } catch {
        result = .failure(error)
    }
    try await httpClient.shutdown()
    try await server.shutdown()
    return try result.get()
}

/// One fetch of Berlin, bounded by `limit` so that a broken deadline fails the test instead of hanging it.
func fetch(
    _ client: OpenMeteoClient,
    at location: Location = .berlinForTests,
    units: Units = Units(),
    limit: Duration = .seconds(10)
) async -> Result<Weather, FetchError> {
    let outcome = await withTaskGroup(of: Result<Weather, FetchError>?.self) { group in
        group.addTask {
            do throws(FetchError) {
                return .success(try await client.forecast(at: location, units: units, blocks: .none).weather)
            } catch {
                return .failure(error)
            }
        }
        group.addTask {
            try? await Task.sleep(for: limit)
            return nil
        }
        let first = await group.next() ?? nil
        group.cancelAll()
        return first
    }
    guard let outcome else {
        Issue.record(FetchDidNotReturn(limit: limit))
        return .failure(FetchError(kind: .network, message: "test: the fetch did not return within \(limit)"))
    }
    return outcome
}
