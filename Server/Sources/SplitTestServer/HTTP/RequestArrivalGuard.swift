import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore
import NIOCore
import NIOHTTPTypes

/// Holds each connection to a deadline and answers, as problem+json, the requests the HTTP layer
/// refuses before any route sees them.
///
/// A request must arrive whole, its head and its body, within the timeout of its first byte;
/// otherwise the client gets `408` and the connection is closed. (Hummingbird's idle timeout
/// starts again with every piece of a body, so a client sending a byte now and then would hold a
/// connection forever; and it closes without a word.) A request that is not HTTP/1.1 gets `400`,
/// or `431` for a head over the decoder's limits, rather than Hummingbird's empty `400`. A
/// connection with nothing arriving and nothing to answer for as long is closed without a word:
/// an idle keep-alive connection, which a client opens again when it needs one.
///
/// It sits between the HTTP/1.1 codec and Hummingbird's request handling (one of
/// `HTTP1Channel.Configuration`'s additional channel handlers, one per connection), sees every
/// request part in and every response part out, and answers a refused request only when the next
/// response on the connection is that request's: one already answered, or being answered, is not
/// answered twice, and earlier requests of a pipeline get their answers first.
final class RequestArrivalGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    /// How long a request may take to arrive, and an idle connection to stay open.
    let timeout: TimeAmount
    /// The decoder's limits, which a head over them is told.
    let limits: HTTP1Channel.Configuration.DecoderConfiguration

    /// How long a refused connection still reads, and drops, what the client sends after its
    /// answer: closing with unread bytes resets the connection, and a client may lose the answer.
    static let linger = TimeAmount.milliseconds(500)

    /// Where the connection is in receiving requests.
    private enum Arrival {
        /// No request is arriving. Since the instant given, the connection has been open, or the
        /// last request has arrived whole, or (with nothing left to answer) the last answer ended.
        case between(since: NIODeadline)
        /// Bytes of a head have arrived since the instant given, not the whole head.
        case head(start: NIODeadline)
        /// A head has arrived, its request begun at the instant given; its body is not all here.
        case body(start: NIODeadline)
    }

    /// What happens to the connection once a request has been refused.
    private enum Refusal {
        /// The refused request is answered once this many earlier responses have been written.
        case answerAfter(responses: Int, Problem)
        /// The refused request's own response is being written: the connection closes after it.
        case closeAfterResponse
        /// Answered or closing: nothing more is read or written.
        case done
    }

    private var arrival = Arrival.between(since: .now())
    /// Requests whose head has arrived and whose response has not been written to its end.
    private var unanswered = 0
    /// Whether a response's head has been written and not yet its end.
    private var responding = false
    /// Request parts decoded since the last read from the socket completed.
    private var partsInRead = 0
    private var refusal: Refusal?
    private var timer: Scheduled<Void>?
    private var timerDeadline: NIODeadline?

    init(timeout: TimeAmount, limits: HTTP1Channel.Configuration.DecoderConfiguration) {
        self.timeout = timeout
        self.limits = limits
    }

    // MARK: Events

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { start(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        start(context)
        context.fireChannelActive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        cancelTimer()
    }

    func channelInactive(context: ChannelHandlerContext) {
        cancelTimer()
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        // After a refusal, what the client sends is no request of this connection's.
        guard refusal == nil else { return }
        partsInRead += 1
        switch unwrapInboundIn(data) {
        case .head:
            unanswered += 1
            if case .head(let start) = arrival {
                arrival = .body(start: start)
            } else {
                arrival = .body(start: .now())
            }
        case .body:
            break
        case .end:
            arrival = .between(since: .now())
        }
        arm(context)
        context.fireChannelRead(data)
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        // Bytes that gave no part between requests are the start of a head.
        if refusal == nil, partsInRead == 0, case .between = arrival {
            arrival = .head(start: .now())
            arm(context)
        }
        partsInRead = 0
        context.fireChannelReadComplete()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        // Once refused, the decoder's complaints about what follows are no news.
        guard refusal == nil else { return }
        guard let problem = Problem.malformedRequest(error, limits: limits) else {
            context.fireErrorCaught(error)
            return
        }
        refuse(context, problem)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .done = refusal {
            promise?.fail(ChannelError.outputClosed)
            return
        }
        switch unwrapOutboundIn(data) {
        case .head:
            responding = true
            context.write(data, promise: promise)
        case .body:
            context.write(data, promise: promise)
        case .end:
            responding = false
            unanswered -= 1
            switch refusal {
            case .closeAfterResponse?:
                refusal = .done
                let written = context.eventLoop.makePromise(of: Void.self)
                written.futureResult.cascade(to: promise)
                context.writeAndFlush(data, promise: written)
                written.futureResult.assumeIsolated().whenComplete { _ in self.close(context) }
            case .answerAfter(let responses, let problem)?:
                context.write(data, promise: promise)
                if responses <= 1 {
                    answer(context, problem)
                } else {
                    refusal = .answerAfter(responses: responses - 1, problem)
                }
            case .done?:
                promise?.fail(ChannelError.outputClosed)
            case nil:
                if unanswered == 0, case .between = arrival { arrival = .between(since: .now()) }
                arm(context)
                context.write(data, promise: promise)
            }
        }
    }

    // MARK: Refusing

    private func start(_ context: ChannelHandlerContext) {
        arrival = .between(since: .now())
        arm(context)
    }

    /// Refuses the request arriving now: answers it with `problem` as soon as it is its turn,
    /// unless it has been answered already, and closes the connection.
    private func refuse(_ context: ChannelHandlerContext, _ problem: Problem) {
        cancelTimer()
        // A request whose head has arrived counts among the unanswered; a route may be reading
        // its body, which must end in an error rather than look complete.
        let headArrived: Bool
        if case .body = arrival { headArrived = true } else { headArrived = false }
        let earlier = unanswered - (headArrived ? 1 : 0)
        if headArrived { context.fireErrorCaught(RequestRefusal(problem: problem)) }
        if earlier < 0 {
            // Answered already (a route that did not read the body it was sent).
            refusal = .done
            close(context)
        } else if earlier == 0 && responding {
            refusal = .closeAfterResponse
        } else if earlier == 0 {
            answer(context, problem)
        } else {
            refusal = .answerAfter(responses: earlier, problem)
        }
    }

    /// Writes `problem` as the connection's last response and closes it.
    private func answer(_ context: ChannelHandlerContext, _ problem: Problem) {
        refusal = .done
        let body = problem.body
        var fields = problem.headers
        fields[.contentType] = "application/problem+json"
        fields[.contentLength] = String(body.count)
        fields[.connection] = "close"
        fields[.date] = Self.httpDate()
        context.write(wrapOutboundOut(.head(HTTPResponse(status: problem.status, headerFields: fields))), promise: nil)
        context.write(wrapOutboundOut(.body(ByteBuffer(bytes: body))), promise: nil)
        let written = context.eventLoop.makePromise(of: Void.self)
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: written)
        written.futureResult.assumeIsolated().whenComplete { _ in self.close(context) }
    }

    /// Ends the output at once, so the client reads the end of the last answer, and the
    /// connection after ``linger``.
    private func close(_ context: ChannelHandlerContext) {
        cancelTimer()
        context.close(mode: .output, promise: nil)
        timer = context.eventLoop.assumeIsolated().scheduleTask(in: Self.linger) {
            context.close(promise: nil)
        }
    }

    /// Now as an HTTP date (`Sun, 06 Nov 1994 08:49:37 GMT`), which a 4xx answer carries.
    static func httpDate() -> String {
        var seconds = time(nil)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        func twoDigits(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(days[Int(parts.tm_wday)]), \(twoDigits(parts.tm_mday)) \(months[Int(parts.tm_mon)]) \(parts.tm_year + 1900) "
            + "\(twoDigits(parts.tm_hour)):\(twoDigits(parts.tm_min)):\(twoDigits(parts.tm_sec)) GMT"
    }

    // MARK: The deadline

    /// When the connection is due: a request's first byte plus the timeout, or the end of the
    /// last answer plus the timeout when it is idle; `nil` while requests are being answered.
    private var deadline: NIODeadline? {
        switch arrival {
        case .between(let since): unanswered == 0 ? since + timeout : nil
        case .head(let start), .body(let start): start + timeout
        }
    }

    /// Makes sure the timer fires by the deadline. A timer due earlier is left: it looks again
    /// when it fires, so that a request answered in time costs no rescheduling.
    private func arm(_ context: ChannelHandlerContext) {
        guard refusal == nil, let deadline else { return }
        if let timerDeadline, timerDeadline <= deadline { return }
        timer?.cancel()
        timerDeadline = deadline
        timer = context.eventLoop.assumeIsolated().scheduleTask(deadline: deadline) { self.due(context) }
    }

    private func due(_ context: ChannelHandlerContext) {
        timer = nil
        timerDeadline = nil
        guard refusal == nil, let deadline else { return }
        guard NIODeadline.now() >= deadline else {
            arm(context)
            return
        }
        if case .between = arrival {
            refusal = .done
            context.close(promise: nil)
        } else {
            refuse(context, .requestTimeout(timeout))
        }
    }

    private func cancelTimer() {
        timer?.cancel()
        timer = nil
        timerDeadline = nil
    }
}

@available(*, unavailable)
extension RequestArrivalGuard: Sendable {}
