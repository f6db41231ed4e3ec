/// The order of groups when no definition gives one: the control first, then by name.
enum GroupOrder {
    /// Whether `left` comes before `right`.
    static func controlFirst(_ left: String, _ right: String, control: String) -> Bool {
        if left == control || right == control { return left == control && right != control }
        return left < right
    }
}
