/// Names for generated members where two definition names may prefer the same spelling, or a
/// spelling the target language or the generated code already uses.
///
/// Swift's own names never need this: the validator rejects definitions whose names collide in
/// Swift. Kotlin and TypeScript flatten what Swift keeps apart (a multivariate experiment's
/// levels and parameters, every experiment in one module), so their emitters resolve the rare
/// collision themselves, deterministically, instead of rejecting a definition that Swift accepts.
enum UniqueNames {
    /// One name for each of `names` (distinct definition names), in order: `preferred(name)` when
    /// no other name prefers the same spelling and `isReserved` does not refuse it; otherwise
    /// `fallback(name)`, with as many trailing underscores as it takes to be neither reserved nor
    /// taken. The names that keep their preferred spelling are settled first, so that a
    /// collision never renames a name that does not take part in it.
    static func assign(
        _ names: [String], preferred: (String) -> String, fallback: (String) -> String,
        isReserved: (String) -> Bool
    ) -> [String] {
        let spellings = names.map(preferred)
        var counts: [String: Int] = [:]
        for spelling in spellings { counts[spelling, default: 0] += 1 }
        var result = spellings.map { counts[$0] == 1 && !isReserved($0) ? $0 : nil }
        var taken = Set(result.compactMap { $0 })
        for index in names.indices where result[index] == nil {
            var candidate = fallback(names[index])
            while isReserved(candidate) || taken.contains(candidate) { candidate += "_" }
            taken.insert(candidate)
            result[index] = candidate
        }
        return result.map { name in
            guard let name else { preconditionFailure("every name is assigned by the second pass") }
            return name
        }
    }
}
