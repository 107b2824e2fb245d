/// A location's outlook for its current local day, from the API's `daily` block (SPEC §6 `today`).
/// Values the API sent as null (polar night: no sunrise) are nil, never faked.
public struct Today: Sendable, Hashable {
    /// The local date the values are for.
    public var date: LocalDate
    /// The day's highest temperature, in the configured unit.
    public var temperatureMax: Double?
    /// The day's lowest temperature, in the configured unit.
    public var temperatureMin: Double?
    /// The day's highest precipitation probability, percent.
    public var precipitationProbabilityMax: Double?
    /// Sunrise (UTC); nil when the sun does not rise that day.
    public var sunrise: Timestamp?
    /// Sunset (UTC); nil when the sun does not set that day.
    public var sunset: Timestamp?
    /// The day's WMO weather code.
    public var code: WMOCode?
    /// When these values were fetched.
    public var fetchedAt: Timestamp

    /// How long a day's outlook is used before it is asked for again.
    public static let maximumAge: Double = 6 * 3600

    /// Creates an outlook.
    public init(
        date: LocalDate,
        temperatureMax: Double? = nil,
        temperatureMin: Double? = nil,
        precipitationProbabilityMax: Double? = nil,
        sunrise: Timestamp? = nil,
        sunset: Timestamp? = nil,
        code: WMOCode? = nil,
        fetchedAt: Timestamp
    ) {
        self.date = date
        self.temperatureMax = temperatureMax
        self.temperatureMin = temperatureMin
        self.precipitationProbabilityMax = precipitationProbabilityMax
        self.sunrise = sunrise
        self.sunset = sunset
        self.code = code
        self.fetchedAt = fetchedAt
    }

    /// Whether `today` must be asked for again at `now` (SPEC §4 "How"): it is missing, of another
    /// local date than now's in a place `utcOffsetSeconds` ahead of UTC, or older than 6 hours. `now` is
    /// the host's wall time (the clock `fetchedAt` was read on); the local date is the one the API's
    /// clock reads, `apiNow` (default: the same).
    public static func isWanted(
        _ today: Today?,
        utcOffsetSeconds: Int?,
        at now: Timestamp,
        apiNow: Timestamp? = nil
    ) -> Bool {
        guard let today, let utcOffsetSeconds else { return true }
        if today.date != LocalDate(at: apiNow ?? now, utcOffsetSeconds: utcOffsetSeconds) { return true }
        let age = now.seconds(since: today.fetchedAt)
        return age > maximumAge || age < 0
    }
}
