import SplitTestFormats

/// The changes a `FileAssignmentStore` made in memory since its last successful write, kept
/// so that each write applies them on top of whatever the file holds by then, rather than
/// replacing the file with this process's view of it (which would drop what other processes
/// wrote in between). Keys are told apart by their bytes, as the store's are.
struct PendingChanges: Sendable {
    /// One key's change, the latest made to it.
    enum Change: Sendable, Equatable {
        /// Replaces whatever the file holds: the last writer wins.
        case set(String)
        /// Fills the key only if the file holds nothing for it: the first writer wins.
        case setIfAbsent(String)
        /// Removes the key.
        case remove
    }

    struct Entry: Sendable {
        var change: Change
        var sequence: UInt64
    }

    private var entries: [UTF8Key: Entry] = [:]
    /// The sequence number of the latest change recorded; a write notes it when it takes the
    /// changes, so that it forgets only those and keeps any made while it wrote.
    private(set) var latestSequence: UInt64 = 0

    /// Whether any change waits for a write.
    var isEmpty: Bool { entries.isEmpty }

    /// Whether a change to `key` waits for a write.
    func contains(_ key: UTF8Key) -> Bool {
        entries[key] != nil
    }

    /// The change to `key` that waits for a write, if any.
    func change(for key: UTF8Key) -> Change? {
        entries[key]?.change
    }

    /// The keys whose changes wait for a write.
    var keys: Dictionary<UTF8Key, Entry>.Keys { entries.keys }

    /// Records `change` for `key`, replacing the one recorded before, with one exception: a
    /// removal followed by a set-if-absent becomes a set. This process removed the value the
    /// file holds (a group that no longer exists), so the file's value must not win over the
    /// one that replaces it.
    mutating func record(_ change: Change, for key: UTF8Key) {
        latestSequence += 1
        var change = change
        if case .setIfAbsent(let value) = change, entries[key]?.change == .remove {
            change = .set(value)
        }
        entries[key] = Entry(change: change, sequence: latestSequence)
    }

    /// `base` (what the file holds) with every change applied: a set replaces, a removal
    /// removes, a set-if-absent fills only a key `base` lacks.
    func applied(to base: [UTF8Key: String]) -> [UTF8Key: String] {
        var result = base
        for (key, entry) in entries {
            switch entry.change {
            case .set(let value):
                result[key] = value
            case .setIfAbsent(let value):
                if result[key] == nil { result[key] = value }
            case .remove:
                result.removeValue(forKey: key)
            }
        }
        return result
    }

    /// Forgets the changes recorded up to `sequence`, which a write has now stored; a change
    /// recorded after it (while the file was being written) stays for the next write.
    mutating func removeWritten(upTo sequence: UInt64) {
        if sequence >= latestSequence {
            entries = [:]
        } else {
            entries = entries.filter { $0.value.sequence > sequence }
        }
    }
}
