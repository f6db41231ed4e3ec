/// The targets a command names with `--target`, found among a package's source targets.
public enum TargetSelection {
    /// The candidates named `names`, in that order, or a failure naming the first unknown name
    /// and every candidate's name. `name` reads a candidate's name.
    public static func select<Target>(
        _ names: [String], from candidates: [Target], packageName: String, name: (Target) -> String
    ) throws(CommandFailure) -> [Target] {
        var selected: [Target] = []
        for wanted in names {
            guard let target = candidates.first(where: { name($0) == wanted }) else {
                let known = candidates.map(name).sorted().joined(separator: ", ")
                throw CommandFailure(
                    "package '\(packageName)' has no source target named '\(wanted)'; its source targets: \(known)")
            }
            selected.append(target)
        }
        return selected
    }
}
