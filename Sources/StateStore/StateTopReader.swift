import JSONScan

/// The top of a state file (everything but the location entries, which ``StateReader`` takes apart and
/// decodes one by one), read in one pass with ``JSONScanner`` into the ``StateDocument`` that
/// `JSONDecoder` would make of it: `status --follow` reads it at every write of the daemon.
///
/// Not `JSONDecoder`: at the real interval every update of `status --follow --format waybar` finds the
/// caches cold, and `JSONDecoder`'s keyed containers, generic metadata and casts for the `daemon` object
/// (some 25 members, the quota's windows, a dictionary) were half of an update's CPU (perf, release build,
/// updates 1 s apart: 55 % in the top's decoding, 47 % in `daemon`'s).
///
/// It reads only what it reads exactly as `JSONDecoder` does, and answers nil for anything else (a key
/// spelt with escapes or given twice, a number that is not a plain integer where an integer is wanted or
/// that no Double holds, `null` where a value is required, invalid UTF-8 or an escaped surrogate in a
/// string, a member of another type): the caller then decodes the whole text with `JSONDecoder`, which
/// says what is wrong. Members it does not know are skipped, as `JSONDecoder` skips them (their keys
/// checked for UTF-8, as `JSONDecoder` checks every key).
enum StateTopReader {
    /// The document in `bytes`, or nil when `JSONDecoder` should read it.
    static func read(_ bytes: [UInt8]) -> StateDocument? {
        bytes.withUnsafeBufferPointer { buffer in
            var reader = Reader(json: JSONScanner(buffer))
            return try? reader.document()
        }
    }

    private typealias Failure = JSONScanner.Failure

    private struct Reader {
        var json: JSONScanner

        mutating func document() throws(Failure) -> StateDocument {
            var schemaVersion: Int?
            var generatedAt: String?
            var daemon: StateDocument.Daemon?
            var currentLocation: String?
            var rotationIndex: Int?
            var locations = false
            try members { (reader, key) throws(Failure) in
                switch key {
                case "schema_version": schemaVersion = try reader.int()
                case "generated_at": generatedAt = try reader.string()
                case "daemon": daemon = try reader.daemon()
                case "current_location": currentLocation = try reader.optionalString()
                case "rotation_index": rotationIndex = try reader.optionalInt()
                case "locations":
                    // The caller took the entries out: an empty array.
                    guard try reader.json.beginArray({ "locations" }) else { throw .wrongType("locations") }
                    var first = true
                    guard try !reader.json.element(&first) else { throw .wrongType("locations") }
                    locations = true
                default: return false
                }
                return true
            }
            try json.end()
            guard let schemaVersion, let generatedAt, let daemon, locations else { throw .wrongType("") }
            return StateDocument(
                schema_version: schemaVersion,
                generated_at: generatedAt,
                daemon: daemon,
                current_location: currentLocation,
                rotation_index: rotationIndex,
                locations: []
            )
        }

        mutating func daemon() throws(Failure) -> StateDocument.Daemon {
            var pid: Int?
            var version: String?
            var startedAt: String?
            var intervalSeconds: Double?
            var ticks: Int?
            var ticksSkipped: Int?
            var fetchesOK: Int?
            var fetchesFailed: Int?
            var daemon = StateDocument.Daemon(
                pid: 0,
                version: "",
                started_at: "",
                interval_seconds: 0,
                ticks: 0,
                ticks_skipped: 0,
                fetches_ok: 0,
                fetches_failed: 0
            )
            try members { (reader, key) throws(Failure) in
                switch key {
                case "pid": pid = try reader.int()
                case "version": version = try reader.string()
                case "started_at": startedAt = try reader.string()
                case "stopped_at": daemon.stopped_at = try reader.optionalString()
                case "interval_seconds": intervalSeconds = try reader.double()
                case "timeout_seconds":
                    daemon.timeout_seconds = try reader.optionalDouble()
                case "stale_after_seconds":
                    daemon.stale_after_seconds = try reader.optionalDouble()
                case "refresh": daemon.refresh = try reader.optionalString()
                case "ticks": ticks = try reader.int()
                case "ticks_fetched": daemon.ticks_fetched = try reader.optionalInt()
                case "ticks_skipped": ticksSkipped = try reader.int()
                case "ticks_from_cache":
                    daemon.ticks_from_cache = try reader.optionalInt()
                case "ticks_missed": daemon.ticks_missed = try reader.optionalInt()
                case "fetches_ok": fetchesOK = try reader.int()
                case "fetches_failed": fetchesFailed = try reader.int()
                case "requests": daemon.requests = try reader.optionalInt()
                case "backoff_until":
                    daemon.backoff_until = try reader.optionalString()
                case "backoff_cause":
                    daemon.backoff_cause = try reader.optionalString()
                case "cache_file": daemon.cache_file = try reader.optionalString()
                case "quota": daemon.quota = try reader.optional { (reader) throws(Failure) in try reader.quota() }
                case "api_clock_offset_seconds":
                    daemon.api_clock_offset_seconds = try reader.optionalDouble()
                case "api_clock_samples":
                    daemon.api_clock_samples = try reader.optional { (reader) throws(Failure) in
                        try reader.array { (reader) throws(Failure) in try reader.double() }
                    }
                case "display":
                    daemon.display = try reader.optional { (reader) throws(Failure) in try reader.display() }
                case "rain_episodes":
                    daemon.rain_episodes = try reader.optional { (reader) throws(Failure) in
                        try reader.array { (reader) throws(Failure) in try reader.string() }
                    }
                case "source_requests":
                    daemon.source_requests = try reader.optional { (reader) throws(Failure) in try reader.counts() }
                default: return false
                }
                return true
            }
            guard let pid, let version, let startedAt, let intervalSeconds, let ticks, let ticksSkipped, let fetchesOK,
                let fetchesFailed
            else { throw .wrongType("daemon") }
            daemon.pid = pid
            daemon.version = version
            daemon.started_at = startedAt
            daemon.interval_seconds = intervalSeconds
            daemon.ticks = ticks
            daemon.ticks_skipped = ticksSkipped
            daemon.fetches_ok = fetchesOK
            daemon.fetches_failed = fetchesFailed
            return daemon
        }

        mutating func quota() throws(Failure) -> StateDocument.Quota {
            var windows: [String: StateDocument.Window] = [:]
            try members { (reader, key) throws(Failure) in
                guard key == "minute" || key == "hour" || key == "day" else { return false }
                var used: Double?
                var limit: Double?
                var resetsAt: String?
                try reader.members { (reader, key) throws(Failure) in
                    switch key {
                    case "used": used = try reader.double()
                    case "limit": limit = try reader.double()
                    case "resets_at": resetsAt = try reader.string()
                    default: return false
                    }
                    return true
                }
                guard let used, let limit, let resetsAt else { throw .wrongType("quota") }
                windows[key.text] = StateDocument.Window(used: used, limit: limit, resets_at: resetsAt)
                return true
            }
            guard let minute = windows["minute"], let hour = windows["hour"], let day = windows["day"] else {
                throw .wrongType("quota")
            }
            return StateDocument.Quota(minute: minute, hour: hour, day: day)
        }

        mutating func display() throws(Failure) -> StateDocument.DisplayEntry {
            var display = StateDocument.DisplayEntry()
            try members { (reader, key) throws(Failure) in
                let member: WritableKeyPath<StateDocument.DisplayEntry, String?>
                switch key {
                case "text": member = \.text
                case "icons": member = \.icons
                case "clock": member = \.clock
                case "air_quality_index": member = \.air_quality_index
                default: return false
                }
                display[keyPath: member] = try reader.optionalString()
                return true
            }
            return display
        }

        /// An object of integers (`source_requests`).
        mutating func counts() throws(Failure) -> [String: Int] {
            var counts: [String: Int] = [:]
            guard try json.beginObject({ "" }) else { throw .wrongType("") }
            var first = true
            while let key = try json.member(&first) {
                let name = try text(key)
                guard counts.updateValue(try int(), forKey: name) == nil else { throw .wrongType(name) }
            }
            return counts
        }

        // MARK: - Values, as JSONDecoder reads them

        /// The members of an object: `read` reads the value of each it knows and returns true, or returns
        /// false (without reading) for one it skips. A key with an escape, or a known key given twice, ends
        /// the reading.
        mutating func members(_ read: (inout Reader, JSONScanner.Key) throws(Failure) -> Bool) throws(Failure) {
            guard try json.beginObject({ "" }) else { throw .wrongType("") }
            var first = true
            var seen: [UnsafeBufferPointer<UInt8>] = []
            while let key = try json.member(&first) {
                guard key.escaped == nil, !seen.contains(where: { $0.elementsEqual(key.raw) }) else {
                    throw .wrongType("")
                }
                if try read(&self, key) {
                    seen.append(key.raw)
                } else {
                    // JSONDecoder makes a String of every key, and refuses one that is not UTF-8.
                    guard String(validating: key.raw, as: UTF8.self) != nil else { throw .wrongType("") }
                    try json.skipValue()
                }
            }
        }

        mutating func optionalString() throws(Failure) -> String? {
            try optional { (reader) throws(Failure) in try reader.string() }
        }

        mutating func optionalInt() throws(Failure) -> Int? {
            try optional { (reader) throws(Failure) in try reader.int() }
        }

        mutating func optionalDouble() throws(Failure) -> Double? {
            try optional { (reader) throws(Failure) in try reader.double() }
        }

        /// nil for `null`, else what `read` reads.
        mutating func optional<Value>(_ read: (inout Reader) throws(Failure) -> Value) throws(Failure) -> Value? {
            if try json.peek() == UInt8(ascii: "n") {
                try json.skipValue()
                return nil
            }
            return try read(&self)
        }

        mutating func array<Element>(_ read: (inout Reader) throws(Failure) -> Element) throws(Failure) -> [Element] {
            guard try json.beginArray({ "" }) else { throw .wrongType("") }
            var elements: [Element] = []
            var first = true
            while try json.element(&first) { elements.append(try read(&self)) }
            return elements
        }

        /// An integer written as one (`-?[0-9]+`), within Int's range.
        mutating func int() throws(Failure) -> Int {
            _ = try json.peek()
            let start = json.index
            guard try json.number({ "" }) != nil,
                let value = Int(String(decoding: json.bytes[start..<json.index], as: UTF8.self))
            else { throw .wrongType("") }
            return value
        }

        /// A number a Double holds (JSONDecoder refuses one that overflows to infinity).
        mutating func double() throws(Failure) -> Double {
            guard let value = try json.number({ "" }), value.isFinite else { throw .wrongType("") }
            return value
        }

        mutating func string() throws(Failure) -> String {
            guard try json.peek() == UInt8(ascii: "\"") else { throw .wrongType("") }
            return try text(try json.stringBytes())
        }

        /// A string's text: valid UTF-8, without an escaped surrogate (which JSONDecoder may read otherwise
        /// than ``JSONScanner`` does).
        private func text(_ key: JSONScanner.Key) throws(Failure) -> String {
            if key.escaped != nil {
                let raw = key.raw
                for index in raw.indices.dropLast(2) where raw[index] == UInt8(ascii: "\\") {
                    if raw[index + 1] == UInt8(ascii: "u"), raw[index + 2] | 0x20 == UInt8(ascii: "d") {
                        throw .wrongType("")
                    }
                }
            }
            guard
                let text = key.escaped.map({ String(validating: $0, as: UTF8.self) })
                    ?? String(validating: key.raw, as: UTF8.self)
            else { throw .wrongType("") }
            return text
        }
    }
}
