import Foundation
import SplitTesting
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One GET whose body is cut off as soon as it passes a size limit (by `Content-Length` or by
/// the bytes received), and which ends after a timeout whatever the server does.
final class BoundedDownload: NSObject, URLSessionDataDelegate, Sendable {

    /// What went wrong.
    enum Failure: Error, Sendable, Hashable {
        case network(String)
        case timedOut
        case tooLarge
        case truncated(received: Int, expected: Int)
    }

    typealias Outcome = Result<(status: Int, etag: String?, body: Data), Failure>

    /// What has arrived so far, and whether the download has ended; the continuation is resumed
    /// exactly once, outside the lock.
    private struct Transfer: Sendable {
        var body = Data()
        var response: HTTPURLResponse?
        var continuation: CheckedContinuation<Outcome, Never>?
        var finished = false
    }

    private let limit: Int
    private let transfer = Locked(Transfer())

    private init(limit: Int) {
        self.limit = limit
    }

    /// Fetches `request`, returning at the latest `timeout` seconds after it starts.
    static func fetch(_ request: URLRequest, limit: Int, timeout: TimeInterval) async -> Outcome {
        let download = BoundedDownload(limit: limit)
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        let session = URLSession(configuration: configuration, delegate: download, delegateQueue: nil)
        return await withCheckedContinuation { continuation in
            download.transfer.withLock { $0.continuation = continuation }
            let task = session.dataTask(with: request)
            task.resume()
            // The session keeps its delegate until invalidated; this lets the task end first.
            session.finishTasksAndInvalidate()
            DispatchQueue.global().asyncAfter(deadline: .now() + timeout) {
                if download.finish(.failure(.timedOut)) { task.cancel() }
            }
        }
    }

    /// Ends the download with `outcome` unless it has ended; returns whether this call ended it.
    @discardableResult
    private func finish(_ outcome: Outcome) -> Bool {
        let continuation: CheckedContinuation<Outcome, Never>? = transfer.withLock { transfer in
            guard !transfer.finished, let continuation = transfer.continuation else { return nil }
            transfer.finished = true
            transfer.continuation = nil
            transfer.body = Data()
            return continuation
        }
        guard let continuation else { return false }
        continuation.resume(returning: outcome)
        return true
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        if response.expectedContentLength > Int64(limit) {
            finish(.failure(.tooLarge))
            completionHandler(.cancel)
            return
        }
        transfer.withLock { $0.response = response as? HTTPURLResponse }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let over = transfer.withLock { transfer in
            let over = !transfer.finished && transfer.body.count + data.count > limit
            if !transfer.finished && !over { transfer.body.append(data) }
            return over
        }
        if over {
            finish(.failure(.tooLarge))
            dataTask.cancel()
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let (received, body) = transfer.withLock { ($0.response, $0.body) }
        let response = received ?? (task.response as? HTTPURLResponse)
        if let error {
            if (error as? URLError)?.code == .timedOut {
                finish(.failure(.timedOut))
            } else {
                finish(.failure(.network(ControlDocumentCache.describe(error))))
            }
            return
        }
        guard let response else {
            finish(.failure(.network("no HTTP response")))
            return
        }
        let expected = response.expectedContentLength
        if expected >= 0, response.statusCode != 304, Int64(body.count) != expected {
            finish(.failure(.truncated(received: body.count, expected: Int(expected))))
            return
        }
        let etag = response.value(forHTTPHeaderField: "ETag")
        finish(.success((status: response.statusCode, etag: etag, body: body)))
    }
}
