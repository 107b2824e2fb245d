#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import NIOCore

/// The slow and broken responses: drip, reset, oversized streaming.
extension FakeHTTPHandler {
    /// Sends `bytes[offset...]` one `step` every `milliseconds`, then ends the response.
    func drip(
        _ bytes: [UInt8],
        from offset: Int,
        step: Int,
        every milliseconds: Int,
        _ keepAlive: Bool,
        _ context: ChannelHandlerContext
    ) {
        guard isActive else { return }
        guard offset < bytes.count else {
            scheduledWrite = nil
            finish(keepAlive: keepAlive, context)
            return
        }
        scheduledWrite = context.eventLoop.assumeIsolated().scheduleTask(in: .milliseconds(Int64(milliseconds))) {
            guard self.isActive else { return }
            let end = min(offset + step, bytes.count)
            var chunk = context.channel.allocator.buffer(capacity: end - offset)
            chunk.writeBytes(bytes[offset..<end])
            context.writeAndFlush(self.wrapOutboundOut(.body(.byteBuffer(chunk))), promise: nil)
            self.drip(bytes, from: end, step: step, every: milliseconds, keepAlive, context)
        }
    }

    /// Closes the connection with `SO_LINGER` 0 so that the kernel sends an RST instead of a FIN.
    func reset(_ context: ChannelHandlerContext) {
        guard isActive else { return }
        guard let provider = context.channel as? any SocketOptionProvider else {
            context.close(promise: nil)
            return
        }
        provider.setSoLinger(linger(l_onoff: 1, l_linger: 0)).assumeIsolated().whenComplete { _ in
            context.close(promise: nil)
        }
    }

    /// Streams `body` from `offset` one slice at a time, each written only once the previous one has been
    /// accepted by the socket, so memory stays at one slice however big the body is.
    func stream(_ body: FillerBody, from offset: Int, _ keepAlive: Bool, _ context: ChannelHandlerContext) {
        guard isActive else { return }
        guard offset < body.total else {
            finish(keepAlive: keepAlive, context)
            return
        }
        let end = min(offset + FillerBody.chunkSize, body.total)
        var chunk = context.channel.allocator.buffer(capacity: end - offset)
        body.write(offset..<end, into: &chunk)
        context.writeAndFlush(wrapOutboundOut(.body(.byteBuffer(chunk)))).assumeIsolated().whenComplete { result in
            switch result {
            case .success:
                // Hop through the event loop so that synchronous completions do not grow the stack.
                context.eventLoop.assumeIsolated().execute {
                    self.stream(body, from: end, keepAlive, context)
                }
            case .failure:
                context.close(promise: nil)
            }
        }
    }
}
