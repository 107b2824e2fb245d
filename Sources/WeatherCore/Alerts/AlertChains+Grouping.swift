extension AlertChains {
    /// The previous chains (indices into ``chains``) and the polled messages (indices into the poll) that
    /// form one chain after a poll.
    struct Group: Equatable {
        var chains: [Int] = []
        var messages: [Int] = []
    }

    /// Groups the previous `chains` and the `polled` messages: linked by shared ids and references, then
    /// Bright Sky's vanished chains to the new messages that succeed them. Groups come in the order of their
    /// first member: previous chains first, then new messages in poll order.
    static func groups(chains: [AlertChain], polled: [Alert]) -> [Group] {
        var sets = DisjointSets(count: chains.count + polled.count)
        var owner: [String: Int] = [:]
        func link(_ key: String, _ node: Int) {
            if let other = owner[key] { sets.union(other, node) } else { owner[key] = node }
        }
        for (index, chain) in chains.enumerated() {
            for id in chain.messageIDs.sorted() { link(id, index) }
        }
        for (index, alert) in polled.enumerated() {
            for key in [alert.id] + alert.references { link(key, chains.count + index) }
        }
        var groups = collect(&sets, chains: chains.count, messages: polled.count)
        // A DWD update arrives under a new id while the old one vanishes: same event, overlapping times.
        var vanished = groups.filter { $0.messages.isEmpty && !chains[$0.chains[0]].alert.source.terms.namesReferences }
        var joined = false
        for group in groups where group.chains.isEmpty {
            let messages = group.messages.map { polled[$0] }
            guard let newest = newest(messages), !newest.source.terms.namesReferences else { continue }
            let match = vanished.firstIndex { candidate in
                let old = chains[candidate.chains[0]].alert
                return old.source == newest.source && old.event.lowercased() == newest.event.lowercased()
                    && old.overlaps(newest)
            }
            guard let match else { continue }
            sets.union(vanished[match].chains[0], chains.count + group.messages[0])
            vanished.remove(at: match)
            joined = true
        }
        if joined { groups = collect(&sets, chains: chains.count, messages: polled.count) }
        return groups
    }

    private static func collect(_ sets: inout DisjointSets, chains: Int, messages: Int) -> [Group] {
        var groups: [Group] = []
        var position: [Int: Int] = [:]
        for node in 0..<(chains + messages) {
            let root = sets.find(node)
            let index = position[root] ?? groups.count
            if index == groups.count {
                position[root] = index
                groups.append(Group())
            }
            if node < chains { groups[index].chains.append(node) } else { groups[index].messages.append(node - chains) }
        }
        return groups
    }
}

/// Union–find over `0..<count`, with path halving.
private struct DisjointSets {
    private var parent: [Int]

    init(count: Int) { parent = Array(0..<count) }

    mutating func find(_ node: Int) -> Int {
        var node = node
        while parent[node] != node {
            parent[node] = parent[parent[node]]
            node = parent[node]
        }
        return node
    }

    mutating func union(_ lhs: Int, _ rhs: Int) {
        let (left, right) = (find(lhs), find(rhs))
        if left != right { parent[max(left, right)] = min(left, right) }
    }
}
