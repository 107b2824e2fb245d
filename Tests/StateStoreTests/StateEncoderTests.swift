import Foundation
import Testing
import WeatherCore
import WeatherTestSupport

@testable import StateStore

@Suite("StateEncoder")
struct StateEncoderTests {
    private func parse(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// Every key of `expected` is in `actual` with the same JSON type and value (additions are allowed).
    private func expectContains(_ expected: Any, _ actual: Any?, at path: String) {
        switch expected {
        case let object as [String: Any]:
            guard let actualObject = actual as? [String: Any] else {
                Issue.record("\(path): expected an object, got \(String(describing: actual))")
                return
            }
            for (key, value) in object {
                guard let actualValue = actualObject[key] else {
                    Issue.record("\(path).\(key): missing")
                    continue
                }
                expectContains(value, actualValue, at: "\(path).\(key)")
            }
        case let array as [Any]:
            guard let actualArray = actual as? [Any], actualArray.count == array.count else {
                Issue.record("\(path): expected an array of \(array.count), got \(String(describing: actual))")
                return
            }
            for (index, value) in array.enumerated() {
                expectContains(value, actualArray[index], at: "\(path)[\(index)]")
            }
        case is NSNull:
            #expect(actual is NSNull, "\(path) should be null")
        case let string as String:
            #expect(actual as? String == string, "\(path)")
        case let number as NSNumber:
            guard let actualNumber = actual as? NSNumber, !(actual is String) else {
                Issue.record("\(path): expected number \(number), got \(String(describing: actual))")
                return
            }
            #expect(actualNumber.doubleValue == number.doubleValue, "\(path)")
        default:
            Issue.record("\(path): unexpected value in the documented example")
        }
    }

    @Test func specExampleFieldsAndValues() throws {
        let output = StateEncoder.encode(DocumentedExample.snapshot)
        let spec = try parse(DocumentedExample.json)
        let actual = try parse(output)
        expectContains(spec, actual, at: "$")

        // Spot checks with explicit types.
        #expect(actual["schema_version"] as? Int == 1)
        let daemon = try #require(actual["daemon"] as? [String: Any])
        #expect(daemon["backoff_until"] is NSNull)
        let location = try #require((actual["locations"] as? [Any])?.first as? [String: Any])
        #expect(location["last_error"] is NSNull)
        let weather = try #require(location["weather"] as? [String: Any])
        #expect(
            weather["units"] as? [String: String] == ["temperature": "°C", "wind_speed": "km/h", "precipitation": "mm"]
        )
    }

    /// Numbers in the shortest form that reads back as the same value (a whole 2.0 is written `2`, the
    /// same JSON number), booleans as `true`/`false`, and `null` where docs/state-file.md shows it.
    @Test func numberAndBooleanStyle() {
        let output = StateEncoder.encode(DocumentedExample.snapshot)
        for fragment in [
            #""temperature":2,"#, #""apparent_temperature":-1.3,"#, #""relative_humidity":81,"#,
            #""precipitation":0.2,"#, #""cloud_cover":100,"#, #""wind_speed":16.9,"#, #""wind_direction":254,"#,
            #""wind_gusts":30.2,"#, #""is_day":true,"#, #""wmo_code":61"#, #""interval_seconds":10,"#,
            #""latitude":52.52,"#, #""longitude":13.41,"#, #""backoff_until":null,"#, #""last_error":null,"#,
            #""used":1.6}"#, #""used":36.8}"#,
        ] {
            #expect(output.contains(fragment), "missing \(fragment)")
        }
    }

    @Test func oneLineWithTrailingNewline() {
        let output = StateEncoder.encode(variedSnapshot())
        #expect(output.hasSuffix("}\n"))
        #expect(output.filter { $0 == "\n" }.count == 1)
    }

    @Test func everyTimeIsRFC3339UTCWithSeconds() throws {
        let actual = try parse(StateEncoder.encode(variedSnapshot()))
        var times: [String] = []
        func collect(_ value: Any, key: String) {
            if let object = value as? [String: Any] {
                for (key, value) in object { collect(value, key: key) }
            } else if let array = value as? [Any] {
                for value in array { collect(value, key: key) }
            } else if let string = value as? String,
                key.hasSuffix("_at") || key.hasSuffix("_until")
                    || ["at", "time", "sunrise", "sunset"].contains(key)
            {
                times.append(string)
            }
        }
        collect(actual, key: "")
        // generated_at, started_at, backoff_until, 3 quota resets_at, 3 fetched_at, 3 observed_at,
        // 2 last_error.at, Berlin's next_refresh_at and its outlook's fetched_at, sunrise and sunset
        #expect(times.count == 18)
        let pattern = try Regex(#"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$"#)
        for time in times {
            #expect(time.wholeMatch(of: pattern) != nil, "\(time)")
        }
        #expect(actual["generated_at"] as? String == "2026-11-22T04:05:06Z")
        #expect((actual["daemon"] as? [String: Any])?["backoff_until"] as? String == "2026-11-22T04:06:00Z")

        // The forecast's times too: Berlin's 3 hours, 2 days (fetched_at; the first's sunrise and sunset),
        // 9 steps, the summary's start and end, each block's fetch; New York's day and its today.
        times = []
        collect(try parse(StateEncoder.encode(forecastSnapshot())), key: "")
        #expect(times.count == 18 + 3 + 4 + 9 + 2 + 3 + 3)
        for time in times {
            #expect(time.wholeMatch(of: pattern) != nil, "\(time)")
        }
    }

    @Test func absentWeatherFieldsAreOmittedNotNullOrZero() throws {
        let t = DocumentedExample.generatedAt
        var snapshot = DocumentedExample.snapshot
        snapshot.locations[0].weather = Weather(observedAt: t, temperature: 3.0, windSpeed: .nan, windGusts: .infinity)
        let location = try #require(
            (try parse(StateEncoder.encode(snapshot))["locations"] as? [Any])?.first as? [String: Any]
        )
        let weather = try #require(location["weather"] as? [String: Any])
        #expect(Set(weather.keys) == ["observed_at", "temperature", "units"])
        #expect((weather["temperature"] as? NSNumber)?.doubleValue == 3.0)
    }

    @Test func locationWithoutWeatherHasNullWeather() throws {
        let actual = try parse(StateEncoder.encode(variedSnapshot()))
        let locations = try #require(actual["locations"] as? [[String: Any]])
        #expect(locations.map { $0["id"] as? String } == ["berlin", "nyc", "tokyo", "sparse", "pending-place"])
        #expect(locations.map { $0["status"] as? String } == ["ok", "error", "error", "stale", "pending"])
        #expect(locations[2]["weather"] is NSNull)
        #expect(locations[4]["weather"] is NSNull)
        #expect(locations[4]["fetched_at"] is NSNull)
        #expect(actual["current_location"] is NSNull)
        #expect(actual["rotation_index"] is NSNull)
        // An unknown code is still described.
        let sparse = try #require(locations[3]["weather"] as? [String: Any])
        #expect(sparse["wmo_code"] as? Int == 42)
        #expect(sparse["condition"] as? String == "unknown")
        #expect(sparse["description"] as? String == "Unknown weather code 42")
    }

    @Test func lastErrorObject() throws {
        let actual = try parse(StateEncoder.encode(variedSnapshot()))
        let locations = try #require(actual["locations"] as? [[String: Any]])
        let limited = try #require(locations[1]["last_error"] as? [String: Any])
        #expect(Set(limited.keys) == ["kind", "message", "http_status", "at"])
        #expect(limited["kind"] as? String == "rate_limited")
        #expect(limited["message"] as? String == "HTTP 429: Daily API request limit exceeded")
        #expect(limited["http_status"] as? Int == 429)
        #expect(limited["at"] as? String == "2026-11-22T04:05:01Z")
        // The last good weather stays beside the error.
        let kept = try #require(locations[1]["weather"] as? [String: Any])
        #expect(
            kept["units"] as? [String: String] == ["temperature": "°F", "wind_speed": "mph", "precipitation": "inch"]
        )
        #expect(kept["is_day"] as? Bool == false)

        let timeout = try #require(locations[2]["last_error"] as? [String: Any])
        #expect(Set(timeout.keys) == ["kind", "message", "http_status", "at"])
        #expect(timeout["kind"] as? String == "timeout")
        #expect(timeout["http_status"] is NSNull)
    }

    @Test(
        "hostile strings stay valid JSON and round-trip",
        arguments: [
            #"quote " inside"#,
            #"back\slash \\ and \u0041"#,
            "new\nline and\r\ncarriage",
            "nul \u{0000} byte",
            "line separator \u{2028} and \u{2029}",
            "controls \u{01}\u{1F}\u{7F}\t",
            "emoji 🌧️ and São Paulo",
            "other 0xE2 lead bytes: € … \u{2027} \u{202A}",
            "ends in a lead byte of U+2028's kind: \u{2029}",
            "</script><!--",
            String(repeating: "x\"\\\n", count: 2_500),  // 10 kB
        ]
    )
    func hostileStrings(name: String) throws {
        var snapshot = DocumentedExample.snapshot
        snapshot.locations[0].location.name = name
        snapshot.locations[0].location.id = name
        snapshot.daemon.version = name
        snapshot.locations[0].lastError = ErrorRecord(
            kind: .http,
            message: name,
            httpStatus: 400,
            at: DocumentedExample.generatedAt
        )
        let output = StateEncoder.encode(snapshot)
        #expect(output.filter { $0 == "\n" }.count == 1)
        let actual = try parse(output)
        let location = try #require((actual["locations"] as? [[String: Any]])?.first)
        #expect(location["name"] as? String == name)
        #expect(location["id"] as? String == name)
        #expect((location["last_error"] as? [String: Any])?["message"] as? String == name)
        #expect((actual["daemon"] as? [String: Any])?["version"] as? String == name)
    }

    @Test("escaping is exact: only what JSON needs, plus U+2028 and U+2029")
    func exactEscapes() {
        var output: [UInt8] = []
        JSONWriter.appendEscaped("a\"b\\c\n\r\t\u{01}\u{7F}\u{2028}\u{2029}€…/", to: &output)
        #expect(String(decoding: output, as: UTF8.self) == #""a\"b\\c\n\r\t\u0001\u007f\u2028\u2029€…/""#)
    }

    @Test("a key is written as it is only when it needs no escaping (checked in debug builds)")
    func keysNeedNoEscaping() {
        #expect(JSONWriter.needsNoEscaping("wind_speed_10m"))
        #expect(!JSONWriter.needsNoEscaping("a\"b"))
        #expect(!JSONWriter.needsNoEscaping("a\\b"))
        #expect(!JSONWriter.needsNoEscaping("a\nb"))
        #expect(!JSONWriter.needsNoEscaping("zürich"))
        // The ends of printable ASCII pass; the characters just outside them do not.
        #expect(JSONWriter.needsNoEscaping(" ~"))
        #expect(!JSONWriter.needsNoEscaping("a\u{7F}"))
        #expect(!JSONWriter.needsNoEscaping("a\u{1F}"))
    }

    @Test("integers and numbers are written as String and NumberFormat.json write them")
    func numbersMatchTheirStrings() {
        for value in [0, 7, -7, 10, 99, 100, -100, 1_000_000_007, Int.max, Int.min] {
            var json = JSONWriter()
            json.int(nil, value)
            #expect(json.output == String(value))
        }
        let doubles = [0, -0.0, 81, -81, 16.9, 0.1, 1e15 - 1, -(1e15 - 1), 1e15, 1e300, 2.5e-8, 9_007_199_254_740_993]
        for value in doubles {
            var json = JSONWriter()
            json.number(nil, value)
            #expect(json.output == NumberFormat.json(value), "\(value)")
        }
        var json = JSONWriter()
        json.beginArray()
        json.number(nil, .nan)
        json.number(nil, .infinity)
        json.int(nil, nil)
        json.endArray()
        #expect(json.output == "[null,null,null]")
    }
}

/// The state file's text is written by hand from ``StateDocument`` (for speed, see its `write(to:)`);
/// these hold it to what `JSONEncoder` makes of the same document.
@Suite("StateEncoder against JSONEncoder")
struct StateEncoderReferenceTests {
    private static func reference(_ snapshot: StateSnapshot) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(StateDocument(snapshot)), as: UTF8.self) + "\n"
    }

    @Test func byteForByteForEveryShape() throws {
        for snapshot in [
            DocumentedExample.snapshot, variedSnapshot(), forecastSnapshot(), alertSnapshot(), airSnapshot(),
            airSnapshot(scale: .us),
        ] {
            #expect(StateEncoder.encode(snapshot) == (try Self.reference(snapshot)))
        }
        var bare = DocumentedExample.snapshot
        bare.currentLocation = nil
        bare.rotationIndex = nil
        bare.locations = []
        #expect(StateEncoder.encode(bare) == (try Self.reference(bare)))
    }

    /// Strings `JSONEncoder` escapes otherwise (DEL, U+2028) read back the same.
    @Test func hostileStringsReadBackTheSame() throws {
        var snapshot = DocumentedExample.snapshot
        let name = "quote \" back\\slash \n\r\t \u{01}\u{7F} \u{2028}\u{2029} 🌧️ </script>"
        snapshot.locations[0].location.name = name
        snapshot.daemon.version = name
        let ours = try StateDecoder.decode(Array(StateEncoder.encode(snapshot).utf8))
        let theirs = try StateDecoder.decode(Array(try Self.reference(snapshot).utf8))
        #expect(ours == theirs)
        #expect(ours.locations[0].location.name == name)
    }
    /// The encoder that copies unchanged location entries writes, at every step of a run, the bytes the
    /// static encoder makes of the same snapshot: when time alone moves (the nowcast summary changes
    /// with it), when one location's state changes, when locations are added, removed or reordered, when
    /// the next refresh moves within its written second and past it.
    @Test func rememberedEntriesAreTheTextOfTheirSnapshot() throws {
        var encoder = StateEncoder()
        var snapshot = forecastSnapshot()
        var steps: [StateSnapshot] = [snapshot]
        snapshot.daemon.ticks += 1
        snapshot.currentLocation = snapshot.locations[1].location.id
        steps.append(snapshot)  // nothing of a location changed
        snapshot.generatedAt = snapshot.generatedAt.adding(seconds: 600)
        steps.append(snapshot)  // the nowcast's summary moves on with the time
        snapshot.locations[1].status = .stale
        steps.append(snapshot)  // one location changed
        snapshot.locations[0].forecast?.hourly.removeFirst()
        steps.append(snapshot)  // one location's hours slid
        snapshot.locations.reverse()
        steps.append(snapshot)
        snapshot.locations.removeLast()
        steps.append(snapshot)
        snapshot.locations.append(forecastSnapshot().locations[0])
        steps.append(snapshot)
        snapshot.locations[0].location.name = "Z\u{FC}rich"
        steps.append(snapshot)
        snapshot.locations[0].location.name = "Zu\u{308}rich"  // the same text decomposed: other bytes
        steps.append(snapshot)
        // The next refresh moves by fractions of a second from tick to tick: within the written second
        // the entry is copied, into the next one it is written anew.
        snapshot.locations[0].nextRefreshAt = Timestamp(secondsSinceEpoch: 1_800_000_000.25)
        steps.append(snapshot)
        snapshot.locations[0].nextRefreshAt = Timestamp(secondsSinceEpoch: 1_800_000_000.75)
        steps.append(snapshot)
        snapshot.locations[0].nextRefreshAt = Timestamp(secondsSinceEpoch: 1_800_000_001.1)
        steps.append(snapshot)
        steps.append(DocumentedExample.snapshot)
        var summaries: Set<String> = []
        for (index, step) in steps.enumerated() {
            // Compared as bytes: `String`'s == takes composed and decomposed text as equal.
            let expected = StateEncoder.encodedBytes(step)
            let same = encoder.encodedBytes(step) == expected
            #expect(same, "step \(index): not the bytes of \(String(decoding: expected, as: UTF8.self).prefix(300))")
            summaries.insert(String(decoding: expected, as: UTF8.self).contains("rain in 23 min") ? "early" : "late")
        }
        #expect(summaries == ["early", "late"], "the time step changes the nowcast's summary")
    }
}
