import FakeOpenMeteo
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Network faults through `weatherd once --format json` with `timeout: 1s`: each is classified as docs/fetching.md
/// says and the run ends within the timeout plus about a second. One case at a time, so that the measured
/// time is the fault's and not the start-up of six debug binaries on a busy machine.
@Suite("Faults: network", .serialized)
struct FaultNetworkTests {
    enum NetworkFault: String, CaseIterable, CustomTestStringConvertible {
        case hang, drip, reset, closed, refused, unresolvable, tls

        var testDescription: String { rawValue }

        /// The `last_error.kind` docs/fetching.md asks for.
        var kind: String {
            switch self {
            case .hang, .drip: "timeout"
            case .reset, .closed, .refused, .unresolvable, .tls: "network"
            }
        }
    }

    @Test("once classifies the fault and ends within timeout + 1 s", arguments: NetworkFault.allCases)
    func fault(_ fault: NetworkFault) async throws {
        var server: FakeOpenMeteoServer?
        let arrivals = ArrivalTimes()
        var reservedSocket: Int32 = -1
        defer { if reservedSocket >= 0 { close(reservedSocket) } }
        let url: String
        switch fault {
        case .hang:
            server = try await FakeOpenMeteoServer.start { _ in
                arrivals.record()
                return .hang
            }
            url = server!.baseURL
        case .drip:
            server = try await FakeOpenMeteoServer.start { request in
                arrivals.record()
                return .drip(body: Fault.goodBody(for: request), bytesPerChunk: 1, intervalMilliseconds: 100)
            }
            url = server!.baseURL
        case .reset:
            server = try await FakeOpenMeteoServer.start { _ in .resetAfter(partialBody: #"{"latitude":10.5,"#) }
            url = server!.baseURL
        case .closed:
            server = try await FakeOpenMeteoServer.start { _ in .closeImmediately }
            url = server!.baseURL
        case .refused:
            let (fd, port) = try Fault.refusingPort()
            reservedSocket = fd
            url = "http://127.0.0.1:\(port)"
        case .unresolvable:
            url = "http://weatherd.invalid"
        case .tls:
            server = try await FakeOpenMeteoServer.start()
            url = "https://127.0.0.1:\(server!.port)"
        }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let config = try directory.write("config.yaml", Fault.config(Fault.onePlace, timeout: "1s"))

        let started = Fault.now
        let result = try await Subprocess.run(
            ["once", "--config", config, "--format", "json", "--api-url", url],
            timeout: 10
        )
        let ended = Fault.now
        try await server?.shutdown()

        // The whole run (a debug binary's start-up included), and the part after the request arrived.
        let elapsed = ended - started
        let afterRequest = arrivals.all.first.map { ended - $0 }
        print(
            "FaultNetworkTests: \(fault): once ended after \(String(format: "%.2f", elapsed)) s"
                + (afterRequest.map { String(format: ", %.2f s after the request arrived", $0) } ?? "")
        )
        #expect(result.status == 1, "stderr: \(result.stderr)")
        // Generous bounds: the point is that the 1 s deadline ends the run (a hang never would), while
        // the whole suite runs in parallel on two cores and a debug binary's start-up has taken 1.5 s.
        #expect(elapsed < 5, "\(fault): once took \(elapsed) s with timeout 1s")
        if let afterRequest {
            #expect(afterRequest < 3, "\(fault): the 1 s timeout ended the run \(afterRequest) s after the request")
        }
        let state = try #require(try jsonObject(result.stdout) as? [String: Any], "stdout: \(result.stdout)")
        let location = try #require((state["locations"] as? [[String: Any]])?.first)
        let error = try #require(location["last_error"] as? [String: Any], "\(location)")
        #expect(error["kind"] as? String == fault.kind, "\(fault): \(error)")
        #expect(location["status"] as? String == "error")
        #expect(location["weather"] is NSNull)
        #expect(!result.stderr.contains("Fatal error"))
    }
}
