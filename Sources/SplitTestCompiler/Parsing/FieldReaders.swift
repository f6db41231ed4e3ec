@_spi(Tools) import SplitTesting
import SplitTestFormats

/// Readers of the experiment's single-value keys; each reports what is wrong with its value and
/// returns nil then.
extension ExperimentParser {
    /// `identifier` (or another `key`, such as a holdout's `name`): a name of at most 64
    /// characters; messages call it `what`.
    mutating func readIdentifier(_ node: YAMLNode, key: String = "identifier", what: String = "identifier") -> String? {
        guard let name = readText(node, key: key) else { return nil }
        guard NameRules.isName(name) else {
            log.error("\(what) '\(shownInMessage(name))' \(NameRules.nameRequirement)", at: node)
            return nil
        }
        guard name.utf8.count <= NameRules.maximumIdentifierLength else {
            log.error(
                "\(what) '\(shownInMessage(name))' is \(name.utf8.count) characters long; "
                    + "the limit is \(NameRules.maximumIdentifierLength)", at: node)
            return nil
        }
        return name
    }

    /// The names of a list, each once: an item that is not a name (`notAName` of its kind, as
    /// "a mapping") or a name listed again (`listedAgain` of the name) is reported, with a note at
    /// the first listing, and left out. The caller checks that `node` is a non-empty list.
    mutating func readUniqueNames(
        _ node: YAMLNode, notAName: (String) -> String, listedAgain: (String) -> String
    ) -> [(name: String, node: YAMLNode)] {
        var names: [(name: String, node: YAMLNode)] = []
        var firstNodes = NameIndex<YAMLNode>(capacity: node.entryCount)
        for position in 0..<node.entryCount {
            let item = document.item(position, of: node)
            guard let text = document.stringValue(of: item), NameRules.isName(text) else {
                log.error(notAName(document.kindDescription(of: item)), at: item)
                continue
            }
            if let first = firstNodes.insert(text, item) {
                log.error(listedAgain(text), at: item, note: ("'\(shownInMessage(text))' is first listed here", first))
                continue
            }
            names.append((text, item))
        }
        return names
    }

    /// A scalar that must be one of `choices`.
    mutating func readChoice(_ node: YAMLNode, key: String, choices: [String]) -> String? {
        guard let text = readText(node, key: key) else { return nil }
        guard choices.contains(text) else {
            let listed = choices.map { "'\($0)'" }.joined(separator: " or ")
            log.error(
                "'\(key)' must be \(listed), not '\(shownInMessage(text))'"
                    + Suggestions.didYouMean(text, in: choices), at: node)
            return nil
        }
        return text
    }

    /// Free text: any scalar but a null.
    mutating func readText(_ node: YAMLNode, key: String) -> String? {
        guard let text = document.stringValue(of: node) else {
            log.error("'\(key)' must be a single value; found \(document.kindDescription(of: node))", at: node)
            return nil
        }
        return text
    }

    /// `salt`: any non-empty text.
    mutating func readSalt(_ node: YAMLNode) -> String? {
        guard let salt = readText(node, key: "salt") else { return nil }
        guard !salt.isEmpty else {
            log.error("'salt' must not be empty", at: node)
            return nil
        }
        return salt
    }

    /// `traffic`, as the number of the 10,000 buckets it enrols.
    mutating func readTraffic(_ node: YAMLNode) -> Int? {
        let bounds = "more than 0 and at most 100"
        guard let buckets = readPercent(node, what: "'traffic'", bounds: bounds) else { return nil }
        guard buckets > 0 else {
            log.error("'traffic' must be \(bounds); found \(document.kindDescription(of: node))", at: node)
            return nil
        }
        return buckets
    }

    /// A percentage in 0...100 with at most two decimals, as a number of the 10,000 buckets.
    mutating func readPercent(_ node: YAMLNode, what: String, bounds: String) -> Int? {
        guard let value = document.scalarValue(of: node)?.number, value.isFinite else {
            log.error("\(what) must be a number of percent; found \(document.kindDescription(of: node))", at: node)
            return nil
        }
        guard value >= 0 && value <= 100 else {
            log.error("\(what) must be \(bounds); found \(document.kindDescription(of: node))", at: node)
            return nil
        }
        guard let buckets = BucketTable.buckets(percent: value) else {
            log.error(
                "\(what) is \(document.scalarText(of: node) ?? ""), finer than 0.01 percent (one of the 10,000 "
                    + "buckets); round it to two decimals", at: node)
            return nil
        }
        return buckets
    }

    /// `expires`: a real date written `YYYY-MM-DD`.
    mutating func readDate(_ node: YAMLNode) -> CalendarDate? {
        guard let text = document.stringValue(of: node) else {
            log.error("'expires' must be a date written YYYY-MM-DD; found \(document.kindDescription(of: node))", at: node)
            return nil
        }
        guard let (year, month, day) = document.withBytes(of: node, Self.dateParts) else {
            log.error("'expires' must be a date written YYYY-MM-DD; found '\(shownInMessage(text))'", at: node)
            return nil
        }
        guard (1...12).contains(month), (1...Self.daysIn(month: month, year: year)).contains(day) else {
            log.error("'expires' is not a real date: \(text)", at: node)
            return nil
        }
        return CalendarDate(year: year, month: month, day: day)
    }

    /// The year, month and day of bytes shaped `DDDD-DD-DD`, read as digits without a string.
    private static func dateParts(_ bytes: UnsafeBufferPointer<UInt8>) -> (Int, Int, Int)? {
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for index in range {
                let digit = Int(bytes[index]) - Int(UInt8(ascii: "0"))
                guard digit >= 0 && digit <= 9 else { return nil }
                value = value * 10 + digit
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10) else { return nil }
        return (year, month, day)
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// `swift_name`: a Swift type name that is not a keyword.
    mutating func readSwiftName(_ node: YAMLNode) -> String? {
        guard let name = readText(node, key: "swift_name") else { return nil }
        guard NameRules.isSwiftTypeName(name) else {
            log.error(
                "'swift_name' must be a Swift type name (a letter or underscore, then letters, "
                    + "digits and underscores); found '\(shownInMessage(name))'", at: node)
            return nil
        }
        guard !SwiftNaming.keywords.contains(name) else {
            log.error("'swift_name' '\(name)' is a Swift keyword; choose another name", at: node)
            return nil
        }
        guard !NameRules.reservedTypeNames.contains(name) else {
            log.error(
                "'swift_name' '\(name)' is already a type name of SplitTesting or of the "
                    + "generated code; choose another name", at: node)
            return nil
        }
        return name
    }
}
