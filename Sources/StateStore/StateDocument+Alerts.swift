import WeatherCore

// A location's `alerts` in the state file (docs/state-file.md, docs/alerts.md): the source, when it last
// answered, whether it is stale, and the warnings in force without their long texts (those stay in the
// alerts cache and `weatherd alerts`), each with the language of its texts (missing in older files).
// swift-format-ignore: AlwaysUseLowerCamelCase
extension StateDocument {
    struct AlertsEntry: Codable, Sendable {
        var source: Alert.Source
        @Nullable var fetched_at: String?
        var stale: Bool
        var items: [AlertItem]
    }

    struct AlertItem: Codable, Sendable {
        var id: String
        var event: String
        var severity: Alert.Severity
        var urgency: Alert.Urgency
        var certainty: Alert.Certainty
        @Nullable var headline: String?
        @Nullable var onset: String?
        @Nullable var ends: String?
        @Nullable var area: String?
        @Nullable var url: String?
        @Nullable var language: String?
    }
}

// swift-format-ignore: AlwaysUseLowerCamelCase
extension StateDocument.AlertsEntry {
    init(_ alerts: LocationAlerts) {
        self.init(
            source: alerts.source,
            fetched_at: alerts.fetchedAt?.rfc3339,
            stale: alerts.stale,
            items: alerts.items.map { alert in
                StateDocument.AlertItem(
                    id: alert.id,
                    event: alert.event,
                    severity: alert.severity,
                    urgency: alert.urgency,
                    certainty: alert.certainty,
                    headline: alert.headline,
                    onset: alert.onset?.rfc3339,
                    ends: alert.ends?.rfc3339,
                    area: alert.area,
                    url: alert.url,
                    language: alert.language
                )
            }
        )
    }

    func alerts(path: String) throws(StateDecodingError) -> LocationAlerts {
        var alerts: [Alert] = []
        for (index, item) in items.enumerated() {
            let itemPath = "\(path).items[\(index)]"
            alerts.append(
                Alert(
                    id: item.id,
                    source: source,
                    event: item.event,
                    severity: item.severity,
                    urgency: item.urgency,
                    certainty: item.certainty,
                    headline: item.headline,
                    onset: try optionalTime(item.onset, "\(itemPath).onset"),
                    ends: try optionalTime(item.ends, "\(itemPath).ends"),
                    area: item.area,
                    url: item.url,
                    language: item.language
                )
            )
        }
        return LocationAlerts(
            source: source,
            fetchedAt: try optionalTime(fetched_at, "\(path).fetched_at"),
            stale: stale,
            items: alerts
        )
    }

    func write(to json: inout JSONWriter) {
        json.beginObject("alerts")
        json.string("fetched_at", fetched_at)
        json.beginArray("items")
        for item in items {
            json.beginObject()
            json.string("area", item.area)
            json.string("certainty", item.certainty.rawValue)
            json.string("ends", item.ends)
            json.string("event", item.event)
            json.string("headline", item.headline)
            json.string("id", item.id)
            json.string("language", item.language)
            json.string("onset", item.onset)
            json.string("severity", item.severity.rawValue)
            json.string("urgency", item.urgency.rawValue)
            json.string("url", item.url)
            json.endObject()
        }
        json.endArray()
        json.string("source", source.rawValue)
        json.bool("stale", stale)
        json.endObject()
    }
}
