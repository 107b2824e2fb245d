import AsyncHTTPClient
import NIOCore
import NIOHTTP1

/// Collects a response body up to a size limit, failing the request as soon as the limit is passed
/// (by `Content-Length` or by bytes received), so an oversized body is never buffered.
final class BoundedBodyCollector: HTTPClientResponseDelegate, @unchecked Sendable {
    // Mutated only on the request's event loop, as AsyncHTTPClient guarantees for delegates.
    typealias Response = (head: HTTPResponseHead, body: ByteBuffer)

    /// The body grew past the limit.
    struct BodyTooLarge: Error {
        let limit: Int
    }

    private let limit: Int
    private var head: HTTPResponseHead?
    private var body: ByteBuffer?

    init(limit: Int) {
        self.limit = limit
    }

    func didReceiveHead(task: HTTPClient.Task<Response>, _ head: HTTPResponseHead) -> EventLoopFuture<Void> {
        self.head = head
        if let length = head.headers.first(name: "content-length").flatMap(Int.init), length > limit {
            return task.eventLoop.makeFailedFuture(BodyTooLarge(limit: limit))
        }
        return task.eventLoop.makeSucceededVoidFuture()
    }

    func didReceiveBodyPart(task: HTTPClient.Task<Response>, _ buffer: ByteBuffer) -> EventLoopFuture<Void> {
        var buffer = buffer
        if body == nil {
            body = buffer
        } else {
            guard body!.readableBytes + buffer.readableBytes <= limit else {
                return task.eventLoop.makeFailedFuture(BodyTooLarge(limit: limit))
            }
            body!.writeBuffer(&buffer)
        }
        guard body!.readableBytes <= limit else {
            return task.eventLoop.makeFailedFuture(BodyTooLarge(limit: limit))
        }
        return task.eventLoop.makeSucceededVoidFuture()
    }

    func didFinishRequest(task: HTTPClient.Task<Response>) throws -> Response {
        guard let head else { throw HTTPClientError.remoteConnectionClosed }
        return (head, body ?? ByteBuffer())
    }
}
