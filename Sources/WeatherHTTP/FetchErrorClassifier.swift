import AsyncHTTPClient
import NIOCore
import NIOHTTP1
import NIOPosix
import WeatherCore

/// Sorts what can go wrong in one fetch into the error classes of docs/fetching.md.
package enum FetchErrorClassifier {
    /// The error for a non-2xx response that arrived when the host's wall clock read `receivedAt`; `reason`
    /// is the API's own error text read from its body (nil: the body was not the API's error document).
    package static func classify(
        status: Int,
        headers: HTTPHeaders,
        reason: String? = nil,
        receivedAt: Timestamp = HTTPDate.hostNow()
    ) -> FetchError {
        var error = classifyStatus(status, headers: headers, reason: reason, receivedAt: receivedAt)
        // Only an answer that is the API's own (its error body) tells the API's time: a captive portal
        // or a broken proxy answering every request with its own wrong `Date` tells nothing.
        if error.reason != nil { error.apiClockSample = HTTPDate.clockSample(headers, receivedAt: receivedAt) }
        return error
    }

    private static func classifyStatus(
        _ status: Int,
        headers: HTTPHeaders,
        reason: String?,
        receivedAt: Timestamp
    ) -> FetchError {
        let detail = reason.map { ": \($0)" } ?? ""
        var error: FetchError
        switch status {
        case 429:
            error = FetchError(kind: .rateLimited, message: "rate limited (HTTP 429)\(detail)")
        case 503:
            error = FetchError(kind: .unavailable, message: "service unavailable (HTTP 503)\(detail)")
        default:
            let text = HTTPResponseStatus(statusCode: status).reasonPhrase
            error = FetchError(kind: .http, message: "HTTP \(status)\(reason == nil ? " \(text)" : detail)")
        }
        error.httpStatus = status
        error.reason = reason
        // Only a limit or an overload says when to come back.
        if error.kind != .http { error.retryAfterSeconds = HTTPDate.retryAfter(headers, receivedAt: receivedAt) }
        return error
    }

    /// The error for a failed request (no complete response).
    static func classify(_ error: any Error, timeout: Duration, bodyLimit: Int) -> FetchError {
        if error is ResponseAccumulator.ResponseTooBigError {
            return FetchError(kind: .invalidResponse, message: "invalid response: body over \(bodyLimit / 1024) KiB")
        }
        if error is CancellationError {
            return FetchError(kind: .network, message: "request cancelled")
        }
        if let error = error as? HTTPClientError {
            switch error {
            case .deadlineExceeded, .readTimeout, .connectTimeout, .writeTimeout, .getConnectionFromPoolTimeout,
                .tlsHandshakeTimeout:
                return timedOut(timeout)
            case .remoteConnectionClosed:
                return FetchError(kind: .network, message: "connection closed by the server")
            case .cancelled:
                return FetchError(kind: .network, message: "request cancelled")
            case .invalidURL, .emptyHost, .emptyScheme:
                return FetchError(kind: .network, message: "invalid URL")
            default:
                return FetchError(kind: .network, message: error.shortDescription.lowercased())
            }
        }
        if error is HTTPParserError {
            return FetchError(kind: .invalidResponse, message: "invalid response: malformed HTTP (\(error))")
        }
        if let error = error as? IOError {
            return FetchError(kind: .network, message: describe(errno: error.errnoCode))
        }
        if let error = error as? NIOConnectionError {
            if error.dnsAError != nil || error.dnsAAAAError != nil, error.connectionErrors.isEmpty {
                return FetchError(kind: .network, message: "cannot resolve \(error.host)")
            }
            if let first = error.connectionErrors.first {
                if let io = first.error as? IOError {
                    return FetchError(
                        kind: .network,
                        message: "cannot connect to \(error.host): \(describe(errno: io.errnoCode))"
                    )
                }
                return FetchError(kind: .network, message: "cannot connect to \(error.host): \(first.error)")
            }
            return FetchError(kind: .network, message: "cannot connect to \(error.host)")
        }
        if let error = error as? ChannelError, case .connectTimeout = error {
            return timedOut(timeout)
        }
        let name = String(describing: type(of: error))
        if name.contains("SSL") || name.contains("TLS") {
            return FetchError(kind: .network, message: tlsMessage(String(describing: error)))
        }
        return FetchError(kind: .network, message: String(String(describing: error).prefix(200)))
    }

    /// A short TLS message from a NIOSSL error's description: BoringSSL's reason code
    /// (`WRONG_VERSION_NUMBER`, `CERTIFICATE_VERIFY_FAILED`), without build paths.
    static func tlsMessage(_ description: String) -> String {
        let marker = "OPENSSL_internal:"
        var rest = Substring(description)
        while !rest.isEmpty, !rest.hasPrefix(marker) { rest = rest.dropFirst() }
        if !rest.isEmpty {
            let reason = rest.dropFirst(marker.count).prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            if !reason.isEmpty { return "TLS handshake failed: \(reason)" }
        }
        let kind = description.prefix { $0.isLetter || $0.isNumber }
        return kind.isEmpty ? "TLS failure" : "TLS failure: \(kind)"
    }

    static func timedOut(_ timeout: Duration) -> FetchError {
        FetchError(kind: .timeout, message: "timed out after \(DurationParser.formatForPeople(timeout))")
    }

    private static func describe(errno code: Int32) -> String {
        switch code {
        case 111: "connection refused"
        case 104: "connection reset by peer"
        case 110: "connection timed out"
        case 113: "no route to host"
        case 101: "network unreachable"
        case 32: "broken pipe"
        default: "I/O error \(code)"
        }
    }
}
