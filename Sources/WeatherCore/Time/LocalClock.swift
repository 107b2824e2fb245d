/// Wall-clock times of a place given by its offset from UTC, by plain arithmetic: no time zone
/// database, no ICU (the API sends each location's `utc_offset_seconds`).
public enum LocalClock {
    /// `07:35` at `time` in a place `utcOffsetSeconds` ahead of UTC (minutes rounded down).
    public static func hoursMinutes(_ time: Timestamp, utcOffsetSeconds: Int) -> String {
        let local = Int64((time.secondsSinceEpoch + Double(utcOffsetSeconds)).rounded(.down))
        var secondsOfDay = local % 86_400
        if secondsOfDay < 0 { secondsOfDay += 86_400 }
        return twoDigits(secondsOfDay / 3600) + ":" + twoDigits(secondsOfDay % 3600 / 60)
    }

    /// `UTC+01:00`, `UTC−05:30`, `UTC` for an offset of zero.
    public static func offsetLabel(_ utcOffsetSeconds: Int) -> String {
        guard utcOffsetSeconds != 0 else { return "UTC" }
        let minutes = abs(utcOffsetSeconds) / 60
        return "UTC" + (utcOffsetSeconds < 0 ? "-" : "+") + twoDigits(Int64(minutes / 60)) + ":"
            + twoDigits(Int64(minutes % 60))
    }

    private static func twoDigits(_ value: Int64) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }
}
