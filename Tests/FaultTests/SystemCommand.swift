import Foundation
import TestTools

/// Runs a system tool (`mount`, `umount`) and reports how it went, for the tests that need a
/// file system of their own.
enum SystemCommand {
    /// The outcome of a command: whether it exited with 0, and what it printed on error.
    struct Outcome {
        var succeeded: Bool
        var message: String
    }

    /// Runs `arguments` through `env`, so that the tool is found on the PATH.
    static func run(_ arguments: [String]) -> Outcome {
        do {
            let outcome = try CapturedProcess.run(arguments[0], Array(arguments.dropFirst()))
            return Outcome(succeeded: outcome.status == 0, message: outcome.stderr.trimmingCharacters(in: .whitespacesAndNewlines))
        } catch {
            return Outcome(succeeded: false, message: "\(arguments[0]) could not be started: \(error)")
        }
    }
}

/// A tmpfs mounted on a scratch directory, so that a test controls its size and whether it is
/// writable even when it runs as root (for whom permission bits do not stop a write).
struct TmpfsMount {
    /// The mount point.
    let url: URL

    /// Mounts a tmpfs of `size` (as `mount` spells it, e.g. `64k`) on `url`, or says why this
    /// system does not allow it (not root, no tmpfs, a sandbox).
    static func mount(at url: URL, size: String) -> Result<TmpfsMount, MountUnavailable> {
        let outcome = SystemCommand.run(["mount", "-t", "tmpfs", "-o", "size=\(size)", "tmpfs", url.path])
        guard outcome.succeeded else { return .failure(MountUnavailable(reason: outcome.message)) }
        return .success(TmpfsMount(url: url))
    }

    /// Makes the mounted file system read-only; whether that worked.
    func remountReadOnly() -> SystemCommand.Outcome {
        SystemCommand.run(["mount", "-o", "remount,ro", url.path])
    }

    /// Unmounts it; called in a `defer`, so that a failed expectation leaves no mount behind.
    func unmount() {
        _ = SystemCommand.run(["umount", url.path])
    }
}

/// Why a tmpfs could not be mounted.
struct MountUnavailable: Error {
    var reason: String
}
