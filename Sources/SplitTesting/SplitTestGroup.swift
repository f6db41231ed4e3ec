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
public protocol SplitTestGroup: RawRepresentable, CaseIterable, Hashable, Sendable
where RawValue == String, AllCases: RandomAccessCollection, AllCases.Index == Int {}
