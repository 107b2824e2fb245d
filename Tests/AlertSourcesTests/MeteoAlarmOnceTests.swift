import Testing

@testable import AlertSources
@testable import WeatherCore

/// A MeteoAlarm country feed is decoded once per poll, its warnings then matched to each member location:
/// the same warnings as decoding it for each place.
@Suite("MeteoAlarm: one feed for many locations")
struct MeteoAlarmOnceTests {
    static let square = "52.0,4.0 53.0,4.0 53.0,6.0 52.0,6.0 52.0,4.0"

    static func feedBody() -> [UInt8] {
        MeteoAlarmFeed.body([
            MeteoAlarmFeed.warning(
                id: "m1",
                infos: [MeteoAlarmFeed.info(areas: [MeteoAlarmFeed.area("North", geocodes: [("XX001", "EMMA_ID")])])]
            ),
            MeteoAlarmFeed.warning(
                id: "m2",
                infos: [
                    MeteoAlarmFeed.info(
                        event: "Rain",
                        level: "3; orange; Severe",
                        areas: [MeteoAlarmFeed.area("Coast", polygons: [square])]
                    )
                ]
            ),
            MeteoAlarmFeed.warning(
                id: "m3",
                infos: [
                    MeteoAlarmFeed.info(
                        event: "Snow",
                        areas: [
                            MeteoAlarmFeed.area("North", geocodes: [("XX001", "EMMA_ID")]),
                            MeteoAlarmFeed.area("South", geocodes: [("XX002", "EMMA_ID")]),
                        ]
                    )
                ]
            ),
        ])
    }

    static let places: [(id: String, place: MeteoAlarmDecoder.Place)] = [
        ("north", .code("XX001")),
        ("south", .code("XX002")),
        ("coast", .point(latitude: 52.5, longitude: 5.0)),
        ("inland", .point(latitude: 40, longitude: 5.0)),
    ]

    @Test func eachLocationGetsWhatDecodingForItAloneGives() throws {
        let body = Self.feedBody()
        let lists = try MeteoAlarmDecoder.decode(body, for: Self.places)
        #expect(lists.keys.sorted() == ["coast", "inland", "north", "south"])
        for (id, place) in Self.places {
            #expect(lists[id] == (try MeteoAlarmDecoder.decode(body, for: place)), "\(id)")
        }
        #expect(lists["north"]?.map(\.id) == ["m1", "m3"])
        #expect(lists["north"]?.last?.area == "North")
        #expect(lists["south"]?.map(\.area) == ["South"])
        #expect(lists["coast"]?.map(\.severity) == [.severe])
        #expect(lists["inland"] == [])
    }

    @Test func theSourceMatchesEachMemberByItsCodeElseItsPoint() throws {
        let members = [
            AlertFeed.Member(locationID: "north", code: "XX001", latitude: 52.5, longitude: 5.0),
            AlertFeed.Member(locationID: "coast", latitude: 52.5, longitude: 5.0),
        ]
        let feed = AlertFeed(source: .meteoalarm, country: "netherlands", members: members, host: "example")
        let lists = try MeteoAlarmAlertSource(language: .english).alerts(in: Self.feedBody(), for: feed)
        #expect(lists["north"]?.map(\.id) == ["m1", "m3"])
        #expect(lists["coast"]?.map(\.id) == ["m2"])
    }

    @Test func aBadTimeFailsOnlyThePlacesItsWarningAppliesTo() throws {
        let body = MeteoAlarmFeed.body([
            MeteoAlarmFeed.warning(
                id: "m1",
                infos: [
                    MeteoAlarmFeed.info(
                        onset: "tomorrow",
                        areas: [MeteoAlarmFeed.area("North", geocodes: [("XX001", "EMMA_ID")])]
                    )
                ]
            )
        ])
        #expect(try MeteoAlarmDecoder.decode(body, for: [(id: "south", place: .code("XX002"))]) == ["south": []])
        #expect(throws: FetchError.self) {
            try MeteoAlarmDecoder.decode(
                body,
                for: [(id: "south", place: .code("XX002")), (id: "north", place: .code("XX001"))]
            )
        }
    }
}
