@_spi(Generated) import SplitTesting
import SplitTestFormats

/// Targeting conditions indented one level too little, read as keys of the experiment.
///
/// ```yaml
/// targeting:
///   platform: ios
/// app_version: ">= 5.3"
/// ```
///
/// reads `app_version` as an unknown key of the experiment. A key that is no experiment key nor
/// a misspelling of one (which the caller has ruled out) is taken for a misplaced condition when
/// it comes right after `targeting:` (only such keys between them) or is a built-in attribute or
/// a segment list.
extension ExperimentParser {
    /// Why the unknown key `name` at `position` of the experiment's `root`, which is no
    /// misspelling of an experiment key, is there, when it looks like a condition of
    /// `targeting:`; nil otherwise.
    static func misplacedTargetingMessage(
        _ name: String, at position: Int, root: YAMLNode, in document: YAMLDocument
    ) -> String? {
        let experimentKeys = ExperimentKey.names
        let targeting = (0..<root.entryCount).first { document.scalar(document.pair($0, of: root).key, is: "targeting") }
        let followsTargeting = targeting.map { targeting in
            targeting < position && (targeting + 1..<position).allSatisfy { between in
                guard let key = document.stringValue(of: document.pair(between, of: root).key) else { return false }
                return !experimentKeys.contains(key)
            }
        } ?? false
        let isCondition = SplitTestAttributeValues.builtInNames.contains(name) || segmentKeys.contains(name)
        if targeting != nil, followsTargeting || isCondition {
            return "'\(shownInMessage(name))' is read as a key of the experiment: is it indented under 'targeting'?"
        }
        guard isCondition else { return nil }
        return "'\(shownInMessage(name))' is a targeting condition, not a key of the experiment: write it under "
            + "'targeting:', like targeting: { \(shownInMessage(name)): … }"
    }

    /// Whether the experiment's `targeting:` is empty because its conditions were indented as the
    /// experiment's keys: then those keys are the error, not the empty targeting.
    func targetingLostItsConditions(_ targeting: YAMLPair, root: YAMLNode) -> Bool {
        guard document.isNull(targeting.value) else { return false }
        guard let position = (0..<root.entryCount).first(where: { document.scalar(document.pair($0, of: root).key, is: "targeting") }),
            position + 1 < root.entryCount,
            let next = document.stringValue(of: document.pair(position + 1, of: root).key)
        else { return false }
        return !ExperimentKey.names.contains(next) && Suggestions.closest(to: next, in: ExperimentKey.names) == nil
            && Self.misplacedTargetingMessage(next, at: position + 1, root: root, in: document) != nil
    }
}
