import Foundation

/// The `FileStoreCrashWriter` executable, run as a child process.
struct CrashWriterProcess {
    /// Where SwiftPM put the writer (see ``WorkerProcess/locate(_:)``).
    static func locate() -> URL? {
        WorkerProcess.locate("FileStoreCrashWriter")
    }

    private let process = Process()
    private let output = Pipe()
    private let errors = Pipe()

    /// Starts the writer on `storeFile`.
    init(executable: URL, storeFile: URL) throws {
        process.executableURL = executable
        process.arguments = [storeFile.path]
        process.standardOutput = output
        process.standardError = errors
        try process.run()
    }

    /// Waits, at most `timeout` seconds, for the writer to say that its first write is on disk;
    /// the number of writes made by then, or nil if it did not say so in time.
    func waitUntilReady(timeout: Double) -> Int? {
        var descriptor = pollfd(fd: output.fileHandleForReading.fileDescriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, Int32(timeout * 1000)) == 1 else { return nil }
        let line = String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
        let words = line.split(whereSeparator: \.isWhitespace)
        guard words.first == "ready", words.count >= 2 else { return nil }
        return Int(words[1])
    }

    /// Kills the writer with SIGKILL, as the system does to an app it terminates, and waits for
    /// it to be gone; whether it died of that signal (rather than having exited on its own).
    @discardableResult
    func kill() -> Bool {
        guard process.isRunning else { return false }
        _ = Foundation.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        return process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL
    }

    /// What the writer printed on standard error; read once it has been killed.
    func errorOutput() -> String {
        String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }
}
