import WeatherCore

/// The weather sources' series (docs/sources.md): which source serves each location (1 for it, 0 for the
/// others it may use, so that a rule can compare) and the requests sent to each.
extension PrometheusText {
    static func sourceFamilies(_ snapshot: StateSnapshot) -> [Family] {
        var serving = Family.gauge(
            "weatherd_location_source",
            help: "1 for the weather source serving the location, 0 for the other sources."
        )
        for entry in snapshot.locations {
            guard let source = entry.source else { continue }
            for candidate in WeatherSource.allCases {
                let labels = [("location", entry.location.id), ("source", candidate.rawValue)]
                serving.samples.append((labels, candidate == source ? 1 : 0))
            }
        }
        let requests = Family.counter(
            "weatherd_source_requests_total",
            help: "Weather requests sent to each source since the daemon started.",
            samples: WeatherSource.allCases.map { source in
                ([("source", source.rawValue)], Double(snapshot.daemon.sourceRequests?[source] ?? 0))
            }
        )
        return [serving, requests]
    }
}
