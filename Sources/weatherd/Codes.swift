import ArgumentParser
import StateStore
import WeatherConfiguration
import WeatherCore
import WeatherDisplay

/// `weatherd codes`: the WMO code table.
struct Codes: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Print the WMO weather code table.")

    @Option(name: .long, help: "Output format: text or json.")
    var format: TextOrJSON = .text

    @OptionGroup var language: LanguageOption

    func run() {
        language.use()
        switch format {
        case .json:
            var json = JSONWriter()
            json.beginArray()
            for code in WMOCode.known {
                json.beginObject()
                json.int("code", code.rawValue)
                json.string("condition", code.condition.rawValue)
                json.string("category", code.category.rawValue)
                json.string("description", code.description)
                json.endObject()
            }
            json.endArray()
            print(json.output)
        case .text:
            // The conditions and categories are the state file's values; the headings and descriptions are for
            // people, in the language in use.
            let headings = CommandText.codesHeadings
            print(pad(headings[0], 6) + pad(headings[1], 19) + pad(headings[2], 15) + headings[3])
            for code in WMOCode.known {
                print(
                    pad(String(code.rawValue), 6) + pad(code.condition.rawValue, 19)
                        + pad(code.category.rawValue, 15) + Words.description(code)
                )
            }
        }
    }
}

/// `text` padded with spaces to `width` characters.
func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
}
