import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One GET whose body is cut off as soon as it passes a size limit (by `Content-Length` or by
/// the bytes received), and which ends after a timeout whatever the server does.
final class BoundedDownload: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    // @unchecked Sendable is sound: every mutable property is read and written under `lock`,
    // and the continuation is resumed exactly once, outside it.

    /// What went wrong.
    enum Failure: Error, Sendable, Hashable {
        case network(String)
        case timedOut
        case tooLarge
        case truncated(received: Int, expected: Int)
    }

    typealias Outcome = Result<(status: Int, etag: String?, body: Data), Failure>

    private let lock = NSLock()
    private let limit: Int
    private var body = Data()
    private var response: HTTPURLResponse?
    private var continuation: CheckedContinuation<Outcome, Never>?
    private var finished = false

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
            download.lock.lock()
            download.continuation = continuation
            download.lock.unlock()
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
        lock.lock()
        guard !finished, let continuation else {
            lock.unlock()
            return false
        }
        finished = true
        self.continuation = nil
        body = Data()
        lock.unlock()
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
        lock.lock()
        self.response = response as? HTTPURLResponse
        lock.unlock()
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        lock.lock()
        let over = !finished && body.count + data.count > limit
        if !finished && !over { body.append(data) }
        lock.unlock()
        if over {
            finish(.failure(.tooLarge))
            dataTask.cancel()
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        lock.lock()
        let response = self.response ?? (task.response as? HTTPURLResponse)
        let body = self.body
        lock.unlock()
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
