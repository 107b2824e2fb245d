import JSONScan
import WeatherCore

/// Reads a Locationforecast answer's JSON in one pass over its bytes into ``LocationforecastDTO``: the
/// members weatherd uses are read, every other value is checked and skipped. Strict about JSON as RFC 8259
/// writes it (nesting up to 512 levels, like `JSONDecoder`; escapes and control characters in strings;
/// number syntax; nothing after the document), not about the UTF-8 of strings it skips. A member of the
/// wrong type is named by its path; of a repeated member the first counts.
///
/// A reader may stop at a time (``read(_:through:)``): the time steps after the first one past it, and the
/// rest of the document, are then neither read nor checked. `geometry` is read only when it comes before
/// `properties`, as MET sends it.
///
/// Not `JSONDecoder`: its keyed container for each JSON object (ten a time step) made the decoding cost
/// nine Open-Meteo decodes. Measured with callgrind (release build), one whole decode of the look-alike's
/// answer of 101 steps (46 KB) into a `Forecast` with 25 hours and 7 days: through `JSONDecoder` 18.0 M
/// instructions, through this reader 2.3 M (MET's own answer has 85 steps, 37 KB: about 1.9 M); Open-Meteo's
/// answer with every block (`ForecastDecoder`: current, nowcast, 25 hours, 7 days) 2.0 M.
struct LocationforecastReader {
    /// Why a body could not be read.
    typealias Failure = JSONScanner.Failure

    /// The body, as JSON.
    private var json: JSONScanner
    /// The time after which no step is wanted.
    private let limit: Timestamp
    /// Whether a step past `limit` was read: the reading ends there.
    private var stopped = false

    private init(_ bytes: UnsafeBufferPointer<UInt8>, limit: Timestamp) {
        json = JSONScanner(bytes)
        self.limit = limit
    }

    /// The answer in `body`, its time steps up to the first one after `limit` (all of them by default): read
    /// in place when its bytes are contiguous (a `ByteBuffer`'s are), else from a copy.
    static func read(
        _ body: some Collection<UInt8>,
        through limit: Timestamp = Timestamp(secondsSinceEpoch: .infinity)
    ) throws(Failure) -> LocationforecastDTO {
        func document(_ buffer: UnsafeBufferPointer<UInt8>) -> Result<LocationforecastDTO, Failure> {
            Result { () throws(Failure) in
                var reader = LocationforecastReader(buffer, limit: limit)
                return try reader.document()
            }
        }
        let result =
            body.withContiguousStorageIfAvailable(document) ?? ContiguousArray(body).withUnsafeBufferPointer(document)
        return try result.get()
    }

    // MARK: - Locationforecast's members

    private mutating func document() throws(Failure) -> LocationforecastDTO {
        guard try json.peek() == UInt8(ascii: "{") else {
            try json.skipValue()
            try json.end()
            throw .notAnObject
        }
        var dto = LocationforecastDTO()
        _ = try json.beginObject { "" }
        var first = true
        while let key = try json.member(&first) {
            if key == "geometry", dto.geometry == nil {
                dto.geometry = try geometry()
            } else if key == "properties", dto.properties == nil {
                dto.properties = try properties()
                if stopped { return dto }
            } else {
                try json.skipValue()
            }
        }
        try json.end()
        return dto
    }

    private mutating func geometry() throws(Failure) -> LocationforecastDTO.Geometry? {
        guard try json.beginObject({ "geometry" }) else { return nil }
        var geometry = LocationforecastDTO.Geometry()
        var first = true
        while let key = try json.member(&first) {
            guard key == "coordinates", geometry.coordinates == nil else {
                try json.skipValue()
                continue
            }
            guard try json.beginArray({ "geometry.coordinates" }) else { continue }
            var coordinates: [Double] = []
            var firstElement = true
            while try json.element(&firstElement) {
                guard let value = try json.number({ "geometry.coordinates[\(coordinates.count)]" }) else {
                    throw .wrongType("geometry.coordinates[\(coordinates.count)]")
                }
                coordinates.append(value)
            }
            geometry.coordinates = coordinates
        }
        return geometry
    }

    private mutating func properties() throws(Failure) -> LocationforecastDTO.Properties? {
        guard try json.beginObject({ "properties" }) else { return nil }
        var properties = LocationforecastDTO.Properties()
        var first = true
        while let key = try json.member(&first) {
            guard key == "timeseries", properties.timeseries == nil else {
                try json.skipValue()
                continue
            }
            guard try json.beginArray({ "properties.timeseries" }) else { continue }
            var steps: [LocationforecastDTO.Step] = []
            steps.reserveCapacity(100)
            var firstElement = true
            while try json.element(&firstElement) {
                let step = try step("properties.timeseries[\(steps.count)]")
                steps.append(step)
                if step.time > limit {
                    stopped = true
                    break
                }
            }
            properties.timeseries = steps
            if stopped { return properties }
        }
        return properties
    }

    private mutating func step(_ path: @autoclosure () -> String) throws(Failure) -> LocationforecastDTO.Step {
        guard try json.beginObject(path) else { throw .wrongType(path()) }
        var time: Timestamp?
        var data: LocationforecastDTO.StepData?
        var first = true
        while let key = try json.member(&first) {
            if key == "time", time == nil {
                guard try json.peek() == UInt8(ascii: "\"") else {
                    try json.skipValue()
                    throw .wrongType(path() + ".time")
                }
                let text = try json.stringBytes()
                guard text.escaped == nil, let parsed = Timestamp(rfc3339: text.raw) else {
                    throw .notATime(path() + ".time", String(text.text.prefix(40)))
                }
                time = parsed
            } else if key == "data", data == nil {
                data = try stepData({ path() + ".data" })
            } else {
                try json.skipValue()
            }
        }
        guard let time else { throw .wrongType(path() + ".time") }
        return LocationforecastDTO.Step(time: time, data: data)
    }

    private mutating func stepData(_ path: () -> String) throws(Failure) -> LocationforecastDTO.StepData? {
        guard try json.beginObject(path) else { return nil }
        var data = LocationforecastDTO.StepData()
        var first = true
        while let key = try json.member(&first) {
            if key == "instant", data.instant == nil {
                data.instant = try instant({ path() + ".instant" })
            } else if key == "next_1_hours", data.next_1_hours == nil {
                data.next_1_hours = try period({ path() + ".next_1_hours" })
            } else if key == "next_6_hours", data.next_6_hours == nil {
                data.next_6_hours = try period({ path() + ".next_6_hours" })
            } else if key == "next_12_hours", data.next_12_hours == nil {
                data.next_12_hours = try period({ path() + ".next_12_hours" })
            } else {
                try json.skipValue()
            }
        }
        return data
    }

    /// The members of `instant.details` weatherd reads.
    private enum Detail {
        case pressure, temperature, cloudCover, humidity, direction, speed
    }

    private mutating func instant(_ path: () -> String) throws(Failure) -> LocationforecastDTO.Instant? {
        guard try json.beginObject(path) else { return nil }
        var instant = LocationforecastDTO.Instant()
        var first = true
        while let key = try json.member(&first) {
            guard key == "details", instant.details == nil else {
                try json.skipValue()
                continue
            }
            guard try json.beginObject({ path() + ".details" }) else { continue }
            var details = LocationforecastDTO.InstantDetails()
            var firstDetail = true
            while let name = try json.member(&firstDetail) {
                let field: Detail
                switch name {
                case "air_pressure_at_sea_level": field = .pressure
                case "air_temperature": field = .temperature
                case "cloud_area_fraction": field = .cloudCover
                case "relative_humidity": field = .humidity
                case "wind_from_direction": field = .direction
                case "wind_speed": field = .speed
                default:
                    try json.skipValue()
                    continue
                }
                let value = try json.number({ path() + ".details." + name.text })
                switch field {
                case .pressure: details.air_pressure_at_sea_level = details.air_pressure_at_sea_level ?? value
                case .temperature: details.air_temperature = details.air_temperature ?? value
                case .cloudCover: details.cloud_area_fraction = details.cloud_area_fraction ?? value
                case .humidity: details.relative_humidity = details.relative_humidity ?? value
                case .direction: details.wind_from_direction = details.wind_from_direction ?? value
                case .speed: details.wind_speed = details.wind_speed ?? value
                }
            }
            instant.details = details
        }
        return instant
    }

    private mutating func period(_ path: () -> String) throws(Failure) -> LocationforecastDTO.Period? {
        guard try json.beginObject(path) else { return nil }
        var period = LocationforecastDTO.Period()
        var first = true
        while let key = try json.member(&first) {
            if key == "summary", period.summary == nil {
                guard try json.beginObject({ path() + ".summary" }) else { continue }
                var summary = LocationforecastDTO.Summary()
                var firstMember = true
                while let name = try json.member(&firstMember) {
                    guard name == "symbol_code", summary.symbol_code == nil else {
                        try json.skipValue()
                        continue
                    }
                    summary.symbol_code = try json.string({ path() + ".summary.symbol_code" })
                }
                period.summary = summary
            } else if key == "details", period.details == nil {
                guard try json.beginObject({ path() + ".details" }) else { continue }
                var details = LocationforecastDTO.PeriodDetails()
                var firstMember = true
                while let name = try json.member(&firstMember) {
                    guard name == "precipitation_amount", details.precipitation_amount == nil else {
                        try json.skipValue()
                        continue
                    }
                    details.precipitation_amount = try json.number({ path() + ".details.precipitation_amount" })
                }
                period.details = details
            } else {
                try json.skipValue()
            }
        }
        return period
    }
}
