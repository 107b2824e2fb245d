import Testing
import WeatherTestSupport

/// Tests that change process-global state (environment variables, file descriptor 2) run one at a time.
@Suite(.serialized)
struct ProcessGlobalStateTests {}
