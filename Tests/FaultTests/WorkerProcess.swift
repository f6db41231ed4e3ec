import Foundation

/// A child process of one of the test support executables (`SharedStoreWorker`,
/// `FileStoreCrashWriter`), its output captured in files so that many can run at once without a
/// pipe filling up.
final class WorkerProcess {
    /// Where SwiftPM put the executable `name`: the build products directory that also holds the
    /// test bundle (FaultTests depends on both executables, so SwiftPM builds them).
    static func locate(_ name: String) -> URL? {
        var directories: [URL] = Bundle.allBundles
            .map(\.bundleURL)
            .filter { $0.pathExtension == "xctest" }
            .map { $0.deletingLastPathComponent() }
        if let executable = Bundle.main.executableURL {
            directories.append(executable.deletingLastPathComponent())
        }
        directories.append(Bundle.main.bundleURL)
        return directories
            .map { $0.appendingPathComponent(name) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    private let process = Process()
    private let outputURL: URL
    private let errorURL: URL
    /// What the test calls it in messages.
    let label: String

    /// Starts `executable arguments…`, writing its output next to `directory`'s other files.
    init(_ executable: URL, _ arguments: [String], in directory: ScratchDirectory, label: String) throws {
        self.label = label
        outputURL = directory.file("\(label).out")
        errorURL = directory.file("\(label).err")
        _ = FileManager.default.createFile(atPath: outputURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errorURL.path, contents: nil)
        process.executableURL = executable
        process.arguments = arguments
        process.standardOutput = try FileHandle(forWritingTo: outputURL)
        process.standardError = try FileHandle(forWritingTo: errorURL)
        try process.run()
    }

    deinit {
        if process.isRunning { kill() }
    }

    /// What it printed on standard output so far, line by line.
    var lines: [String] {
        let text = (try? String(contentsOf: outputURL, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map(String.init)
    }

    /// What it printed on standard error so far.
    var errors: String {
        (try? String(contentsOf: errorURL, encoding: .utf8)) ?? ""
    }

    /// The issues the store reported in the process (the lines it printed with `issue:`).
    var reportedIssues: [String] {
        errors.split(separator: "\n").filter { $0.hasPrefix("issue:") }.map(String.init)
    }

    /// Waits, at most `timeout` seconds, for a line of standard output that starts with `prefix`.
    func waitForLine(startingWith prefix: String, timeout: Double) -> String? {
        let deadline = Date().addingTimeInterval(timeout)
        repeat {
            if let line = lines.first(where: { $0.hasPrefix(prefix) }) { return line }
            if !process.isRunning { return lines.first { $0.hasPrefix(prefix) } }
            usleep(1_000)
        } while Date() < deadline
        return nil
    }

    /// Waits, at most `timeout` seconds, for the process to exit; whether it exited with status 0.
    /// One still running then is killed.
    func waitForSuccess(timeout: Double) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning, Date() < deadline { usleep(2_000) }
        if process.isRunning {
            kill()
            return false
        }
        return process.terminationReason == .exit && process.terminationStatus == 0
    }

    /// Kills it with SIGKILL, as the system kills an app, and waits for it to be gone; whether
    /// it died of that signal (rather than having exited on its own).
    @discardableResult
    func kill() -> Bool {
        guard process.isRunning else { return false }
        _ = Foundation.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        return process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL
    }
}

/// The file that releases every `SharedStoreWorker` waiting for it at once.
struct StartSignal {
    let url: URL

    init(in directory: ScratchDirectory, name: String = "start") {
        url = directory.file(name)
    }

    func fire() {
        _ = FileManager.default.createFile(atPath: url.path, contents: Data())
    }
}
