import WeatherCore

/// Warnings for the chain tests: times are RFC 3339 texts, read with their offsets.
enum AlertChainSamples {
    /// The instant of an RFC 3339 text.
    static func time(_ text: String) -> Timestamp {
        guard let timestamp = Timestamp(rfc3339: text) else { preconditionFailure("not RFC 3339: \(text)") }
        return timestamp
    }

    /// A warning; `sent` defaults to an hour before `onset`.
    static func alert(
        _ id: String,
        _ type: Alert.MessageType = .alert,
        references: [String] = [],
        source: Alert.Source = .nws,
        event: String = "Winter Storm Warning",
        severity: Alert.Severity = .moderate,
        headline: String? = nil,
        sent: String = "2026-11-24T04:12:00-07:00",
        onset: String? = "2026-11-24T11:00:00-07:00",
        ends: String? = "2026-11-25T11:00:00-07:00"
    ) -> Alert {
        Alert(
            id: id,
            source: source,
            event: event,
            severity: severity,
            headline: headline,
            onset: onset.map(time),
            ends: ends.map(time),
            messageType: type,
            references: references,
            sent: time(sent)
        )
    }
}
