/// Days without a sunrise or a sunset, which the API reports by sending neither (docs/state-file.md: nothing fake).
extension DayForecast {
    /// Which kind of day a day without sunrise and sunset is.
    public enum SunlessDay: Sendable, Hashable {
        /// The sun stays below the horizon all day.
        case polarNight
        /// The sun stays above the horizon all day.
        case midnightSun
    }

    /// For a day with neither sunrise nor sunset at `latitude`: polar night in the hemisphere's winter
    /// half of the year (between the September and the March equinox in the north, the other half in the
    /// south), midnight sun otherwise; nil when the day has a sunrise or a sunset.
    public func sunlessDay(latitude: Double) -> SunlessDay? {
        guard sunrise == nil, sunset == nil else { return nil }
        let (_, month, day) = CivilDate.fromDays(date.daysSinceEpoch)
        let monthDay = month * 100 + day
        let northernSummerHalf = monthDay >= 321 && monthDay < 923
        return (latitude >= 0) == northernSummerHalf ? .midnightSun : .polarNight
    }
}
