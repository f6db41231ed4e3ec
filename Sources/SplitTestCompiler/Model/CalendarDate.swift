/// A date without a time or a time zone, as `expires: 2027-03-01` writes it.
public struct CalendarDate: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The year, month (1–12) and day (1–31).
    public var year: Int, month: Int, day: Int

    /// Creates a date; the parser validates the day against the month.
    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// `YYYY-MM-DD`.
    public var description: String {
        func pad(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
    }

    public static func < (lhs: CalendarDate, rhs: CalendarDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }
}
