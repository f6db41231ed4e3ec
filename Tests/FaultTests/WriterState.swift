import Foundation

/// A store file left by `FileStoreCrashWriter`, checked to be one whole state the writer had in
/// memory: the n-th write sets key `unit-(n % 64)` to "n", so the largest value `m` determines
/// every entry, and anything else is a torn or mixed file.
struct WriterState {
    static let unitCount = 64

    /// The number of writes the state holds (the largest value plus one).
    let writeCount: Int

    /// Parses `data` and checks it against the writer's rule; the reason when it is not whole.
    static func parse(_ data: Data) -> Result<WriterState, WriterStateError> {
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            return .failure(WriterStateError(reason: "not a JSON object: \(String(decoding: data.prefix(200), as: UTF8.self))"))
        }
        var values: [Int: Int] = [:]
        for (key, value) in object {
            guard key.hasPrefix(keyPrefix), let unit = Int(key.dropFirst(keyPrefix.count)), (0..<unitCount).contains(unit),
                  let text = value as? String, let number = Int(text)
            else { return .failure(WriterStateError(reason: "unexpected entry \(key): \(value)")) }
            values[unit] = number
        }
        guard let largest = values.values.max() else {
            return .failure(WriterStateError(reason: "no assignments in a file written after the first flush"))
        }
        for unit in 0..<unitCount {
            // The last write to `unit` at or before `largest`, if any.
            let last = largest - ((largest - unit) % unitCount + unitCount) % unitCount
            let expected = last >= 0 ? last : nil
            guard values[unit] == expected else {
                return .failure(WriterStateError(
                    reason: "unit-\(unit) holds \(values[unit].map(String.init) ?? "nothing"), but a state of \(largest + 1) writes has \(expected.map(String.init) ?? "nothing")"))
            }
        }
        return .success(WriterState(writeCount: largest + 1))
    }

    static let keyPrefix = "split_test.assignment.crash_writer.unit-"
}

/// Why a store file is not a whole writer state.
struct WriterStateError: Error, CustomStringConvertible {
    var reason: String
    var description: String { reason }
}
