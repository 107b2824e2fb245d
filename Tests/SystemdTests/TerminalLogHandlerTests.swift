import Logging
import Systemd
import Testing

@Suite("TerminalLogHandler")
struct TerminalLogHandlerTests {
    private func logger(colors: Bool, level: Logger.Level, fileDescriptor: Int32) -> Logger {
        var logger = Logger(label: "weatherd-test") { _ in
            TerminalLogHandler(colors: colors, fileDescriptor: fileDescriptor)
        }
        logger.logLevel = level
        return logger
    }

    private let tick: Logger.Metadata = [
        "message_id": "1e8127529db14a988ec40952865c732b",
        "weather.location": "berlin",
        "weather.location_name": "Berlin",
        "weather.temperature": "2",
        "weather.source": "network",
        "weather.fetch_ms": "12",
    ]

    /// Splits `HH:MM:SS  rest` and checks the time's shape.
    private func timeAndRest(_ line: Substring) -> (time: Bool, rest: Substring) {
        let digits = line.prefix(8).enumerated().allSatisfy { index, character in
            index == 2 || index == 5 ? character == ":" : character.isASCII && character.isNumber
        }
        return (digits && line.dropFirst(8).hasPrefix("  "), line.dropFirst(10))
    }

    @Test func oneReadableLinePerTickWithoutFields() {
        let output = capturing { fd in
            logger(colors: true, level: .info, fileDescriptor: fd).info("Berlin: 2.0 °C, Slight rain", metadata: tick)
        }
        let lines = output.split(separator: "\n")
        #expect(lines.count == 1)
        let (time, rest) = timeAndRest(lines[0])
        #expect(time, "\(output)")
        #expect(rest == "Berlin: 2.0 °C, Slight rain · network 12 ms")
    }

    @Test func warningsAreHighlightedUnlessColoursAreOff() {
        let coloured = capturing { fd in
            logger(colors: true, level: .info, fileDescriptor: fd).warning("Berlin: fetch failed: timed out")
        }
        #expect(coloured.contains("\u{1B}[33mwarning: Berlin: fetch failed: timed out\u{1B}[0m"))
        let plain = capturing { fd in
            logger(colors: false, level: .info, fileDescriptor: fd).error("state file not writable")
        }
        #expect(!plain.contains("\u{1B}"))
        #expect(timeAndRest(plain.dropLast()).rest == "error: state file not writable")
    }

    @Test func fieldsAtDebugLevel() {
        let output = capturing { fd in
            logger(colors: false, level: .debug, fileDescriptor: fd).info("Berlin: 2.0 °C", metadata: tick)
        }
        #expect(output.contains(" weather.location=berlin"))
        #expect(output.contains(" weather.temperature=2"))
        #expect(!output.contains("message_id"))
    }

    @Test func fieldsAtDebugLevelLayerHandlerProviderAndEntry() {
        let output = capturing { fd in
            var handler = TerminalLogHandler(colors: false, fileDescriptor: fd)
            handler.logLevel = .debug
            handler.metadata = ["weather.daemon": "weatherd", "weather.location": "handler", "weather.run": "handler"]
            handler.metadataProvider = Logger.MetadataProvider {
                ["weather.location": "provider", "weather.run": "provider"]
            }
            Logger(label: "weatherd-test") { _ in handler }.info("tick", metadata: ["weather.location": "event"])
        }
        #expect(
            timeAndRest(output.dropLast()).rest
                == "tick weather.daemon=weatherd weather.location=event weather.run=provider"
        )
    }

    @Test func noColourWhenNoColorIsSetOrTermIsDumb() {
        #expect(!TerminalLogHandler.colorsWanted(noColor: "1", term: "xterm-256color"))
        #expect(TerminalLogHandler.colorsWanted(noColor: "", term: "xterm-256color"))
        #expect(TerminalLogHandler.colorsWanted(noColor: nil, term: nil))
        #expect(!TerminalLogHandler.colorsWanted(noColor: nil, term: "dumb"))
    }
}
