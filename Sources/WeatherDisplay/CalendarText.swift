import WeatherCore

/// Day and month names of a local date, in the language in use: `Tue`, `22 Nov` (`Di`, `22. Nov.`).
public enum CalendarText {
    /// `Tue`.
    public static func weekday(_ date: LocalDate) -> String {
        // 1970-01-01 was a Thursday.
        var index = (date.daysSinceEpoch + 4) % 7
        if index < 0 { index += 7 }
        return weekday(Int(index))
    }

    /// `22 Nov`.
    public static func dayMonth(_ date: LocalDate) -> String {
        let fields = date.description.split(separator: "-")
        guard fields.count == 3, let month = Int(fields[1]), let day = Int(fields[2]), (1...12).contains(month)
        else { return date.description }
        // Translators: a day of the month and its month's abbreviated name: "22 Nov"; in German "22. Nov.".
        return Catalogue.word("{day} {month}", context: "date", ["day": String(day), "month": self.month(month)])
    }

    /// The abbreviated name of the weekday `index` days after a Sunday.
    private static func weekday(_ index: Int) -> String {
        switch index {
        // Translators: the abbreviated weekdays, as short as the language writes them (the tooltip's columns).
        case 0: Catalogue.word("Sun", context: "weekday")
        case 1: Catalogue.word("Mon", context: "weekday")
        case 2: Catalogue.word("Tue", context: "weekday")
        case 3: Catalogue.word("Wed", context: "weekday")
        case 4: Catalogue.word("Thu", context: "weekday")
        case 5: Catalogue.word("Fri", context: "weekday")
        default: Catalogue.word("Sat", context: "weekday")
        }
    }

    /// The abbreviated name of the month `number` (1 to 12).
    private static func month(_ number: Int) -> String {
        switch number {
        // Translators: the abbreviated month names.
        case 1: Catalogue.word("Jan", context: "month")
        case 2: Catalogue.word("Feb", context: "month")
        case 3: Catalogue.word("Mar", context: "month")
        case 4: Catalogue.word("Apr", context: "month")
        case 5: Catalogue.word("May", context: "month")
        case 6: Catalogue.word("Jun", context: "month")
        case 7: Catalogue.word("Jul", context: "month")
        case 8: Catalogue.word("Aug", context: "month")
        case 9: Catalogue.word("Sep", context: "month")
        case 10: Catalogue.word("Oct", context: "month")
        case 11: Catalogue.word("Nov", context: "month")
        default: Catalogue.word("Dec", context: "month")
        }
    }
}
