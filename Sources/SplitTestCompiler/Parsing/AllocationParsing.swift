@_spi(Generated) @_spi(Tools) import SplitTesting
import SplitTestFormats

/// The one key of `allocation`.
enum AllocationKey: Int, FixedKey {
    case bandit

    static let names = ["bandit"]
}

/// The keys of `allocation: { bandit: … }`.
enum BanditKey: Int, FixedKey {
    case goal, value, minWeight, burnIn

    static let names = ["goal", "value", "min_weight", "burn_in"]
}

/// Reads `allocation: { bandit: { goal, value, min_weight, burn_in } }`: weights that follow the
/// rewards, set by the control documents that `splitc bandit` writes.
///
/// A bandit's groups are its arms. Their weights as written must all be equal: the bandit starts
/// from an even split (which is also what its uniform priors say) and sets every weight itself, so
/// an unequal weight, or a weight of 0, would contradict it. A resolved experiment serves one
/// group to everyone and cannot be a bandit.
extension ExperimentParser {
    /// The default least weight of an arm: 1 percent.
    static let defaultMinimumWeightBuckets = 100
    /// The default units every arm needs before the weights first move.
    static let defaultBurnIn = 100
    /// The longest goal name a bandit may name.
    static let maximumGoalLength = 64

    /// The allocation `node` describes, checked against the experiment's groups (nil when they
    /// have errors) and status; nil when it has errors (all reported).
    mutating func readAllocation(
        _ pair: YAMLPair, groups: [GroupDraft]?, statusNode: YAMLNode?, status: SplitTestStatus
    ) -> SplitTestAllocation? {
        let node = pair.value
        guard node.kind == .mapping else {
            log.error(
                "'allocation' must be a mapping like { bandit: { goal: signup } }; found \(document.kindDescription(of: node))",
                at: node)
            return nil
        }
        let keys = entries(of: node, keys: AllocationKey.self, place: " in 'allocation'")
        guard let banditNode = keys[.bandit]?.value else {
            if node.entryCount == 0 { log.error("'allocation' must name its kind: { bandit: { goal: … } }", at: node) }
            return nil
        }
        let errorsBefore = log.errorCount
        let bandit = readBandit(banditNode, armCount: groups?.count)
        if case .resolved = status, let statusNode {
            log.error(
                "a resolved experiment serves its winner to every unit and cannot be a bandit; "
                    + "remove 'allocation', or the status (a control document can still resolve it)",
                at: statusNode, note: ("the bandit is defined here", pair.key))
        }
        if let groups {
            checkEqualArmWeights(groups.map { ($0.name, $0.weight, $0.weightNode, $0.nameNode) })
        }
        guard log.errorCount == errorsBefore, let bandit else { return nil }
        return .bandit(bandit)
    }

    private mutating func readBandit(_ node: YAMLNode, armCount: Int?) -> SplitTestBandit? {
        guard node.kind == .mapping else {
            log.error(
                "'bandit' must be a mapping like { goal: signup, min_weight: 1, burn_in: 100 }; "
                    + "found \(document.kindDescription(of: node))", at: node)
            return nil
        }
        let keys = entries(of: node, keys: BanditKey.self, place: " in 'bandit'")
        var valid = true
        var goal: String?
        if let goalNode = keys[.goal]?.value {
            goal = readGoalName(goalNode)
        } else {
            log.error("missing required key 'goal' in 'bandit': the goal whose conversions reward an arm", at: node)
        }
        var rewardsValue = false
        if let valueNode = keys[.value]?.value {
            if case .bool(let flag)? = document.scalarValue(of: valueNode), valueNode.kind == .plainScalar {
                rewardsValue = flag
            } else {
                log.error(
                    "'value' must be true (the goal's value is the reward) or false (conversion to it is); "
                        + "found \(document.kindDescription(of: valueNode))", at: valueNode)
                valid = false
            }
        }
        var minimumWeight = Self.defaultMinimumWeightBuckets
        if let weightNode = keys[.minWeight]?.value {
            if let buckets = readMinimumWeight(weightNode, armCount: armCount) {
                minimumWeight = buckets
            } else {
                valid = false
            }
        } else if let armCount, armCount * minimumWeight > Bucketing.bucketCount {
            log.error(
                "the default 'min_weight' of 1 percent is too large for \(armCount) groups (\(armCount) percent in all); "
                    + "set 'min_weight' to at most \(Self.percentText(Bucketing.bucketCount / armCount))", at: node)
            valid = false
        }
        var burnIn = Self.defaultBurnIn
        if let burnInNode = keys[.burnIn]?.value {
            if let units = readBurnIn(burnInNode) { burnIn = units } else { valid = false }
        }
        guard valid, let goal else { return nil }
        return SplitTestBandit(
            goal: goal, rewardsValue: rewardsValue, minimumWeight: BucketTable.percent(buckets: minimumWeight), burnIn: burnIn)
    }

    /// `goal`: a name as the app passes it to `trackGoal`: a letter, then letters, digits, `_`,
    /// `-` or `.`, at most 64 characters.
    private mutating func readGoalName(_ node: YAMLNode) -> String? {
        guard node.isScalar, let name = document.stringValue(of: node) else {
            log.error("'goal' must be a goal's name; found \(document.kindDescription(of: node))", at: node)
            return nil
        }
        guard Self.isGoalName(name) else {
            log.error(
                "goal '\(shownInMessage(name))' is not a goal name: a letter, then letters, digits, '_', '-' or '.', "
                    + "at most \(Self.maximumGoalLength) characters", at: node)
            return nil
        }
        return name
    }

    static func isGoalName(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        guard let first = bytes.first, bytes.count <= maximumGoalLength, isLetter(first) else { return false }
        return bytes.allSatisfy { isLetter($0) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x5F || $0 == 0x2D || $0 == 0x2E }
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
    }

    /// `min_weight`: more than 0 and at most 50 percent in steps of 0.01, and small enough that
    /// every arm can have it (arms × min_weight ≤ 100), as a number of the 10,000 buckets.
    private mutating func readMinimumWeight(_ node: YAMLNode, armCount: Int?) -> Int? {
        let bounds = "more than 0 and at most 50"
        guard let buckets = readPercent(node, what: "'min_weight'", bounds: bounds) else { return nil }
        guard buckets > 0 && buckets <= Bucketing.bucketCount / 2 else {
            log.error("'min_weight' must be \(bounds) percent; found \(document.kindDescription(of: node))", at: node)
            return nil
        }
        if let armCount, armCount * buckets > Bucketing.bucketCount {
            log.error(
                "'min_weight' \(Self.percentText(buckets)) is too large for \(armCount) groups: "
                    + "\(Self.percentText(armCount * buckets)) percent in all; at most \(Self.percentText(Bucketing.bucketCount / armCount))",
                at: node)
            return nil
        }
        return buckets
    }

    /// `burn_in`: a whole number of units, at least 1.
    private mutating func readBurnIn(_ node: YAMLNode) -> Int? {
        guard case .int(let units)? = document.scalarValue(of: node), node.kind == .plainScalar, units >= 1 else {
            log.error(
                "'burn_in' must be a whole number of units, at least 1; found \(document.kindDescription(of: node))",
                at: node)
            return nil
        }
        return units
    }

    /// Reports each arm whose weight as written differs from the first arm's: a bandit's arms
    /// start even, and the bandit alone sets their weights. An arm is one of the definition's
    /// groups, whatever wrote it (a group of `groups:`, or any other entry that becomes a group).
    mutating func checkEqualArmWeights(_ arms: [(name: String, weight: Double, weightNode: YAMLNode?, nameNode: YAMLNode)]) {
        guard let first = arms.first else { return }
        for arm in arms.dropFirst() where arm.weight != first.weight {
            let written = arm.weightNode.flatMap(document.scalarText) ?? "1"
            let firstWritten = first.weightNode.flatMap(document.scalarText) ?? "1"
            log.error(
                "group '\(arm.name)' has weight \(written) but '\(first.name)' has \(firstWritten): a bandit's groups "
                    + "start with equal weights, which the bandit then sets; remove the weights",
                at: arm.weightNode ?? arm.nameNode)
        }
    }

    /// Buckets as percent: 2,500 → `25`, 333 → `3.33`.
    static func percentText(_ buckets: Int) -> String {
        BucketTable.percentText(buckets: buckets)
    }
}
