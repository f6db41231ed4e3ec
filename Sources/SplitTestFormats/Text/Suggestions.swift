/// "Did you mean" suggestions for misspelt keys and names, in the compiler's messages, the
/// command line's and the decision service's answers.
package enum Suggestions {
    /// Called with the word of each search, when a test sets it: how a test tells that a file
    /// past its diagnostic limit costs no search. Task-local, so that tests running at the same
    /// time see only their own searches.
    @TaskLocal package static var searchObserver: (@Sendable (String) -> Void)?

    /// The candidate closest to `word`, if it is close enough to be a plausible misspelling.
    package static func closest(to word: String, in candidates: some Sequence<String>) -> String? {
        searchObserver?(word)
        let letters = Array(word.unicodeScalars)
        // Comparing against a very long word costs more than any plausible suggestion is worth.
        guard letters.count <= 64 else { return nil }
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let other = Array(candidate.unicodeScalars)
            let allowed = max(1, min(other.count, letters.count) / 3)
            // The distance is at least the difference in length: skip what cannot be close
            // before paying for the table, so a file full of unknown keys stays linear and quick.
            guard abs(other.count - letters.count) <= allowed else { continue }
            let distance = editDistance(letters, other)
            // A suggestion must keep part of the word: one letter for another is no misspelling.
            if distance <= allowed, distance < min(other.count, letters.count),
                distance < best?.distance ?? .max
            {
                best = (candidate, distance)
            }
        }
        return best?.candidate
    }

    /// `; did you mean 'x'?` when a candidate is close, else nothing: the tail of a message.
    package static func didYouMean(_ word: String, in candidates: some Sequence<String>) -> String {
        closest(to: word, in: candidates).map { "; did you mean '\($0)'?" } ?? ""
    }

    /// The optimal-string-alignment distance: insertions, deletions, substitutions and swaps of
    /// two neighbours each cost one, so `wieght` is one step from `weight`.
    package static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var beforePrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, beforePrevious[j - 2] + 1)
                }
                current[j] = value
            }
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return previous[b.count]
    }
}
