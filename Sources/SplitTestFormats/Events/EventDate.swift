/// The times of event lines: written as the runtime writes them (ISO 8601 in UTC, whole seconds:
/// `2026-03-01T12:00:00Z`), read in that form or with a fraction and an offset
/// (`2026-03-01 12:00:00.250+01:00`), as warehouse exports write them.
package enum EventDate {
    /// The years an event's date may have: a device whose clock is decades off, or a number that
    /// is not a time at all (`1e300`), gives a date outside them. A date written as text is in
    /// range when its year is; one given as seconds since 1970 when it falls in those years in
    /// UTC (``eventRange``). The service refuses an event outside them and the readout leaves its
    /// line out, so that what one stores the other counts.
    package static let years = 1970...2100
    /// What ``parse(_:)`` reads, with a year of ``years``, as a regular expression (the decision
    /// service's contract says it so).
    package static let pattern =
        "^(19[7-9][0-9]|20[0-9][0-9]|2100)-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])[T ]([01][0-9]|2[0-3]):[0-5][0-9]:([0-5][0-9]|60)(\\.[0-9]+)?(Z|[+-][0-9][0-9]:?[0-9][0-9])?$"

    /// Seconds since 1970-01-01T00:00:00Z of the time in `bytes`, or `nil`.
    package static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        var index = 0
        func digits(_ count: Int) -> Int? {
            guard index + count <= bytes.count else { return nil }
            var value = 0
            for _ in 0..<count {
                let byte = bytes[index]
                guard byte >= 0x30, byte <= 0x39 else { return nil }
                value = value * 10 + Int(byte - 0x30)
                index += 1
            }
            return value
        }
        func expect(_ byte: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }
        guard let year = digits(4), expect(0x2D), let month = digits(2), expect(0x2D), let day = digits(2),
            index < bytes.count, bytes[index] == 0x54 || bytes[index] == 0x20
        else { return nil }
        index += 1
        guard let hour = digits(2), expect(0x3A), let minute = digits(2), expect(0x3A), let second = digits(2),
            (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second <= 60
        else { return nil }
        var fraction = 0.0
        if expect(0x2E) {
            var scale = 0.1
            var any = false
            while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 {
                fraction += Double(bytes[index] - 0x30) * scale
                scale /= 10
                index += 1
                any = true
            }
            guard any else { return nil }
        }
        var offset = 0
        if expect(0x5A) {
        } else if index < bytes.count, bytes[index] == 0x2B || bytes[index] == 0x2D {
            let sign = bytes[index] == 0x2B ? 1 : -1
            index += 1
            guard let hours = digits(2) else { return nil }
            _ = expect(0x3A)
            guard let minutes = digits(2) else { return nil }
            offset = sign * (hours * 3_600 + minutes * 60)
        }
        guard index == bytes.count else { return nil }
        let days = daysFromCivil(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3_600 + minute * 60 + second - offset
        return Double(seconds) + fraction
    }

    /// The ISO 8601 text of `seconds` since 1970 in UTC, in whole seconds rounded down
    /// (`2026-03-01T12:00:00Z`): what Foundation's `.iso8601` date strategy writes for years
    /// 1 to 9999.
    package static func text(secondsSince1970 seconds: Double) -> String {
        let whole = seconds.isFinite ? Int(max(min(seconds.rounded(.down), 2.5e14), -2.5e14)) : 0
        let days = whole >= 0 ? whole / 86_400 : (whole - 86_399) / 86_400
        let secondOfDay = whole - days * 86_400
        let (year, month, day) = civil(fromDays: days)
        func padded(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return padded(year, 4) + "-" + padded(month, 2) + "-" + padded(day, 2) + "T"
            + padded(secondOfDay / 3_600, 2) + ":" + padded(secondOfDay / 60 % 60, 2) + ":" + padded(secondOfDay % 60, 2) + "Z"
    }

    /// The times, in seconds since 1970, a date given as a number may have: the ``years`` in UTC,
    /// from 1970-01-01T00:00:00Z to the end of 2100.
    package static let eventRange: Range<Double> =
        Double(daysFromCivil(year: years.lowerBound, month: 1, day: 1) * 86_400)
        ..< Double(daysFromCivil(year: years.upperBound + 1, month: 1, day: 1) * 86_400)

    /// Why a date given as the number `seconds` cannot be an event's, or `nil` when it can; `text`
    /// is the number as the line gives it.
    package static func problem(withEventTime seconds: Double, text: String) -> String? {
        eventRange.contains(seconds) ? nil : outside(text)
    }

    /// Why the date written as `text` (which ``parse(_:)`` reads) cannot be an event's, or `nil`
    /// when its year is one of ``years``.
    package static func problem(withWrittenDate text: String) -> String? {
        guard let year = Int(text.prefix(4)), years.contains(year) else { return outside(text) }
        return nil
    }

    /// Whether the date written as `bytes` (which ``parse(_:)`` reads: four digits first) has a
    /// year of ``years``; what ``problem(withWrittenDate:)`` checks, without making a string.
    package static func hasEventYear(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count >= 4 else { return false }
        var year = 0
        for index in 0..<4 {
            let digit = Int(bytes[index]) - 0x30
            guard (0...9).contains(digit) else { return false }
            year = year * 10 + digit
        }
        return years.contains(year)
    }

    private static func outside(_ text: String) -> String {
        "\"\(EventVocabulary.Field.date)\" \(text) is outside the years \(years.lowerBound) to \(years.upperBound)"
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date.
    private static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let shifted = month <= 2 ? year - 1 : year
        let era = (shifted >= 0 ? shifted : shifted - 399) / 400
        let yearOfEra = shifted - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The proleptic Gregorian date of a day since 1970-01-01 (the inverse of `daysFromCivil`).
    private static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}

extension EventDate {
    /// Seconds since 1970 of a schedule's time: ISO 8601 with a date, a time and a zone (`Z` or
    /// `±hh:mm`), as definitions and control documents write it; `nil` for anything else,
    /// a time without its zone included (it would mean a different instant on every device).
    package static func parseZoned(_ text: String) -> Double? {
        var utf8 = Array(text.utf8)
        guard utf8.count >= 20, utf8.count <= 40 else { return nil }
        let last = utf8[utf8.count - 1]
        let hasZone = last == UInt8(ascii: "Z") || last == UInt8(ascii: "z")
            || (utf8.count >= 25 && (utf8[utf8.count - 6] == UInt8(ascii: "+") || utf8[utf8.count - 6] == UInt8(ascii: "-"))
                && utf8[utf8.count - 3] == UInt8(ascii: ":"))
        guard hasZone else { return nil }
        if last == UInt8(ascii: "z") { utf8[utf8.count - 1] = UInt8(ascii: "Z") }
        return utf8.withUnsafeBufferPointer { parse($0) }
    }
}
