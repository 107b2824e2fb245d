/// Why a location shown without weather is not being fetched (journal `WEATHER_WAITING`).
public enum Waiting: String, Sendable, Hashable {
    /// Due, but another fetch is running: it is fetched as soon as that one ends.
    case queued
    /// A quota window is full until it resets.
    case quota
    /// Requests are paused after a 429 or 503.
    case backoff
    /// Its last fetch failed; it is tried again after the retry delay.
    case retry
    /// Its name is being resolved to coordinates.
    case geocoding
}
