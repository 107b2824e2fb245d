import WeatherCore

/// Times of day as `display.clock` writes them (docs/forecast.md): `14:05` or `2:05 PM`, in a place given by
/// its offset from UTC.
public enum TimeOfDay {
    /// `14:05` (24h) or `2:05 PM` (12h) at `time` in a place `utcOffsetSeconds` ahead of UTC.
    public static func text(_ time: Timestamp, utcOffsetSeconds: Int, clock: DisplaySettings.Clock) -> String {
        let (hour, minute) = hourMinute(time, utcOffsetSeconds: utcOffsetSeconds)
        let minutes = minute < 10 ? "0\(minute)" : "\(minute)"
        switch clock {
        case .twentyFourHour: return (hour < 10 ? "0\(hour)" : "\(hour)") + ":" + minutes
        case .twelveHour: return "\(twelve(hour)):\(minutes) \(hour < 12 ? "AM" : "PM")"
        }
    }

    /// The hour alone: `14` (24h) or `2 PM` (12h).
    public static func hour(_ time: Timestamp, utcOffsetSeconds: Int, clock: DisplaySettings.Clock) -> String {
        let hour = hourMinute(time, utcOffsetSeconds: utcOffsetSeconds).hour
        switch clock {
        case .twentyFourHour: return hour < 10 ? "0\(hour)" : "\(hour)"
        case .twelveHour: return "\(twelve(hour)) \(hour < 12 ? "AM" : "PM")"
        }
    }

    /// The local hour (0–23) and minute at `time`.
    public static func hourMinute(_ time: Timestamp, utcOffsetSeconds: Int) -> (hour: Int, minute: Int) {
        let local = Int64((time.secondsSinceEpoch + Double(utcOffsetSeconds)).rounded(.down))
        var secondsOfDay = local % 86_400
        if secondsOfDay < 0 { secondsOfDay += 86_400 }
        return (Int(secondsOfDay / 3600), Int(secondsOfDay % 3600 / 60))
    }

    /// 0 → 12, 13 → 1.
    private static func twelve(_ hour: Int) -> Int {
        hour % 12 == 0 ? 12 : hour % 12
    }
}
