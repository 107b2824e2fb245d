import Logging
import Systemd
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Runs `body` with file descriptor 2 redirected into a pipe and returns what was written to it.
/// File descriptors are process-global: callers live in a `.serialized` suite.
func capturingStandardError(_ body: () -> Void) -> String {
    var fds: [Int32] = [-1, -1]
    guard pipe(&fds) == 0 else { return "" }
    let saved = dup(2)
    dup2(fds[1], 2)
    close(fds[1])
    body()
    dup2(saved, 2)
    close(saved)
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
        private func logger(priorityPrefix: Bool) -> Logger {
            var logger = Logger(label: "weatherd-test") { _ in StderrLogHandler(priorityPrefix: priorityPrefix) }
            logger.logLevel = .trace
            return logger
        }

        @Test func priorityPrefixAndEscaping() {
            let logger = logger(priorityPrefix: true)
            let output = capturingStandardError {
                logger.info(
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
            let logger = logger(priorityPrefix: true)
            let output = capturingStandardError { logger.log(level: level, "message") }
            #expect(output == "\(prefix)message\n")
        }

        @Test func levelNamesWithoutPriorityPrefix() {
            let logger = logger(priorityPrefix: false)
            let output = capturingStandardError {
                logger.warning("Berlin: fetch failed: timed out after 5 s", metadata: ["weather.error_kind": "timeout"])
                logger.info("two\nlines")
            }
            #expect(
                output
                    == "WARNING: Berlin: fetch failed: timed out after 5 s weather.error_kind=timeout\nINFO: two\\nlines\n"
            )
        }

        @Test func handlerMetadataIsMerged() {
            var logger = logger(priorityPrefix: true)
            logger[metadataKey: "weather.daemon"] = "weatherd"
            logger[metadataKey: "weather.location"] = "handler"
            let output = capturingStandardError {
                logger.notice("started", metadata: ["weather.location": "event"])
            }
            #expect(output == "<5>started weather.daemon=weatherd weather.location=event\n")
        }

        @Test func levelFilter() {
            var logger = Logger(label: "weatherd-test") { _ in StderrLogHandler(priorityPrefix: true) }
            logger.logLevel = .warning
            let output = capturingStandardError {
                logger.info("hidden")
                logger.error("shown")
            }
            #expect(output == "<3>shown\n")
        }
    }
}
