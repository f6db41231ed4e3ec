import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A TCP connection to the server on loopback, written and read byte for byte: for what no HTTP
/// client library sends, a request cut short, sent slowly or not HTTP at all.
final class RawConnection {
    private let socket: Int32
    private var received: [UInt8] = []
    /// Whether the server has closed its side.
    private(set) var closed = false

    /// Connects to `port` on 127.0.0.1.
    init(port: Int) throws {
        #if canImport(Glibc)
        socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        socket = Darwin.socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard socket >= 0 else { throw Failure("socket: errno \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 else {
            close(socket)
            throw Failure("connect to port \(port): errno \(errno)")
        }
    }

    deinit { close(socket) }

    /// Sends `text`; `false` when the server has closed the connection.
    @discardableResult func write(_ text: String) -> Bool {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            #if canImport(Glibc)
            let flags = Int32(MSG_NOSIGNAL)
            #else
            let flags: Int32 = 0
            #endif
            let sent = bytes.withUnsafeBytes { send(socket, $0.baseAddress, $0.count, flags) }
            guard sent > 0 else { return false }
            bytes = bytes.dropFirst(sent)
        }
        return true
    }

    /// Reads what arrives within `timeout`, until the server closes the connection or the time
    /// is up; how long it took.
    @discardableResult func read(for timeout: Duration) -> Duration {
        let start = ContinuousClock.now
        let deadline = start + timeout
        while !closed, ContinuousClock.now < deadline {
            let left = deadline - ContinuousClock.now
            var poller = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            let milliseconds = Int32(max(1, left.components.seconds * 1_000 + left.components.attoseconds / 1_000_000_000_000_000))
            guard poll(&poller, 1, milliseconds) > 0 else { continue }
            var buffer = [UInt8](repeating: 0, count: 65_536)
            let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                received += buffer[..<count]
            } else {
                closed = true
            }
        }
        return ContinuousClock.now - start
    }

    /// Everything received so far, as text.
    var text: String { String(decoding: received, as: UTF8.self) }

    /// The first response received: status, headers and the body its `Content-Length` gives.
    var answer: HTTPAnswer? { Self.answer(at: text[...]) }

    /// The response that `text` starts with.
    static func answer(at text: Substring) -> HTTPAnswer? {
        guard let end = text.range(of: "\r\n\r\n") else { return nil }
        let lines = text[..<end.lowerBound].components(separatedBy: "\r\n")
        guard let status = lines.first?.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) else { return nil }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        let length = headers["content-length"].flatMap { Int($0) } ?? 0
        let body = String(decoding: Array(text[end.upperBound...].utf8).prefix(length), as: UTF8.self)
        return HTTPAnswer(status: status, headers: headers, body: body)
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }
}
