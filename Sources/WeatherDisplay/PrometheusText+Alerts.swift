import WeatherCore

/// The official warnings' series (docs/alerts.md): per location with a source, the warnings in force by
/// severity (every severity, 0 included, so that a rule can compare), whether the source answers, and
/// when it last did.
extension PrometheusText {
    static func alertFamilies(_ snapshot: StateSnapshot) -> [Family] {
        var count = Family.gauge(
            "weatherd_alerts",
            help: "Official warnings in force for the location, by severity."
        )
        var up = Family.gauge(
            "weatherd_alert_source_up",
            help: "0 after 3 or more failed polls of the location's alert source in a row, else 1."
        )
        var polled = Family.gauge(
            "weatherd_alert_poll_timestamp_seconds",
            help: "When the location's alert source last answered (Unix time)."
        )
        for entry in snapshot.locations {
            guard let alerts = entry.alerts else { continue }
            let id = entry.location.id
            let inForce = AlertText.inForce(entry, at: snapshot.apiTime(snapshot.generatedAt))
            for severity in Alert.Severity.allCases {
                let labels = [("location", id), ("severity", severity.rawValue.lowercased())]
                count.samples.append((labels, Double(inForce.filter { $0.severity == severity }.count)))
            }
            let labels = [("location", id), ("source", alerts.source.rawValue)]
            up.samples.append((labels, alerts.stale ? 0 : 1))
            if let fetchedAt = alerts.fetchedAt { polled.samples.append((labels, fetchedAt.secondsSinceEpoch)) }
        }
        return [count, up, polled]
    }
}
