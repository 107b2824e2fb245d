/// A CAP polygon (`"lat,lon lat,lon …"`, latitude first, the first point repeated at the end) and whether a
/// point lies inside it (even–odd rule; a point on an edge may fall either way).
struct CAPPolygon {
    /// The vertices as (latitude, longitude).
    var vertices: [(latitude: Double, longitude: Double)]

    /// Parses a CAP polygon; nil when a pair does not parse or fewer than three distinct vertices remain.
    init?(cap text: String) {
        var vertices: [(latitude: Double, longitude: Double)] = []
        for pair in text.split(whereSeparator: \.isWhitespace) {
            let parts = pair.split(separator: ",")
            guard parts.count == 2, let latitude = Double(parts[0]), let longitude = Double(parts[1]),
                (-90...90).contains(latitude), (-180...180).contains(longitude)
            else { return nil }
            vertices.append((latitude, longitude))
        }
        if let first = vertices.first, let last = vertices.last, vertices.count > 1,
            first.latitude == last.latitude, first.longitude == last.longitude
        {
            vertices.removeLast()
        }
        guard vertices.count >= 3 else { return nil }
        self.vertices = vertices
    }

    /// Whether the point lies inside.
    func contains(latitude: Double, longitude: Double) -> Bool {
        var inside = false
        var previous = vertices[vertices.count - 1]
        for vertex in vertices {
            if (vertex.latitude > latitude) != (previous.latitude > latitude) {
                let crossing =
                    vertex.longitude + (previous.longitude - vertex.longitude) * (latitude - vertex.latitude)
                    / (previous.latitude - vertex.latitude)
                if longitude < crossing { inside.toggle() }
            }
            previous = vertex
        }
        return inside
    }
}
