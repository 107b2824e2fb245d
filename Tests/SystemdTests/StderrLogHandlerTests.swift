import Logging
import Systemd
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Runs `body` with the write end of a fresh pipe and returns what was written to it. (Not fd 2 itself:
/// the test runner and parallel tests write there too.)
func capturing(_ body: (Int32) -> Void) -> String {
    var fds: [Int32] = [-1, -1]
    guard pipe(&fds) == 0 else { return "" }
    body(fds[1])
    close(fds[1])
    var output: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
        let count = buffer.withUnsafeMutableBytes { read(fds[0], $0.baseAddress, $0.count) }
        if count < 0 && errno == EINTR { continue }
        if count <= 0 { break }
        output.append(contentsOf: buffer[0..<count])
    }
    close(fds[0])
    return String(decoding: output, as: UTF8.self)
}

extension ProcessGlobalStateTests {
    @Suite("StderrLogHandler")
    struct StderrLogHandlerTests {
        private func logger(priorityPrefix: Bool, fileDescriptor: Int32) -> Logger {
            var logger = Logger(label: "weatherd-test") { _ in
                StderrLogHandler(priorityPrefix: priorityPrefix, fileDescriptor: fileDescriptor)
            }
            logger.logLevel = .trace
            return logger
        }

        @Test func priorityPrefixAndEscaping() {
            let output = capturing { fd in
                logger(priorityPrefix: true, fileDescriptor: fd).info(
                    "Berlin: 2.0 °C\nFORGED=1",
                    metadata: [
                        "message_id": "1e8127529db14a988ec40952865c732b",
                        "weather.location": "berlin",
                        "weather.location_name": "New York",
                        "weather.hostile": "a\u{1}b\nc\r\td",
                        "weather.quoted": "say \"hi\"",
                        "weather.equals": "x=y",
                        "weather.empty": "",
                    ]
                )
            }
            #expect(
                output
                    == "<6>Berlin: 2.0 °C\\nFORGED=1"
                    + " weather.empty=\"\" weather.equals=\"x=y\" weather.hostile=a\\x01b\\nc\\r\\td"
                    + " weather.location=berlin weather.location_name=\"New York\""
                    + " weather.quoted=\"say \\\"hi\\\"\"\n"
            )
        }

        @Test(
            arguments: [
                (Logger.Level.trace, "<7>"),
                (.debug, "<7>"),
                (.info, "<6>"),
                (.notice, "<5>"),
                (.warning, "<4>"),
                (.error, "<3>"),
                (.critical, "<2>"),
            ]
        )
        func priorityPrefixes(level: Logger.Level, prefix: String) {
            let output = capturing { fd in logger(priorityPrefix: true, fileDescriptor: fd).log(level: level, "message")
            }
            #expect(output == "\(prefix)message\n")
        }

        @Test func levelNamesWithoutPriorityPrefix() {
            let output = capturing { fd in
                let logger = logger(priorityPrefix: false, fileDescriptor: fd)
                logger.warning("Berlin: fetch failed: timed out after 5 s", metadata: ["weather.error_kind": "timeout"])
                logger.info("two\nlines")
            }
            #expect(
                output
                    == "WARNING: Berlin: fetch failed: timed out after 5 s weather.error_kind=timeout\nINFO: two\\nlines\n"
            )
        }

        @Test func handlerMetadataIsMerged() {
            let output = capturing { fd in
                var logger = logger(priorityPrefix: true, fileDescriptor: fd)
                logger[metadataKey: "weather.daemon"] = "weatherd"
                logger[metadataKey: "weather.location"] = "handler"
                logger.notice("started", metadata: ["weather.location": "event"])
            }
            #expect(output == "<5>started weather.daemon=weatherd weather.location=event\n")
        }

        @Test func providerMetadataSitsBetweenTheHandlerAndTheEntry() {
            let output = capturing { fd in
                var handler = StderrLogHandler(priorityPrefix: false, fileDescriptor: fd)
                handler.metadata = [
                    "weather.daemon": "weatherd", "weather.location": "handler", "weather.run": "handler",
                ]
                handler.metadataProvider = Logger.MetadataProvider {
                    ["weather.location": "provider", "weather.run": "provider"]
                }
                Logger(label: "weatherd-test") { _ in handler }.info("tick", metadata: ["weather.location": "event"])
            }
            #expect(output == "INFO: tick weather.daemon=weatherd weather.location=event weather.run=provider\n")
        }

        @Test func levelFilter() {
            let output = capturing { fd in
                var logger = Logger(label: "weatherd-test") { _ in
                    StderrLogHandler(priorityPrefix: true, fileDescriptor: fd)
                }
                logger.logLevel = .warning
                logger.info("hidden")
                logger.error("shown")
            }
            #expect(output == "<3>shown\n")
        }
    }
}
