import StateStore
import WeatherConfiguration
import WeatherCore
import WeatherDisplay

extension WeatherLoop {
    /// What happens to a running loop, in the order it happens. Everything the loop needs comes in the
    /// event: what the previous run left and a configuration read again are read by the runner first.
    public enum Event: Sendable, Equatable {
        /// The service starts, with what the previous run left: restore it, write the first state file,
        /// start the timers.
        case start(PreviousRun)
        /// A tick, after `missed` ticks the process could not run (skipped, not replayed: docs/fetching.md).
        case tick(missed: Int)
        /// A watchdog deadline: ping if ticks keep coming.
        case watchdog
        /// SIGHUP: the configuration read again, or why it was refused.
        case reload(Result<Configuration, ConfigError>)
        /// SIGUSR1: every location is due at once.
        case refresh
        /// A fetch ended.
        case fetched(FetchOrder, FetchOutcome)
        /// An air quality request ended, after `elapsed`.
        case airFetched(AirOrder, Result<AirQualityAnswer, FetchError>, elapsed: Duration)
        /// An alert poll ended.
        case polled(AlertPollOrder, AlertPollOutcome)
        /// A durable write of `file` ended (nil: written).
        case written(DurableFile, FileSystemError?)
        /// Graceful shutdown: stop ticking, cancel the requests, write the final state.
        case shutdown
    }
}
