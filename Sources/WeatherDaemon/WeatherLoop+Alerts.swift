import Logging
import StateStore
import WeatherCore
import WeatherDisplay

/// The official warnings (docs/alerts.md): polled on each source's own clock, decided by the
/// ``AlertPlanner`` at every tick, outside Open-Meteo's quota and its one request at a time.
extension WeatherLoop {
    /// Sets what each location polls, from the configuration, the places geocoding found and the
    /// coordinates the planner holds. With alerts off (no poller) the planner is left as it is: what it
    /// remembers stays for when they are on again. A location with coordinates and no source says so once
    /// ("no alert source for tokyo"); an empty `alerts.contact` with NWS or MET Norway in use, too.
    mutating func configureAlerts() {
        guard configuration.alerts.enabled else { return }
        let subjects = configuration.locations.map { location -> (location: Location, target: AlertTarget?) in
            let place = places[GeocodingCache.Query(location)]
            var resolved = location
            // Coordinates found by geocoding, or restored by the planner from an earlier run's state.
            if !location.hasCoordinates, let known = planner.record(id: location.id)?.location, known.hasCoordinates {
                resolved = location.resolved(latitude: known.latitude, longitude: known.longitude)
            }
            let target = AlertTarget.choose(location.alerts, for: resolved, placeCountryCode: place?.countryCode)
            return (resolved, target)
        }
        let endpoints = configuration.alerts.endpoints
        alertPlanner.configure(subjects, host: endpoints.host(of:))
        let asking = alertPlanner.feeds.first { $0.source.terms.asksForContact }?.source.rawValue
        if configuration.effectiveContact.isEmpty, let source = asking, !contactNoticed {
            contactNoticed = true
            journal(
                .notice,
                Catalogue.text(
                    "contact is empty: {source} asks for a contact (an e-mail address or URL) in the User-Agent; "
                        + "set contact so that its operators can reach you instead of blocking weatherd",
                    ["source": source]
                ),
                metadata: ["weather.alert_source": "\(source)"]
            )
        }
        for (location, _) in subjects where location.alerts == .auto && location.hasCoordinates {
            guard alertPlanner.target(of: location.id) == nil else { continue }
            announceNoSource(location.id, reason: Catalogue.text("no official warnings are shown for it"))
        }
    }

    /// "no alert source for tokyo", once per location for the life of the process.
    private mutating func announceNoSource(_ id: String, reason: String) {
        guard noSourceAnnounced.insert(id).inserted else { return }
        journal(
            .info,
            Catalogue.text("no alert source for {location}: {reason}", ["location": id, "reason": reason]),
            metadata: ["weather.location": "\(id)"]
        )
    }

    /// The warnings' part of a tick: those past their end end, and the polls now due start.
    mutating func tickAlerts() {
        guard configuration.alerts.enabled else { return }
        let events = alertPlanner.advance(to: planner.apiTime(at: now))
        if !events.isEmpty {
            log(events)
            saveAlerts()
        }
        for order in alertPlanner.startDuePolls(at: now.wall) { effects.append(.poll(order)) }
    }

    /// Records how a poll ended; the state file shows a change at once. A poll cancelled by stopping is
    /// forgotten.
    mutating func finishAlertPoll(_ order: AlertPollOrder, _ outcome: AlertPollOutcome) {
        if !isRunning, case .failed = outcome.result {
            alertPlanner.abandon(order, at: now.wall)
            saveAlerts()
            return
        }
        let events = alertPlanner.finish(order, outcome, at: now.wall, apiNow: planner.apiTime(at: now))
        log(events)
        // Alerts switched off meanwhile: what the poll answered is kept in the planner, written once they
        // are on again.
        if configuration.alerts.enabled { saveAlerts() }
        // A warning that started, changed or ended, or a source that failed or answers again: shown at once.
        if !events.isEmpty && isRunning { publish() }
    }

    /// The snapshot's locations with their warnings in force at `now`, on the API's clock where known (as
    /// ``AlertPlanner/advance(to:)`` ends them).
    func addAlerts(to snapshot: inout StateSnapshot) {
        guard configuration.alerts.enabled else { return }
        let apiNow = planner.apiTime(at: now)
        // Read once: asked through `self` in the loop, the planner was copied for every location.
        let alertPlanner = alertPlanner
        for index in snapshot.locations.indices {
            snapshot.locations[index].alerts = alertPlanner.alerts(
                for: snapshot.locations[index].location.id,
                at: apiNow
            )
        }
    }

    // MARK: - Journal

    /// The journal entries of the planner's events: one when a warning comes in force (PRIORITY by
    /// severity: 4 Minor/Moderate/Unknown, 3 Severe, 2 Extreme), one when it ends (5), one when it is
    /// updated (6, not announced again); a failed poll (4), a source answering again (5).
    mutating func log(_ events: [AlertPlanner.Event]) {
        for event in events {
            switch event {
            case .alert(let id, let change):
                logAlert(change, location: configuration.locations.first { $0.id == id }, id: id)
            case .pollFailed(let feed, let error, let failures):
                var metadata = feedMetadata(feed)
                metadata["weather.error_kind"] = "\(error.kind.rawValue)"
                metadata["weather.error"] = "\(error.message)"
                metadata["weather.alert_failures"] = "\(failures)"
                if let status = error.httpStatus { metadata["weather.http_status"] = "\(status)" }
                let values: KeyValuePairs = [
                    "source": feed.source.rawValue, "locations": names(feed), "error": error.message,
                ]
                let message =
                    failures >= LocationAlerts.staleAfterFailures
                    ? Catalogue.text(
                        "alert poll of {source} for {locations} failed: {error} (its warnings are now stale)",
                        values
                    )
                    : Catalogue.text("alert poll of {source} for {locations} failed: {error}", values)
                journal(.warning, message, metadata: metadata)
            case .outside(let feed, let error):
                for member in feed.members {
                    announceNoSource(
                        member.locationID,
                        reason: Catalogue.text(
                            "{source} does not cover it ({error})",
                            ["source": feed.source.rawValue, "error": error.message]
                        )
                    )
                }
            case .pollRecovered(let feed, let failures):
                journal(
                    .notice,
                    Catalogue.plural(
                        "alert source {source} answers again for {locations} after {count} failed poll",
                        "alert source {source} answers again for {locations} after {count} failed polls",
                        count: failures,
                        ["source": feed.source.rawValue, "locations": names(feed)]
                    ),
                    metadata: feedMetadata(feed)
                )
            }
        }
    }

    private mutating func logAlert(_ change: AlertEvent, location: Location?, id: String) {
        let name = location?.name ?? id
        var metadata: Logger.Metadata = ["weather.location": "\(id)", "weather.location_name": "\(name)"]
        func describe(_ alert: Alert) {
            metadata["weather.alert_id"] = "\(alert.id)"
            metadata["weather.alert_source"] = "\(alert.source.rawValue)"
            metadata["weather.alert_event"] = "\(alert.event)"
            metadata["weather.alert_severity"] = "\(alert.severity.rawValue)"
            if let onset = alert.onset { metadata["weather.alert_onset"] = "\(onset.rfc3339)" }
            if let ends = alert.ends { metadata["weather.alert_ends"] = "\(ends.rfc3339)" }
            if let headline = alert.headline { metadata["weather.alert_headline"] = "\(headline)" }
        }
        switch change {
        case .started(let alert):
            describe(alert)
            metadata["message_id"] = "\(MessageID.alertStarted)"
            journal(
                Self.level(of: alert.severity),
                Self.alertMessage(name, alert, in: "in force"),
                metadata: metadata
            )
        case .updated(let alert, _):
            describe(alert)
            metadata["message_id"] = "\(MessageID.alertUpdated)"
            journal(
                .info,
                Self.alertMessage(name, alert, in: "updated"),
                metadata: metadata
            )
        case .ended(let alert, let reason):
            describe(alert)
            metadata["message_id"] = "\(MessageID.alertEnded)"
            metadata["weather.alert_end_reason"] = "\(reason.rawValue)"
            journal(
                .notice,
                Catalogue.text(
                    "{location}: {event} ended ({reason})",
                    [
                        "location": name, "event": alert.event,
                        "reason": Catalogue.text(context: "alert end", reason.rawValue),
                    ]
                ),
                metadata: metadata
            )
        }
    }

    /// The level of a warning coming in force.
    static func level(of severity: Alert.Severity) -> Logger.Level {
        switch severity {
        case .extreme: .critical
        case .severe: .error
        case .moderate, .minor, .unknown: .warning
        }
    }

    /// "Berlin: Frost in force until 2026-12-08T06:00:00Z (moderate)", and its "updated" twin.
    private static func alertMessage(_ name: String, _ alert: Alert, in state: String) -> String {
        let values: KeyValuePairs = [
            "location": name, "event": alert.event,
            "severity": Catalogue.text(context: "severity", alert.severity.rawValue),
            "ends": alert.ends?.rfc3339 ?? "",
        ]
        switch (state, alert.ends) {
        case ("in force", nil): return Catalogue.text("{location}: {event} in force ({severity})", values)
        case ("in force", _): return Catalogue.text("{location}: {event} in force until {ends} ({severity})", values)
        case (_, nil): return Catalogue.text("{location}: {event} updated ({severity})", values)
        default: return Catalogue.text("{location}: {event} updated until {ends} ({severity})", values)
        }
    }

    private func feedMetadata(_ feed: AlertFeed) -> Logger.Metadata {
        [
            "weather.alert_source": "\(feed.source.rawValue)",
            "weather.location": "\(feed.members.map(\.locationID).joined(separator: ","))",
        ]
    }

    private func names(_ feed: AlertFeed) -> String {
        feed.members.map { member in
            configuration.locations.first { $0.id == member.locationID }?.name ?? member.locationID
        }.joined(separator: ", ")
    }
}
