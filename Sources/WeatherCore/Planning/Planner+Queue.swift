/// The queue of due locations waiting for the one connection (docs/fetching.md: a set, the longest-due first).
extension Planner {
    /// A due location waiting for the connection.
    struct QueueEntry: Sendable, Hashable {
        /// The order it joined in (ties of due time go to the first).
        var joined: Int
        /// The rotation index of the tick that queued it.
        var tick: Int
    }

    /// Queues `record`, due at tick `tick` while a fetch runs (unless it is the one running, or queued
    /// already); returns what it waits for.
    mutating func enqueue(_ record: LocationRecord, tick: Int) -> Waiting {
        let id = record.location.id
        if inFlight?.location.id != id, queue[id] == nil {
            joined += 1
            queue[id] = QueueEntry(joined: joined, tick: tick)
        }
        return waitingBehindInFlight(record)
    }

    /// The queued fetch to start now that the connection is free: the longest-due first. Pauses and
    /// limits are checked again (docs/fetching.md): while they hold the queue back it stays as it is, and the
    /// next tick that finds the connection free checks again; only a 429 or 503 empties it.
    mutating func dequeue(at now: Moment, events: inout [PlannerEvent]) -> FetchOrder? {
        while !isConnectionBusy, let id = longestDue(at: now), let entry = queue.removeValue(forKey: id) {
            guard let index = records.firstIndex(where: { $0.location.id == id }), isDue(records[index], at: now)
            else { continue }
            switch decide(index, at: now, events: &events) {
            case .blocked(nil):
                continue
            case .blocked:
                queue[id] = entry
                return nil
            case .fetch(let source, let probe):
                return dispatch(
                    index,
                    source: source,
                    probe: probe,
                    at: now,
                    queued: true,
                    tick: entry.tick,
                    events: &events
                )
            }
        }
        return nil
    }

    /// Empties the queue (stopping: nothing new starts).
    public mutating func cancelQueue() {
        queue.removeAll()
    }

    /// Removes the queued locations whose id matches.
    mutating func dropFromQueue(where shouldDrop: (String) -> Bool) {
        queue = queue.filter { !shouldDrop($0.key) }
    }

    /// The queued location that has been due the longest (ties: the one queued first).
    private func longestDue(at now: Moment) -> String? {
        queue.min { lhs, rhs in
            let left = dueSeconds(of: lhs.key, at: now)
            let right = dueSeconds(of: rhs.key, at: now)
            return left == right ? lhs.value.joined < rhs.value.joined : left < right
        }?.key
    }

    /// When `id` became due, as seconds on the wall clock (−∞: due whatever the time).
    private func dueSeconds(of id: String, at now: Moment) -> Double {
        guard let record = record(id: id) else { return .infinity }
        return dueTime(record, at: now).map { $0.secondsSinceEpoch } ?? -.infinity
    }
}
