import Foundation
import Testing
import WeatherCore
import WeatherDisplay

@Suite("Waybar")
struct WaybarTests {
    private func module(
        _ snapshot: StateSnapshot = Fixture.snapshot(),
        focus: String? = nil,
        style: DisplayStyle = .standard,
        tooltipLocation: String? = nil
    ) throws -> [String: Any] {
        let line = Waybar.render(
            snapshot,
            focus: focus,
            health: .ok,
            now: Fixture.now,
            style: style,
            tooltipLocation: tooltipLocation
        )
        #expect(!line.contains("\n"))
        return try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }

    @Test func textFromTheTemplateAndRainSoonInClass() throws {
        let berlin = try module()
        #expect(berlin["text"] as? String == "🌧️ 2°C Berlin")
        #expect(berlin["class"] as? [String] == ["rain", "ok", "rain-soon"])
        #expect(berlin["alt"] as? String == "rain")
        // London has no nowcast: no rain-soon; its name is escaped in the text, not the template's markup.
        let style = DisplayStyle(template: try Template(parsing: "<b>{name}</b> {temperature:.1}{unit}"))
        let london = try module(focus: "london", style: style)
        #expect(london["text"] as? String == "<b>London &amp; Co</b> 7.6°C")
        #expect(london["class"] as? [String] == ["overcast", "ok"])
    }

    @Test func rainMoreThanHalfAnHourAwayIsNotSoon() throws {
        var snapshot = Fixture.snapshot()
        snapshot.locations[0].forecast?.nowcast = Fixture.nowcast.map { step in
            var step = step
            step.precipitation = step.time < Fixture.time("2026-11-22T14:00:00Z") ? 0 : step.precipitation
            return step
        }
        // 13:20Z: wet from 13:45Z in 25 min (soon); at 13:10Z it is 35 min away.
        #expect(try module(snapshot)["class"] as? [String] == ["rain", "ok", "rain-soon"])
        let line = Waybar.render(snapshot, focus: nil, health: .ok, now: Fixture.time("2026-11-22T13:10:00Z"))
        #expect(line.contains("\"class\":[\"rain\",\"ok\"]"), "\(line)")
    }

    @Test func tooltipLayout() throws {
        let tooltip = Waybar.tooltip(Fixture.snapshot(), shown: Fixture.berlin, now: Fixture.now)
        let space = "\u{2007}"
        #expect(
            tooltip == """
                Berlin: 2.0 °C, Slight rain, wind 16.9 km/h, 3 min ago
                  today: Slight rain, high 4.1 °C, low -0.8 °C, precipitation 80%, sunrise 07:35, sunset 15:56
                  ▂▃▅█▆▃▁  3–12°  rain 16–18h
                  rain in 25 min
                  Sun  🌧️  \(space)4° / -1°  80%
                  Mon  ⛅  13° / \(space)1°  \(space)5%
                  Tue  🌨️  -3° / -8°
                London & Co: 7.6 °C, Overcast, wind 16.9 km/h, 2 min ago
                """
        )
        // In the JSON the whole tooltip is escaped for Pango.
        let json = try module()
        #expect((json["tooltip"] as? String)?.contains("London &amp; Co: 7.6 °C") == true)
    }

    @Test func dayRowsAreMonospacedInTheJSONTooltip() throws {
        // Waybar's tooltip font is proportional: `Wed` is wider than `Fri`, so the figure-space padding
        // only lines the columns up in a monospaced font. The other lines keep the tooltip's font.
        let tooltip = try #require(try module()["tooltip"] as? String)
        let lines = tooltip.split(separator: "\n").map(String.init)
        let space = "\u{2007}"
        #expect(
            lines.filter { $0.contains("<tt>") } == [
                "  <tt>Sun  🌧️  \(space)4° / -1°  80%</tt>",
                "  <tt>Mon  ⛅  13° / \(space)1°  \(space)5%</tt>",
                "  <tt>Tue  🌨️  -3° / -8°</tt>",
            ]
        )
        #expect(lines[0] == "Berlin: 2.0 °C, Slight rain, wind 16.9 km/h, 3 min ago")
        #expect(lines.last == "London &amp; Co: 7.6 °C, Overcast, wind 16.9 km/h, 2 min ago")
        // Without the tags it is the unescaped tooltip, escaped.
        let plain = Waybar.tooltip(Fixture.snapshot(), shown: Fixture.berlin, now: Fixture.now)
        let untagged = tooltip.replacingOccurrences(of: "<tt>", with: "").replacingOccurrences(of: "</tt>", with: "")
        #expect(untagged == Waybar.markup(plain))
    }

    @Test func tooltipPinnedToALocation() throws {
        let tooltip = try #require(try module(tooltipLocation: "london")["tooltip"] as? String)
        let lines = tooltip.split(separator: "\n").map(String.init)
        #expect(lines.first == "London &amp; Co: 7.6 °C, Overcast, wind 16.9 km/h, 2 min ago")
        #expect(lines[1] == "Berlin: 2.0 °C, Slight rain, wind 16.9 km/h, 3 min ago")
        // The text stays on the shown location; an unknown pin falls back to it.
        #expect(try module(tooltipLocation: "london")["text"] as? String == "🌧️ 2°C Berlin")
        let unknown = try #require(try module(tooltipLocation: "paris")["tooltip"] as? String)
        #expect(unknown.hasPrefix("Berlin: "))
    }

    @Test func twelveHourClockAndNerdIconsInTheTooltip() throws {
        let style = DisplayStyle(icons: .nerd, clock: .twelveHour)
        let tooltip = Waybar.tooltip(Fixture.snapshot(), shown: Fixture.berlin, style: style, now: Fixture.now)
        #expect(tooltip.contains("sunrise 7:35 AM, sunset 3:56 PM"))
        #expect(tooltip.contains("rain 4–6 PM"))
        #expect(tooltip.contains("Sun  \u{E308}  "))
    }

    @Test func aDeadDaemonIsSaidInTheTooltip() {
        let later = Fixture.time("2026-11-22T14:20:00Z")
        let tooltip = Waybar.tooltip(Fixture.snapshot(), shown: Fixture.berlin, now: later)
        #expect(tooltip.hasSuffix("\nweatherd: state written 60 min ago (daemon not running?)"))
    }

    /// Escaping works on the bytes: a reserved character is escaped even when a combining mark follows it
    /// (`<` and U+0338 are one Character), and text without one comes back as it is.
    @Test func markupEscapesReservedCharactersWhateverFollows() {
        #expect(Waybar.markup("a <\u{338} b & c") == "a &lt;\u{338} b &amp; c")
        #expect(Waybar.markup("Zürich ☔ 7°") == "Zürich ☔ 7°")
    }
}

/// A location on a later weather source (docs/sources.md): the bar says so.
@Suite("Waybar: the weather source")
struct WaybarSourceTests {
    private func module(_ snapshot: StateSnapshot, style: DisplayStyle) throws -> [String: Any] {
        let line = Waybar.render(snapshot, focus: "berlin", health: .ok, now: Fixture.now, style: style)
        return try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }

    @Test func aLocationOnALaterSourceHasTheFallbackClassAndItsSourceInThePlaceholder() throws {
        var snapshot = Fixture.snapshot()
        let berlin = try #require(snapshot.locations.firstIndex { $0.location.id == "berlin" })
        snapshot.locations[berlin].source = .metNorway
        snapshot.locations[berlin].fallbackSince = snapshot.generatedAt
        let style = DisplayStyle(template: try Template(parsing: "{name} ({source})"))
        let fallback = try module(snapshot, style: style)
        #expect((fallback["class"] as? [String])?.contains("fallback") == true)
        #expect(fallback["text"] as? String == "Berlin (met-norway)")
        snapshot.locations[berlin].source = .openMeteo
        snapshot.locations[berlin].fallbackSince = nil
        let back = try module(snapshot, style: style)
        #expect((back["class"] as? [String])?.contains("fallback") == false)
        #expect(back["text"] as? String == "Berlin (open-meteo)")
    }
}
