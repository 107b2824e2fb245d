import Synchronization

/// The last answer of each URL as it came (compressed, about 3 KB), with its `Last-Modified`: what a 304
/// means "use your copy" of. A fetch reads only the steps it needs (the hours and days when they are
/// due), so a later fetch that asks for hours or days the answer was not read for, and gets a 304, reads
/// them from this copy; without it the 304 would leave them as they were until MET's data changed.
///
/// At most ``limit`` are kept (a reload can change the locations; past that many the copies are dropped and
/// the next 304s keep the data as it is). Behind a lock, as ``PreparedRequests``: a fetch runs in a child
/// task on NIO's event loop, and the lock is held for one lookup or one insert.
final class KeptAnswers: Sendable {
    /// One answer as it came.
    struct Answer: Sendable {
        /// Its `Last-Modified`, exactly as sent.
        var lastModified: String
        /// Its `Content-Encoding`.
        var encoding: String?
        /// Its body, as sent.
        var body: [UInt8]
    }

    /// How many answers are kept at most.
    static var limit: Int { 64 }

    private let storage = Mutex<[String: Answer]>([:])

    /// Keeps `answer` as the last of `url`.
    func keep(_ answer: Answer, for url: String) {
        storage.withLock { answers in
            if answers.count >= Self.limit, answers[url] == nil { answers.removeAll() }
            answers[url] = answer
        }
    }

    /// The last answer of `url`, when it was last modified at `lastModified`.
    func answer(for url: String, lastModified: String) -> Answer? {
        storage.withLock { answers in
            answers[url].flatMap { $0.lastModified == lastModified ? $0 : nil }
        }
    }
}
