import Foundation
import SplitTesting

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A static host on 127.0.0.1, as a CDN serves a control document: `GET /control.json` answers
/// the document with its `ETag`, or 304 when `If-None-Match` names it. One request at a time,
/// on a thread of its own, until ``close()``.
final class LoopbackServer: Sendable {
    /// The port the system chose.
    let port: UInt16
    private let listener: Int32
    /// The document served and its `ETag`.
    private let published = Locked((document: Data(), etag: "\"none\""))

    /// The document's address.
    var url: URL { URL(string: "http://127.0.0.1:\(port)/control.json")! }

    /// Listens on a free loopback port; `nil` when the system refuses a socket.
    init?() {
        #if canImport(Glibc)
        let stream = Int32(SOCK_STREAM.rawValue)
        #else
        let stream = SOCK_STREAM
        #endif
        let listener = socket(AF_INET, stream, 0)
        guard listener >= 0 else { return nil }
        var address = sockaddr_in()
        #if canImport(Darwin)
        address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let ready = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bind(listener, address, length) == 0 && listen(listener, 8) == 0
                    && getsockname(listener, address, &length) == 0
            }
        }
        guard ready else {
            _ = closeDescriptor(listener)
            return nil
        }
        self.listener = listener
        port = UInt16(bigEndian: address.sin_port)
        let thread = Thread { [self] in serve() }
        thread.start()
    }

    /// Serves `data` from now on, under a new `ETag`.
    func publish(_ data: Data, etag: String) {
        published.withLock { $0 = (document: data, etag: "\"\(etag)\"") }
    }

    /// Stops listening.
    func close() {
        _ = shutdown(listener, Int32(SHUT_RDWR))
        _ = closeDescriptor(listener)
    }

    private func serve() {
        while true {
            let client = accept(listener, nil, nil)
            guard client >= 0 else { return }
            answer(client)
            _ = closeDescriptor(client)
        }
    }

    private func answer(_ client: Int32) {
        var request = Data()
        var buffer = [UInt8](repeating: 0, count: 4_096)
        while request.count < 65_536, !request.contains(Data("\r\n\r\n".utf8)) {
            let count = recv(client, &buffer, buffer.count, 0)
            guard count > 0 else { return }
            request.append(contentsOf: buffer[0..<count])
        }
        let (body, tag) = published.withLock { $0 }
        let head = String(decoding: request, as: UTF8.self).lowercased()
        let response: Data
        if head.contains("if-none-match: \(tag.lowercased())") {
            response = Data("HTTP/1.1 304 Not Modified\r\nETag: \(tag)\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".utf8)
        } else {
            response = Data(
                "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nETag: \(tag)\r\nContent-Length: \(body.count)\r\nConnection: close\r\n\r\n".utf8)
                + body
        }
        response.withUnsafeBytes { bytes in
            var sent = 0
            while sent < bytes.count {
                let count = send(client, bytes.baseAddress! + sent, bytes.count - sent, noSignal)
                guard count > 0 else { return }
                sent += count
            }
        }
    }
}

/// `send(2)` flags: no SIGPIPE when a client has gone (Linux; Darwin has no such flag).
#if canImport(Glibc)
private let noSignal = Int32(MSG_NOSIGNAL)
#else
private let noSignal: Int32 = 0
#endif

/// `close(2)`, which the class's own `close()` hides inside it.
private func closeDescriptor(_ descriptor: Int32) -> Int32 {
    #if canImport(Glibc)
    Glibc.close(descriptor)
    #else
    Darwin.close(descriptor)
    #endif
}
