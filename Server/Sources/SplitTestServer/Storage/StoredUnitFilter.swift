import SplitTestFormats
import NIOConcurrencyHelpers

/// Which units a SQLite file may hold groups for: a Bloom filter over every unit in it, so that a
/// unit never seen before is answered without a read.
///
/// A Bloom filter answers "maybe" for every unit added to it and "no" for most others (about 1%
/// answer "maybe" wrongly while it holds no more units than it was sized for). A "no" is certain,
/// so a read is skipped only when it would have found nothing; a wrong "maybe" costs the read that
/// would have been made anyway. Units are added before their rows are written, so a unit is never
/// in the file without being in the filter; a deleted unit stays in it, which costs a read.
///
/// The filter is built from the file after the service opens it (``SQLiteStorage`` reads the
/// units a page at a time, between requests' reads), and until then every unit is a "maybe". It
/// belongs to one file (device and inode): when another file is at the path, every unit is a
/// "maybe" again. When it holds twice the units it was sized for, it is built again, larger,
/// while the old one keeps answering.
final class StoredUnitFilter: Sendable {
    private struct Filter {
        var bits: [UInt64]
        /// How many units it was sized for, and how many it holds.
        var capacity: Int
        var count = 0

        init(capacity: Int) {
            self.capacity = capacity
            // 10 bits a unit and 7 probes: about 1% wrong "maybe"s at capacity. A power of two,
            // so that a probe's position is a mask.
            var words = 1
            while words * 64 < capacity * 10 { words *= 2 }
            bits = Array(repeating: 0, count: words)
        }

        mutating func insert(_ hash: UInt64) {
            let mask = UInt64(bits.count * 64 - 1)
            for probe in Self.probes(hash) {
                let bit = probe & mask
                bits[Int(bit >> 6)] |= 1 << (bit & 63)
            }
            count += 1
        }

        func mayContain(_ hash: UInt64) -> Bool {
            let mask = UInt64(bits.count * 64 - 1)
            for probe in Self.probes(hash) {
                let bit = probe & mask
                if bits[Int(bit >> 6)] & (1 << (bit & 63)) == 0 { return false }
            }
            return true
        }

        /// Seven positions from one 64-bit hash (double hashing).
        static func probes(_ hash: UInt64) -> some Sequence<UInt64> {
            let step = (hash >> 32 | hash << 32) | 1
            return (0..<UInt64(7)).lazy.map { hash &+ $0 &* step }
        }
    }

    private struct State {
        /// The filter that answers, once built, and the file it was built from.
        var filter: Filter?
        var file: FileIdentity?
        /// The units added whose writes have not ended, by hash (with how many writes each).
        var inFlight: [UInt64: Int] = [:]
        /// While a filter is being built: the units whose rows the build may not read (those in
        /// flight when it started and those added since), which it must hold too.
        var pending: [UInt64]?
        /// When the last build failed.
        var lastFailure: ContinuousClock.Instant?
    }

    private let state = NIOLockedValueBox(State())
    /// The fewest units a filter is sized for.
    let minimumCapacity: Int

    init(minimumCapacity: Int = 1_000_000) {
        self.minimumCapacity = minimumCapacity
    }

    /// Whether `unit` may have groups stored in `file` (the file now at the path): `false` only
    /// when the filter, built from that file, is sure it has none.
    func mayHold(_ unit: String, file: FileIdentity?) -> Bool {
        let hash = Self.hash(unit)
        return state.withLockedValue { state in
            guard let filter = state.filter, let file, state.file == file else { return true }
            return filter.mayContain(hash)
        }
    }

    /// Records that `units` are about to have groups written; ``settle(_:)`` with the answer
    /// once the write has ended, whether it succeeded or not.
    func add(_ units: some Sequence<String>) -> [UInt64] {
        let hashes = units.map(Self.hash)
        state.withLockedValue { state in
            for hash in hashes {
                state.filter?.insert(hash)
                state.inFlight[hash, default: 0] += 1
            }
            state.pending? += hashes
        }
        return hashes
    }

    /// Records that the writes of the units ``add(_:)`` answered `hashes` for have ended.
    func settle(_ hashes: [UInt64]) {
        state.withLockedValue { state in
            for hash in hashes {
                if let writes = state.inFlight[hash], writes > 1 {
                    state.inFlight[hash] = writes - 1
                } else {
                    state.inFlight.removeValue(forKey: hash)
                }
            }
        }
    }

    /// Whether a filter should be built now: none is, or the one answering holds twice the
    /// units it was sized for, and no build is under way. Marks a build as started when it
    /// returns `true`; the caller then reads every unit and calls ``finishBuilding(hashes:file:)``.
    ///
    /// `file` is the file now at the path when the caller knows it: a filter built from another
    /// file is built again. A build that failed is not tried again for five seconds.
    func startBuilding(file: FileIdentity? = nil) -> Bool {
        state.withLockedValue { state in
            guard state.pending == nil else { return false }
            if let failed = state.lastFailure, ContinuousClock.now - failed < .seconds(5) { return false }
            if let filter = state.filter, filter.count < filter.capacity * 2, file == nil || file == state.file {
                return false
            }
            state.pending = Array(state.inFlight.keys)
            return true
        }
    }

    /// Ends a build: the units of `hashes` (``hash(_:)``), read from `file` after the build
    /// started, become the filter that answers, with every unit added meanwhile; `nil` (the read
    /// failed, or the file changed) keeps the one there was.
    func finishBuilding(hashes: [UInt64]?, file: FileIdentity?) {
        state.withLockedValue { state in
            let pending = state.pending ?? []
            state.pending = nil
            guard let hashes, let file else {
                state.lastFailure = .now
                return
            }
            state.lastFailure = nil
            var filter = Filter(capacity: max(minimumCapacity, 2 * (hashes.count + pending.count)))
            for hash in hashes { filter.insert(hash) }
            for hash in pending { filter.insert(hash) }
            state.filter = filter
            state.file = file
        }
    }

    /// Whether a filter answers for `file`, and how many units it holds (for tests).
    func built(for file: FileIdentity?) -> Int? {
        state.withLockedValue { state in
            guard let filter = state.filter, file != nil, state.file == file else { return nil }
            return filter.count
        }
    }

    /// What the filter keeps of `unit`.
    static func hash(_ unit: String) -> UInt64 {
        var hasher = Hasher()
        hasher.combine(UTF8Key(unit))
        return UInt64(bitPattern: Int64(hasher.finalize()))
    }
}
