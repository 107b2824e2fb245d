import WeatherCore

extension Alert {
    /// A Severe NWS Winter Storm Warning in force from `onset` for a day, with a headline and an area.
    public static func storm(
        onset: Timestamp,
        id: String = "urn:oid:storm.1",
        instruction: String? = nil,
        url: String? = nil
    ) -> Alert {
        Alert(
            id: id,
            source: .nws,
            event: "Winter Storm Warning",
            severity: .severe,
            urgency: .expected,
            certainty: .likely,
            headline: "Winter Storm Warning until Monday",
            instruction: instruction,
            onset: onset,
            ends: onset.adding(seconds: 86_400),
            area: "Manhattan",
            url: url
        )
    }

    /// This warning ending at `ends`.
    public func with(ends: Timestamp?) -> Alert {
        var alert = self
        alert.ends = ends
        return alert
    }
}
