import WeatherCore

/// Day and month names of a local date, in English: `Tue`, `22 Nov`.
public enum CalendarText {
    private static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// `Tue`.
    public static func weekday(_ date: LocalDate) -> String {
        // 1970-01-01 was a Thursday.
        var index = (date.daysSinceEpoch + 4) % 7
        if index < 0 { index += 7 }
        return weekdays[Int(index)]
    }

    /// `22 Nov`.
    public static func dayMonth(_ date: LocalDate) -> String {
        let fields = date.description.split(separator: "-")
        guard fields.count == 3, let month = Int(fields[1]), let day = Int(fields[2]), (1...12).contains(month)
        else { return date.description }
        return "\(day) \(months[month - 1])"
    }
}
