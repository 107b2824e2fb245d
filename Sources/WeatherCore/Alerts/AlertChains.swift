/// The warnings in force for one location and source, and what a poll or the passing time does to them
/// (docs/alerts.md): pure, no I/O. A successful poll is the source's whole current list; a failed poll changes
/// nothing (do not call ``applyPoll(_:at:)``), but the time still passes (``advance(to:)``).
///
/// - A message joins a chain when its id, or one of its ``Alert/references``, is an id the chain has carried
///   or referenced (MET repeats the same id; NWS and MeteoAlarm reference earlier identifiers). Messages of one
///   poll that reference each other, or the same earlier message, form one chain.
/// - Chains a poll joins become one, which goes on as the first announced of them (the others end silently).
/// - Bright Sky names no references: a DWD message that appears under a new id while a chain of the same
///   event and overlapping times vanished from the same poll continues that chain.
/// - A message another one of the poll references is replaced: an `Update` stands in for it (even when the
///   update moved the end into the past), a `Cancel` ends it; a `Cancel` itself is never shown. Of several
///   messages of one chain still in force, the newest (by ``Alert/sent``; the later in the list on a tie) is
///   shown.
/// - A new chain is announced once (``AlertEvent/started(_:)``); a chain going on with other fields is
///   ``AlertEvent/updated(_:previous:)``, never announced again; an announced chain that ends is
///   ``AlertEvent/ended(_:reason:)``: cancelled, past its end, or no longer listed.
/// - In force while now is before ``AlertChain/end``: ``Alert/ends``, or for a warning without any end 24 h
///   after the later of its onset and the last poll that listed it.
public struct AlertChains: Sendable, Hashable {
    /// The chains in force, previous ones first in their order, then new ones in the order they were polled.
    public private(set) var chains: [AlertChain]

    /// Starts from the chains in force before (the durable cache's), each with whether it was announced.
    public init(_ chains: [AlertChain] = []) {
        self.chains = chains
    }

    /// The warnings in force at `now`, most severe first, then by onset and id.
    public func alerts(inForceAt now: Timestamp) -> [Alert] {
        chains.filter { $0.isInForce(at: now) }.map(\.alert).sorted { lhs, rhs in
            if lhs.severity != rhs.severity { return lhs.severity > rhs.severity }
            let lhsOnset = lhs.onset?.secondsSinceEpoch ?? -.infinity
            let rhsOnset = rhs.onset?.secondsSinceEpoch ?? -.infinity
            if lhsOnset != rhsOnset { return lhsOnset < rhsOnset }
            return lhs.id < rhs.id
        }
    }

    /// Takes a successful poll's whole list at `now` and says what happened: warnings started, updated or
    /// ended. Every chain in force afterwards is announced.
    public mutating func applyPoll(_ polled: [Alert], at now: Timestamp) -> [AlertEvent] {
        var events: [AlertEvent] = []
        var next: [AlertChain] = []
        for group in Self.groups(chains: chains, polled: polled) {
            let previous = group.chains.map { chains[$0] }
            let messages = group.messages.map { polled[$0] }
            let cancels = messages.filter { $0.messageType == .cancel }
            let replaced = Set(messages.flatMap(\.references))
            let candidates = messages.filter { message in
                message.messageType != .cancel && !replaced.contains(message.id)
                    && AlertChain(alert: message, announced: false, lastListed: now).isInForce(at: now)
            }
            guard let shown = Self.newest(candidates) else {
                for chain in previous where chain.announced {
                    let reason: AlertEvent.EndReason
                    if !cancels.isEmpty {
                        reason = .cancelled
                    } else if messages.isEmpty && chain.isInForce(at: now) {
                        reason = .withdrawn
                    } else {
                        reason = .expired
                    }
                    events.append(.ended(chain.alert, reason: reason))
                }
                continue
            }
            var ids = Set(messages.flatMap { [$0.id] + $0.references })
            for chain in previous { ids.formUnion(chain.messageIDs) }
            if let before = previous.first(where: \.announced) {
                if before.alert != shown { events.append(.updated(shown, previous: before.alert)) }
            } else {
                events.append(.started(shown))
            }
            next.append(AlertChain(alert: shown, messageIDs: ids, announced: true, lastListed: now))
        }
        chains = next
        return events
    }

    /// Lets the time pass to `now` without a poll (between polls, or while they fail): chains past their end
    /// end (``AlertEvent/EndReason/expired``); any chain in force not yet announced is announced.
    public mutating func advance(to now: Timestamp) -> [AlertEvent] {
        var events: [AlertEvent] = []
        var next: [AlertChain] = []
        for var chain in chains {
            guard chain.isInForce(at: now) else {
                if chain.announced { events.append(.ended(chain.alert, reason: .expired)) }
                continue
            }
            if !chain.announced {
                events.append(.started(chain.alert))
                chain.announced = true
            }
            next.append(chain)
        }
        chains = next
        return events
    }

    /// The newest of `alerts` by `sent` (unknown counts as oldest); the later in the list on a tie.
    static func newest(_ alerts: [Alert]) -> Alert? {
        alerts.reduce(nil) { best, alert in
            guard let best else { return alert }
            let sent = alert.sent?.secondsSinceEpoch ?? -.infinity
            return sent >= (best.sent?.secondsSinceEpoch ?? -.infinity) ? alert : best
        }
    }
}

extension AlertChains {
    /// A poll answered "unchanged" (304) at `now`: every chain was listed again.
    public mutating func confirm(at now: Timestamp) {
        for index in chains.indices { chains[index].lastListed = now }
    }
}
