import Testing
import WeatherCore
import WeatherDisplay

@Suite("Template")
struct TemplateTests {
    private func error(_ text: String) -> TemplateError? {
        do {
            _ = try Template(parsing: text)
            return nil
        } catch {
            return error
        }
    }

    @Test func parsesLiteralsPlaceholdersAndDecimals() throws {
        let template = try Template(parsing: "<b>{icon}</b> {temperature:.1}{unit} {name}")
        #expect(
            template.parts == [
                .literal("<b>"), .placeholder(.icon, decimals: nil), .literal("</b> "),
                .placeholder(.temperature, decimals: 1), .placeholder(.unit, decimals: nil), .literal(" "),
                .placeholder(.name, decimals: nil),
            ]
        )
        #expect(Template.standard.parts.count == 6)
    }

    @Test func doubledBracesAreLiteral() throws {
        let template = try Template(parsing: "{{{name}}} }}{{")
        #expect(template.render { _, _ in "Berlin" } == "{Berlin} }{")
        #expect(try Template(parsing: "{{name}}").parts == [.literal("{name}")])
    }

    @Test func everyDocumentedPlaceholderIsKnown() throws {
        let names = [
            "icon", "name", "id", "temperature", "apparent_temperature", "unit", "condition", "description",
            "humidity", "wind_speed", "wind_unit", "wind_direction", "wind_arrow", "high", "low",
            "precipitation_probability", "precipitation_probability_6h", "nowcast", "tomorrow_icon",
            "tomorrow_high", "tomorrow_low", "sunrise", "sunset", "age", "alert", "alerts", "source", "aqi",
            "aqi_level", "uv", "pollen",
        ]
        #expect(Placeholder.allCases.map(\.rawValue) == names)
        for name in names { _ = try Template(parsing: "{\(name)}") }
    }

    @Test func errorsNameTheProblemTheColumnAndTheKnownNames() throws {
        let unknown = try #require(error("{icon} {tempreature}"))
        #expect(unknown == TemplateError(.unknownPlaceholder("tempreature"), column: 8))
        #expect(unknown.description.hasPrefix("unknown placeholder {tempreature} at column 8 of the template"))
        #expect(
            unknown.description.hasSuffix(
                "known placeholders: icon, name, id, temperature, "
                    + "apparent_temperature, unit, condition, description, humidity, wind_speed, wind_unit, "
                    + "wind_direction, wind_arrow, high, low, precipitation_probability, precipitation_probability_6h, "
                    + "nowcast, tomorrow_icon, tomorrow_high, tomorrow_low, sunrise, sunset, age, alert, alerts, source, "
                    + "aqi, aqi_level, uv, pollen"
            )
        )
        #expect(error("ab {}") == TemplateError(.emptyPlaceholder, column: 4))
        #expect(error("{name") == TemplateError(.unclosedBrace, column: 1))
        #expect(error("x {na{me}") == TemplateError(.unclosedBrace, column: 3))
        #expect(error("a } b") == TemplateError(.unmatchedClosingBrace, column: 3))
        #expect(error("{name}}") == TemplateError(.unmatchedClosingBrace, column: 7))
        #expect(
            error("{temperature:1}") == TemplateError(.badFormat(placeholder: "temperature", format: "1"), column: 1)
        )
        #expect(
            error("{temperature:.}") == TemplateError(.badFormat(placeholder: "temperature", format: "."), column: 1)
        )
        #expect(
            error("{temperature:.x}") == TemplateError(.badFormat(placeholder: "temperature", format: ".x"), column: 1)
        )
        #expect(
            error("{temperature:.7}")
                == TemplateError(.tooManyDecimals(placeholder: "temperature", decimals: "7"), column: 1)
        )
        #expect(error("{name:.1}") == TemplateError(.notANumber("name"), column: 1))
        #expect(error("{ name }") == TemplateError(.unknownPlaceholder(" name "), column: 1))
        // Columns count characters, not bytes.
        #expect(error("🌧️ °{x}")?.column == 4)
    }

    @Test func valuesAreEscapedAndTheLiteralTextIsNot() throws {
        let template = try Template(parsing: "<span color='red'>{name}</span> & co")
        let text = template.render(escape: Waybar.markup) { _, _ in "A & <B>" }
        #expect(text == "<span color='red'>A &amp; &lt;B&gt;</span> & co")
    }

    @Test func anEmptyValueLeavesNoDoubleNorEdgeSpaces() throws {
        let template = Template.standard
        let noWeather = template.render { placeholder, _ in
            placeholder == .icon ? "…" : placeholder == .name ? "Berlin" : nil
        }
        #expect(noWeather == "… Berlin")
        let noIcon = template.render { placeholder, _ in
            switch placeholder {
            case .temperature: "2"
            case .unit: "°C"
            case .name: "Berlin"
            default: ""
            }
        }
        #expect(noIcon == "2°C Berlin")
        let trailing = try Template(parsing: "{name} {nowcast}").render { placeholder, _ in
            placeholder == .name ? "Berlin" : nil
        }
        #expect(trailing == "Berlin")
        // Spaces the template writes between known values stay.
        let kept = try Template(parsing: "{name}  {id}").render { placeholder, _ in placeholder.rawValue }
        #expect(kept == "name  id")
    }
}
