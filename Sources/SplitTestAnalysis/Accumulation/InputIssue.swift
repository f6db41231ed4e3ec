import SplitTestFormats

/// Something wrong with one line of the input: counted, reported with its place, and left out;
/// the rest is analysed.
public struct InputIssue: Sendable, Hashable, Comparable {
    /// What kind of problem.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// Not a JSON object, or one without `event` or a readable `date` (one from 1970 to 2100).
        case malformedLine = "malformed line"
        /// An event the readout does not know (an app's own event, say).
        case unknownEvent = "unknown event"
        /// An exposure, goal or holdout event without a field it needs.
        case missingField = "missing field"
        /// A goal whose device and user had not been exposed to anything by then: it credits nothing.
        case goalBeforeExposure = "goal before any exposure"
        /// A goal of a unit before its first exposure (outside the CUPED window, when there is
        /// one): history from the pre-period, which credits nothing. Expected in any real export,
        /// so counted in one summary line rather than reported line by line.
        case preExposureGoal = "goal before its unit's first exposure"
        /// A unit exposed in two groups of one experiment: counted apart, left out of the statistics.
        case unitInTwoGroups = "unit in two groups"
        /// An exposure of an experiment the definitions do not have.
        case unknownExperiment = "experiment not in the definitions"
        /// An exposure naming a group the definition does not have.
        case unknownGroup = "group not in the definition"
        /// A file with no lines.
        case emptyFile = "empty file"
        /// A declared event whose properties are not what its declaration says.
        case eventNotAsDeclared = "event not as declared"

        /// `count` issues of this kind, the noun agreeing in number: `1 malformed line`, `3 malformed lines`.
        public func counted(_ count: Int) -> String {
            let plural = switch self {
            case .malformedLine: "malformed lines"
            case .unknownEvent: "unknown events"
            case .missingField: "missing fields"
            case .goalBeforeExposure: "goals before any exposure"
            case .preExposureGoal: "goals before their unit's first exposure"
            case .unitInTwoGroups: "units in two groups"
            case .unknownExperiment: "exposures of experiments not in the definitions"
            case .unknownGroup: "exposures of groups not in the definition"
            case .emptyFile: "empty files"
            case .eventNotAsDeclared: "events not as declared"
            }
            return Counted.phrase(count, rawValue, plural: plural)
        }

        /// Whether an issue of this kind means its line is no event the readout reads, rather
        /// than an event that counts for nothing.
        var makesLineInvalid: Bool {
            self == .malformedLine || self == .unknownEvent || self == .missingField || self == .eventNotAsDeclared
        }
    }

    /// The file, as given.
    public var file: String
    /// The 1-based line; 0 for the file as a whole.
    public var line: Int
    /// The kind.
    public var kind: Kind
    /// What to tell the reader.
    public var message: String

    /// Creates an issue.
    public init(file: String, line: Int, kind: Kind, message: String) {
        self.file = file
        self.line = line
        self.kind = kind
        self.message = message
    }

    /// In file order, then line order.
    public static func < (left: Self, right: Self) -> Bool {
        (left.file, left.line) < (right.file, right.line)
    }

    /// `file:line: warning: kind: message`, the form editors and terminals link.
    public var description: String {
        line > 0 ? "\(file):\(line): warning: \(kind.rawValue): \(message)" : "\(file): warning: \(kind.rawValue): \(message)"
    }
}

extension InputIssue {
    /// The one line that counts the goals from before their unit's first exposure (beyond the
    /// CUPED window, with one), in place of a warning each.
    public static func preExposureSummary(count: Int, window: PreExposureWindow?) -> String {
        let beyond = window.map { " more than \(NumberFormatting.days($0.days))" } ?? ""
        return "\(count) goal\(count == 1 ? "" : "s") came\(beyond) before their unit's first exposure "
            + "(the pre-period) and credit nothing"
    }
}
