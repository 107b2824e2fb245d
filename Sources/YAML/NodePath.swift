/// The key path of the node being composed, kept as components and rendered only for an error, so a
/// long key costs nothing per node below it.
struct NodePath {
    private enum Component {
        case key(String)
        case index(Int)
    }

    private var components: [Component] = []

    mutating func push(key: String) { components.append(.key(key)) }
    mutating func push(index: Int) { components.append(.index(index)) }
    mutating func pop() { components.removeLast() }

    /// `api.base_url`, `locations[1].name`; empty at the root.
    func rendered(appending key: String? = nil) -> String {
        var text = ""
        for component in components {
            switch component {
            case .key(let name): text += text.isEmpty ? name : ".\(name)"
            case .index(let index): text += "[\(index)]"
            }
        }
        if let key { text += text.isEmpty ? key : ".\(key)" }
        return text
    }
}
