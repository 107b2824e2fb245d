import FakeOpenMeteo

/// Starts a look-alike answering with `handler`, runs `body` with it, and awaits its shutdown afterwards,
/// whether `body` returned or threw: no test leaves a server (and its event loop thread) behind.
func withFakeServer<Value>(
    handler: @escaping @Sendable (FakeRequest) -> FakeResponse = FakeOpenMeteoServer.realistic,
    isolation: isolated (any Actor)? = #isolation,
    _ body: (FakeOpenMeteoServer) async throws -> Value
) async throws -> Value {
    let server = try await FakeOpenMeteoServer.start(handler: handler)
    let value: Value
    do {
        value = try await body(server)
    } catch {
        try? await server.shutdown()
        throw error
    }
    try await server.shutdown()
    return value
}

/// ``withFakeServer(handler:isolation:_:)`` with a fresh temporary directory beside the look-alike, removed
/// when `body` returns or throws.
func withFakeServerAndDirectory<Value>(
    handler: @escaping @Sendable (FakeRequest) -> FakeResponse = FakeOpenMeteoServer.realistic,
    isolation: isolated (any Actor)? = #isolation,
    _ body: (FakeOpenMeteoServer, TemporaryDirectory) async throws -> Value
) async throws -> Value {
    try await withFakeServer(handler: handler) { server in
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        return try await body(server, directory)
    }
}
