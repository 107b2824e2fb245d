import WeatherCore

extension Language {
    /// The primary subtags (`de` of `de-DE`) a source may tag this language's texts with, in groups, best
    /// first: the code itself; for Norwegian Bokmål `nb` and `no` (Norwegian, which the services write in
    /// Bokmål), then `nn` (Nynorsk, which a reader of Bokmål reads).
    var sourceTags: [Set<String>] {
        self == .norwegianBokmal ? [["nb", "no"], ["nn"]] : [[rawValue]]
    }

    /// Of texts each tagged with a language (`de-DE`, `EN-gb`, `no`), the index of the best for this
    /// language: its own, else English, else the first; nil when there are none.
    func preferredIndex(of tags: [String?]) -> Int? {
        let subtags = tags.map { $0.map(Self.primarySubtag) }
        for wanted in sourceTags + Language.english.sourceTags {
            if let index = subtags.firstIndex(where: { $0.map(wanted.contains) ?? false }) { return index }
        }
        return tags.isEmpty ? nil : 0
    }

    /// `tag`'s primary subtag, lower-cased: `de` of `de-DE` or `DE_at`.
    static func primarySubtag(_ tag: String) -> String {
        tag.prefix { $0 != "-" && $0 != "_" }.lowercased()
    }
}
