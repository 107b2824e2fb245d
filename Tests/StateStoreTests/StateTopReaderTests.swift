import Foundation
import Testing

@testable import StateStore

/// The top of the state file as `status --follow` reads it: what StateTopReader reads is what JSONDecoder
/// reads, member for member, and what it would read otherwise it leaves to JSONDecoder.
@Suite("StateTopReader")
struct StateTopReaderTests {
    /// Every member of the top and of `daemon` set, as the daemon writes them (and `locations` emptied, as
    /// StateReader hands the top over).
    private static let everyMember = """
        {"schema_version":1,"generated_at":"2026-12-07T09:46:50Z","current_location":"tokyo","rotation_index":7,\
        "daemon":{"pid":14608,"version":"0.1.0","started_at":"2026-12-07T09:45:40Z",\
        "stopped_at":"2026-12-07T10:45:40Z","interval_seconds":10,"timeout_seconds":5.5,\
        "stale_after_seconds":1800,"refresh":"auto","ticks":8,"ticks_fetched":4,"ticks_skipped":1,\
        "ticks_from_cache":4,"ticks_missed":2,"fetches_ok":4,"fetches_failed":3,"requests":4,\
        "backoff_until":"2026-12-07T09:50:00Z","backoff_cause":"rate_limited",\
        "cache_file":"/var/lib/weatherd/cache \\"A\\"\\n.json",\
        "quota":{"day":{"limit":10000,"resets_at":"2026-12-08T00:00:00Z","used":9.6},\
        "hour":{"limit":5000,"resets_at":"2026-12-07T10:00:00Z","used":9.6},\
        "minute":{"limit":600,"resets_at":"2026-12-07T09:47:00Z","used":2.4}},\
        "api_clock_offset_seconds":-0.2084949016571045,\
        "api_clock_samples":[-0.2129688262939453,-0.2083721160888672,1e-3,2.5E2],\
        "display":{"air_quality_index":"european","clock":"24h","icons":"emoji","text":"{icon} Zürich"},\
        "rain_episodes":["2026-12-07T09:00:00Z"],"source_requests":{"open-meteo":4,"met-norway":2}},\
        "locations":[]}
        """

    private static func jsonDecoder(_ text: String) -> StateDocument? {
        try? JSONDecoder().decode(StateDocument.self, from: Data(text.utf8))
    }

    /// The two documents as sorted JSON: the same text when every member is the same.
    private static func same(_ a: StateDocument?, _ b: StateDocument?) -> Bool {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        guard let a, let b, let first = try? encoder.encode(a), let second = try? encoder.encode(b) else {
            return false
        }
        return first == second
    }

    /// The path of the first member left nil in `value` (through Optional and @Nullable), or nil.
    private static func firstNil(_ value: Any, _ path: String = "") -> String? {
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .optional {
            guard let wrapped = mirror.children.first?.value else { return path }
            return firstNil(wrapped, path)
        }
        guard mirror.displayStyle == .struct else { return nil }
        for child in mirror.children {
            let name = (child.label ?? "?").replacingOccurrences(of: "_wrappedValue", with: "")
            if let found = firstNil(child.value, path + "." + name) { return found }
        }
        return nil
    }

    @Test func everyMemberReadsAsJSONDecoderReadsIt() throws {
        let decoded = try #require(Self.jsonDecoder(Self.everyMember))
        // The fixture sets every member: a member added to the document must be added here and to the reader.
        #expect(Self.firstNil(decoded.daemon) == nil, "not set in the fixture: \(Self.firstNil(decoded.daemon) ?? "")")
        let read = try #require(StateTopReader.read(Array(Self.everyMember.utf8)))
        #expect(Self.same(read, decoded))
        #expect(read.daemon.cache_file == "/var/lib/weatherd/cache \"A\"\n.json")
        #expect(read.daemon.source_requests == ["open-meteo": 4, "met-norway": 2])
    }

    /// Texts that read the same both ways: optional members absent or null, members it does not know (of
    /// every type), white space, numbers in every spelling a Double takes.
    @Test(arguments: [
        #"{"schema_version":1,"generated_at":"g","daemon":{"pid":1,"version":"v","started_at":"s","interval_seconds":1,"ticks":0,"ticks_skipped":0,"fetches_ok":0,"fetches_failed":0},"locations":[]}"#,
        #"{"schema_version":1,"generated_at":"g","current_location":null,"rotation_index":null,"daemon":{"pid":1,"version":"v","started_at":"s","stopped_at":null,"interval_seconds":0.5e1,"ticks":0,"ticks_skipped":0,"fetches_ok":0,"fetches_failed":0,"quota":null,"display":null,"backoff_until":null,"source_requests":null},"locations":[]}"#,
        " { \"later\" : {\"a\":[1,{\"b\":null}],\"c\":true} , \"schema_version\" : 1 , \"generated_at\" : \"g\" ,\n"
            + "\"daemon\" : { \"pid\" : -3 , \"new\" : [false] , \"version\" : \"v\" , \"started_at\" : \"s\" , "
            + "\"interval_seconds\" : -0 , \"ticks\" : 0 , \"ticks_skipped\" : 0 , \"fetches_ok\" : 0 , "
            + "\"fetches_failed\" : 0 , \"display\" : {\"text\":\"\\u00e9\\t\",\"extra\":1} } , \"locations\" : [ ] }\n",
    ])
    func readsAsJSONDecoderReadsIt(text: String) throws {
        let decoded = try #require(Self.jsonDecoder(text))
        #expect(Self.same(StateTopReader.read(Array(text.utf8)), decoded))
    }

    /// What it leaves to JSONDecoder (nil), whether JSONDecoder reads it or not.
    @Test(arguments: [
        // a key with an escape, a known key twice
        Self.everyMember.replacingOccurrences(of: #""ticks":8"#, with: #""tick\u0073":8"#),
        Self.everyMember.replacingOccurrences(of: #""ticks":8"#, with: #""ticks":8,"ticks":9"#),
        Self.everyMember.replacingOccurrences(of: #""used":2.4"#, with: #""used":2.4,"used":3"#),
        Self.everyMember.replacingOccurrences(of: #""open-meteo":4"#, with: #""open-meteo":4,"open-meteo":5"#),
        // an integer not written as one, or too large; a Double that overflows
        Self.everyMember.replacingOccurrences(of: #""pid":14608"#, with: #""pid":14608.0"#),
        Self.everyMember.replacingOccurrences(of: #""pid":14608"#, with: #""pid":1e4"#),
        Self.everyMember.replacingOccurrences(of: #""pid":14608"#, with: #""pid":99999999999999999999"#),
        Self.everyMember.replacingOccurrences(of: #""used":2.4"#, with: #""used":1e400"#),
        // null or nothing where a value is required; another type
        Self.everyMember.replacingOccurrences(of: #""version":"0.1.0""#, with: #""version":null"#),
        Self.everyMember.replacingOccurrences(of: #""version":"0.1.0","#, with: ""),
        Self.everyMember.replacingOccurrences(of: #""refresh":"auto""#, with: #""refresh":1"#),
        Self.everyMember.replacingOccurrences(of: #""hour":{"#, with: #""hours":{"#),
        // an escaped surrogate; entries left in `locations`; something after the document
        Self.everyMember.replacingOccurrences(of: #"Zürich"#, with: #"\ud83c\udf27"#),
        Self.everyMember.replacingOccurrences(of: #""locations":[]"#, with: #""locations":[{}]"#),
        Self.everyMember + "}",
    ])
    func leavesToJSONDecoder(text: String) {
        #expect(StateTopReader.read(Array(text.utf8)) == nil)
    }

    /// A string that is not UTF-8 is left to JSONDecoder too.
    @Test func leavesInvalidUTF8ToJSONDecoder() {
        var bytes = Array(Self.everyMember.utf8)
        let at = bytes.firstIndex(of: UInt8(ascii: "Z"))!
        bytes[at] = 0xFF
        #expect(StateTopReader.read(bytes) == nil)
    }

    /// So is a member it does not know whose key is not UTF-8 (JSONDecoder makes a String of every key).
    @Test func leavesAnUnknownKeyThatIsNotUTF8ToJSONDecoder() {
        var bytes = Array(Self.everyMember.replacingOccurrences(of: #""ticks":8"#, with: #""ticks":8,"X":0"#).utf8)
        let at = bytes.firstIndex(of: UInt8(ascii: "X"))!
        bytes[at] = 0xFF
        #expect((try? JSONDecoder().decode(StateDocument.self, from: Data(bytes))) == nil)
        #expect(StateTopReader.read(bytes) == nil)
    }
}
