/// One group (arm, variant) of a split test.
///
/// Generated code declares one enum per experiment, whose raw values are the group names of the
/// YAML definition in declaration order:
///
/// ```swift
/// public enum Group: String, SplitTestGroup {
///     case red
///     case blue
///     case darkGray = "dark_gray"
/// }
/// ```
///
/// A multivariate experiment's groups are its cells: a struct with one level of each factor,
/// whose cases are the cells it runs and whose raw value is the levels joined by `+`
/// (`checkout.currentGroup.headline`, raw value `urgent+orange`); see <doc:MultivariateExperiments>.
public protocol SplitTestGroup: RawRepresentable, CaseIterable, Hashable, Sendable
where RawValue == String, AllCases: RandomAccessCollection, AllCases.Index == Int {}
