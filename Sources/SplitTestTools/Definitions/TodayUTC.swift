import Foundation
@_spi(Tools) import SplitTestCompiler

extension CalendarDate {
    /// The current date in UTC, which decides which `expires:` dates are in the past.
    public static var todayUTC: CalendarDate {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
        let components = calendar.dateComponents([.year, .month, .day], from: Date())
        guard let year = components.year, let month = components.month, let day = components.day else {
            preconditionFailure("a Gregorian calendar gives every date a year, a month and a day")
        }
        return CalendarDate(year: year, month: month, day: day)
    }
}
