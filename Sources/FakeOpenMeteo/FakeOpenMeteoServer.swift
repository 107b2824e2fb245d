import NIOCore
import NIOHTTP1
import NIOHTTPCompression
import NIOPosix

/// A loopback HTTP/1.1 server that looks like the Open-Meteo API to a client, for tests and benchmarks.
///
/// It records every request, answers each with the ``FakeResponse`` its handler picks (realistic data by
/// default, or faults: hangs, slow bodies, resets, oversized bodies), and supports keep-alive.
/// It owns a one-thread event loop group; call ``shutdown()`` when done.
public final class FakeOpenMeteoServer: Sendable {
    private let state: ServerState
    private let group: MultiThreadedEventLoopGroup
    private let serverChannel: any Channel

    /// The host the server is bound to.
    public let host: String
    /// The TCP port the server listens on (the ephemeral port picked by the system when started with port 0).
    public let port: Int

    private init(
        state: ServerState,
        group: MultiThreadedEventLoopGroup,
        serverChannel: any Channel,
        host: String,
        port: Int
    ) {
        self.state = state
        self.group = group
        self.serverChannel = serverChannel
        self.host = host
        self.port = port
    }

    /// Starts on host (default "127.0.0.1"), port 0 = ephemeral. `handler` decides each response.
    public static func start(
        host: String = "127.0.0.1",
        port: Int = 0,
        handler: @escaping @Sendable (FakeRequest) -> FakeResponse = FakeOpenMeteoServer.realistic
    ) async throws -> FakeOpenMeteoServer {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let state = ServerState(handler: handler)
        let bootstrap = ServerBootstrap(group: group)
            .serverChannelOption(.backlog, value: 256)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(.tcpOption(.tcp_nodelay), value: 1)
            .childChannelInitializer { channel in
                guard state.register(channel) else {
                    return channel.eventLoop.makeFailedFuture(ChannelError.ioOnClosedChannel)
                }
                return channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline(withErrorHandling: true)
                    try channel.pipeline.syncOperations.addHandler(
                        HTTPResponseCompressor(responseCompressionPredicate: Self.compressesNegotiated)
                    )
                    try channel.pipeline.syncOperations.addHandler(FakeHTTPHandler(state: state))
                }
            }
        do {
            let channel = try await bootstrap.bind(host: host, port: port).get()
            guard let boundPort = channel.localAddress?.port else {
                throw ChannelError.unknownLocalAddress
            }
            return FakeOpenMeteoServer(state: state, group: group, serverChannel: channel, host: host, port: boundPort)
        } catch {
            try? await group.shutdownGracefully()
            throw error
        }
    }

    /// Compresses (zlib, as a real server does: MET's 37 KB answer travels as about 3 KB) only a response
    /// whose `Vary` names `Accept-Encoding`, when its request accepts gzip or deflate; every other response
    /// goes out as its handler wrote it.
    private static func compressesNegotiated(
        _ head: inout HTTPResponseHead,
        _ isCompressionSupported: Bool
    ) -> HTTPResponseCompressor.CompressionIntent {
        let varies = head.headers[canonicalForm: "Vary"].contains { $0.lowercased() == "accept-encoding" }
        return varies ? .compressIfPossible : .doNotCompress
    }

    /// The URL to reach the server, e.g. `http://127.0.0.1:54321` (IPv6 hosts in brackets).
    public var baseURL: String {
        host.contains(":") ? "http://[\(host)]:\(port)" : "http://\(host):\(port)"
    }

    /// Every request received so far, in arrival order (a thread-safe snapshot).
    public var requests: [FakeRequest] {
        state.requests
    }

    /// How many requests were received so far.
    public var requestCount: Int {
        state.requestCount
    }

    /// The server's clock minus the host's, in seconds (default 0): its `Date` headers and the data
    /// periods of ``realistic`` follow it, as a real API's would when the host's clock is wrong.
    public var clockOffset: Double {
        get { state.clockOffset }
        set { state.clockOffset = newValue }
    }

    /// Whether responses carry a `Date` header (default true, as Open-Meteo's do).
    public var sendsDate: Bool {
        get { state.sendsDate }
        set { state.sendsDate = newValue }
    }

    /// When the forecast route (`/v1/forecast`) is down, whatever the handler (default none): from the
    /// outage's start its requests get its failure, after its end the handler's answers again.
    public var forecastOutage: ForecastOutage? {
        get { state.forecastOutage }
        set { state.forecastOutage = newValue }
    }

    /// Replaces the handler; requests that arrive from now on get the new behaviour.
    public func setHandler(_ handler: @escaping @Sendable (FakeRequest) -> FakeResponse) {
        state.setHandler(handler)
    }

    /// Stops listening, closes every open connection (including hanging ones) and the event loop group.
    /// Calling it again does nothing.
    public func shutdown() async throws {
        guard let connections = state.beginShutdown() else { return }
        try? await serverChannel.close().get()
        for connection in connections {
            connection.close(promise: nil)
        }
        try await group.shutdownGracefully()
    }
}
