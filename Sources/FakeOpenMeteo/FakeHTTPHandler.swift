import NIOCore
import NIOHTTP1

/// Per-connection handler behind `configureHTTPServerPipeline`: records each request and plays the
/// ``FakeResponse`` the server's handler picks for it.
///
/// Everything here runs on the connection's event loop. Pipelined requests are held back by NIO's
/// `HTTPServerPipelineHandler` until the previous response has ended.
final class FakeHTTPHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let state: ServerState
    private var requestHead: HTTPRequestHead?
    /// False once the connection is gone: every pending timer and stream stops at its next step.
    private(set) var isActive = true
    /// The pending drip timer, cancelled when the connection goes away.
    var scheduledWrite: Scheduled<Void>?

    init(state: ServerState) {
        self.state = state
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            requestHead = head
        case .body:
            break
        case .end:
            guard let head = requestHead else { return }
            requestHead = nil
            let (request, handler) = state.record(
                method: head.method.rawValue,
                uri: head.uri,
                headers: head.headers.map { ($0.name, $0.value) }
            )
            play(handler(request), keepAlive: head.isKeepAlive, context: context)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        stop()
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        stop()
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        // A reset by the peer, a parse error, a failed write: the connection is done, the server is not.
        stop()
        context.close(promise: nil)
    }

    private func stop() {
        isActive = false
        scheduledWrite?.cancel()
        scheduledWrite = nil
    }

    private func play(_ response: FakeResponse, keepAlive: Bool, context: ChannelHandlerContext) {
        switch response {
        case .body(let status, let contentType, let body, let headers):
            let bytes = context.channel.allocator.buffer(string: body)
            write(status: status, contentType: contentType, bytes: bytes, headers: headers, keepAlive, context)
        case .bytes(let status, let contentType, let body, let headers):
            let bytes = context.channel.allocator.buffer(bytes: body)
            write(status: status, contentType: contentType, bytes: bytes, headers: headers, keepAlive, context)
        case .hang:
            break
        case .drip(let body, let bytesPerChunk, let intervalMilliseconds):
            let bytes = Array(body.utf8)
            writeHead(status: 200, contentLength: bytes.count, extra: jsonType, keepAlive: keepAlive, context)
            context.flush()
            drip(bytes, from: 0, step: max(1, bytesPerChunk), every: max(0, intervalMilliseconds), keepAlive, context)
        case .resetAfter(let partialBody):
            let bytes = context.channel.allocator.buffer(string: partialBody)
            let promisedLength = bytes.readableBytes * 2 + 64
            writeHead(status: 200, contentLength: promisedLength, extra: jsonType, keepAlive: keepAlive, context)
            context.writeAndFlush(wrapOutboundOut(.body(.byteBuffer(bytes)))).assumeIsolated().whenComplete { _ in
                self.reset(context)
            }
        case .oversized(let total):
            writeHead(status: 200, contentLength: nil, extra: jsonType, keepAlive: keepAlive, context)
            stream(FillerBody(total: total), from: 0, keepAlive, context)
        case .closeImmediately:
            stop()
            context.close(promise: nil)
        }
    }

    /// Writes a whole response: the head with `Content-Length`, the body, the end.
    private func write(
        status: Int,
        contentType: String,
        bytes: ByteBuffer,
        headers: [(String, String)],
        _ keepAlive: Bool,
        _ context: ChannelHandlerContext
    ) {
        var extra = [("Content-Type", contentType)]
        extra.append(contentsOf: headers)
        writeHead(status: status, contentLength: bytes.readableBytes, extra: extra, keepAlive: keepAlive, context)
        context.write(wrapOutboundOut(.body(.byteBuffer(bytes))), promise: nil)
        finish(keepAlive: keepAlive, context)
    }

    private var jsonType: [(String, String)] { [("Content-Type", "application/json; charset=utf-8")] }

    /// Writes (without flushing) a response head; `contentLength` nil means chunked.
    func writeHead(
        status: Int,
        contentLength: Int?,
        extra: [(String, String)],
        keepAlive: Bool,
        _ context: ChannelHandlerContext
    ) {
        var headers = HTTPHeaders()
        if let contentLength {
            headers.add(name: "Content-Length", value: String(contentLength))
        } else {
            headers.add(name: "Transfer-Encoding", value: "chunked")
        }
        headers.add(name: "Connection", value: keepAlive ? "keep-alive" : "close")
        if let date = state.dateHeader { headers.add(name: "Date", value: date) }
        let framing: Set = ["content-length", "transfer-encoding", "connection", "content-type", "date"]
        for (name, value) in extra {
            if framing.contains(name.lowercased()) {
                headers.replaceOrAdd(name: name, value: value)
            } else {
                headers.add(name: name, value: value)
            }
        }
        let head = HTTPResponseHead(version: .http1_1, status: HTTPResponseStatus(statusCode: status), headers: headers)
        context.write(wrapOutboundOut(.head(head)), promise: nil)
    }

    /// Ends the response and, unless the client keeps the connection alive, closes it once the end is written.
    func finish(keepAlive: Bool, _ context: ChannelHandlerContext) {
        let written = context.writeAndFlush(wrapOutboundOut(.end(nil)))
        if !keepAlive {
            written.assumeIsolated().whenComplete { _ in context.close(promise: nil) }
        }
    }
}

@available(*, unavailable)
extension FakeHTTPHandler: Sendable {}
