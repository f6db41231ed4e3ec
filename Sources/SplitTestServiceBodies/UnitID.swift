/// What a unit's id may be: the databases index it, so it has a bounded length, and PostgreSQL
/// text cannot hold U+0000.
@_spi(Tools) public enum UnitID {
    /// The most Unicode scalars an id may have (at most 4 bytes each, within any index's limit).
    public static let maximumLength = 256

    /// Why `unit` cannot be stored, or `nil` when it can.
    public static func problem(with unit: String) -> String? {
        let length = unit.unicodeScalars.count
        if length > maximumLength {
            return "is \(length) characters long; an id has at most \(maximumLength)"
        }
        if unit.unicodeScalars.contains("\u{0}") {
            return "contains the character U+0000, which an id cannot hold"
        }
        return nil
    }
}
