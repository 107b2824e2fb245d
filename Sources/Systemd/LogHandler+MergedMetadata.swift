import Logging

extension LogHandler {
    /// The metadata of one entry, as swift-log layers it: the handler's own, then its provider's, then
    /// the entry's; a later layer wins a key.
    func mergedMetadata(_ explicit: Logger.Metadata?) -> Logger.Metadata {
        var merged = metadata
        if let provided = metadataProvider?.get() { merged.merge(provided) { $1 } }
        if let explicit { merged.merge(explicit) { $1 } }
        return merged
    }
}
