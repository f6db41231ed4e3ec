import Foundation

/// A program a test starts and watches while it runs (a worker of the shared-store tests, a
/// writer killed mid-write, a local HTTP server), or runs to its end (`splitc`, Python, `mount`):
/// the one way the tests start a process.
///
/// Standard output and standard error go to files rather than pipes, so that a large output can
/// never fill a pipe and stall the child, and many children can run at once; both can be read
/// while it runs.
///
/// ```swift
/// let worker = try ChildProcess(executable, ["device", store.path, start.path])
/// let line = worker.waitForLine(startingWith: "device ", timeout: 30)
/// #expect(worker.waitForSuccess(timeout: 30), "\(worker.errors)")
/// ```
public final class ChildProcess: @unchecked Sendable {
    // @unchecked Sendable is sound: every stored property is a constant, and `Process` and
    // `FileHandle` are safe to query from any thread.
    private let process = Process()
    private let capture: URL
    private let outputURL: URL
    private let errorURL: URL
    private let input: Pipe?
    /// What the test calls it in messages; the executable's name unless the test named it.
    public let label: String

    /// Starts `executable arguments…`, in `folder` when given, with `environment` as its whole
    /// environment when given (else the test's). `input`, when given, is written to its standard
    /// input, which is then closed unless `keepInputOpen` (a child that runs until its input
    /// ends; ``closeInput()`` ends it). `label` names it in the test's messages.
    public init(
        _ executable: URL, _ arguments: [String], in folder: URL? = nil, environment: [String: String]? = nil,
        input: Data? = nil, keepInputOpen: Bool = false, label: String? = nil
    ) throws {
        self.label = label ?? executable.lastPathComponent
        self.input = input != nil || keepInputOpen ? Pipe() : nil
        capture = FileManager.default.temporaryDirectory
            .appendingPathComponent("child-process-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: capture, withIntermediateDirectories: true)
        outputURL = capture.appendingPathComponent("stdout")
        errorURL = capture.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: outputURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errorURL.path, contents: nil)
        let out = try FileHandle(forWritingTo: outputURL)
        let err = try FileHandle(forWritingTo: errorURL)
        defer {
            try? out.close()
            try? err.close()
        }
        process.executableURL = executable
        process.arguments = arguments
        if let folder { process.currentDirectoryURL = folder }
        if let environment { process.environment = environment }
        process.standardOutput = out
        process.standardError = err
        if let pipe = self.input { process.standardInput = pipe }
        try process.run()
        if let input, let pipe = self.input { try pipe.fileHandleForWriting.write(contentsOf: input) }
        if !keepInputOpen { closeInput() }
    }

    /// Starts `program arguments…`, found on `PATH` through `/usr/bin/env` unless it is an
    /// absolute path.
    public convenience init(
        program: String, _ arguments: [String], in folder: URL? = nil, environment: [String: String]? = nil,
        input: Data? = nil, keepInputOpen: Bool = false, label: String? = nil
    ) throws {
        let absolute = program.hasPrefix("/")
        try self.init(
            URL(fileURLWithPath: absolute ? program : "/usr/bin/env"), absolute ? arguments : [program] + arguments,
            in: folder, environment: environment, input: input, keepInputOpen: keepInputOpen, label: label ?? program)
    }

    deinit {
        if process.isRunning { kill() }
        try? FileManager.default.removeItem(at: capture)
    }

    /// Closes its standard input, if the test kept it open.
    public func closeInput() {
        try? input?.fileHandleForWriting.close()
    }

    /// Whether it is still running.
    public var isRunning: Bool { process.isRunning }

    /// What it printed on standard output so far (which must be UTF-8).
    public var output: String { (try? String(contentsOf: outputURL, encoding: .utf8)) ?? "" }

    /// What it printed on standard error so far (which must be UTF-8).
    public var errors: String { (try? String(contentsOf: errorURL, encoding: .utf8)) ?? "" }

    /// What it printed on standard output so far, line by line.
    public var lines: [String] { output.split(separator: "\n").map(String.init) }

    /// Waits, at most `timeout` seconds, for a line of standard output that starts with `prefix`.
    public func waitForLine(startingWith prefix: String, timeout: Double) -> String? {
        let deadline = Date().addingTimeInterval(timeout)
        repeat {
            if let line = lines.first(where: { $0.hasPrefix(prefix) }) { return line }
            if !process.isRunning { return lines.first { $0.hasPrefix(prefix) } }
            usleep(1_000)
        } while Date() < deadline
        return nil
    }

    /// Waits for it to end and returns its exit status.
    @discardableResult
    public func waitUntilExit() -> Int32 {
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// Waits, at most `timeout` seconds, for it to exit; its exit status, or nil when a signal
    /// ended it or it was still running then (it is then killed).
    public func waitUntilExit(timeout: Double) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning, Date() < deadline { usleep(2_000) }
        if process.isRunning {
            kill()
            return nil
        }
        return process.terminationReason == .exit ? process.terminationStatus : nil
    }

    /// Waits, at most `timeout` seconds, for it to end; whether it exited with status 0. One
    /// still running then is killed.
    public func waitForSuccess(timeout: Double) -> Bool {
        waitUntilExit(timeout: timeout) == 0
    }

    /// Asks it to stop (SIGTERM) and waits for it to end.
    public func terminate() {
        guard process.isRunning else { return }
        process.terminate()
        process.waitUntilExit()
    }

    /// Kills it with SIGKILL, as the system kills an app, and waits for it to be gone; whether it
    /// died of that signal (rather than having exited on its own).
    @discardableResult
    public func kill() -> Bool {
        guard process.isRunning else { return false }
        _ = Foundation.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        return process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL
    }
}
