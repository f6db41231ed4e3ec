/// Whether a package's manifest applies the build plugin to a target, read from the manifest's
/// text: `PackagePlugin` does not tell a command plugin which plugins a target applies.
///
/// `split-tests-generate` writes `GeneratedSplitTests.swift` into a target's folder; a target
/// that also applies `SplitTestPlugin` would then compile the same types twice, and the next build
/// fails with "multiple producers". So the command refuses such a target before writing anything.
public enum BuildPluginUsage {
    /// The build plugin's name, as a target's `plugins:` names it.
    public static let pluginName = "SplitTestPlugin"

    /// The calls that declare a target in a manifest, without spaces.
    private static let declarations = [".target(", ".executableTarget(", ".testTarget(", ".macro("]

    /// Whether `manifest` (a `Package.swift`) declares the target `target` with `SplitTestPlugin`
    /// among its `plugins:`, as `.plugin(name: "SplitTestPlugin", package: …)` or, in the package
    /// that defines it, `"SplitTestPlugin"`. Spaces and line breaks do not matter.
    public static func applies(to target: String, manifest: String) -> Bool {
        let text = String(manifest.unicodeScalars.filter { !$0.properties.isWhitespace })
        // Each declaration runs to the next one; the target's is the one whose first argument is its name.
        var starts: [String.Index] = []
        for declaration in declarations {
            var searchStart = text.startIndex
            while let range = text.range(of: declaration, range: searchStart..<text.endIndex) {
                starts.append(range.lowerBound)
                searchStart = range.upperBound
            }
        }
        starts.sort()
        for (position, start) in starts.enumerated() {
            let end = position + 1 < starts.count ? starts[position + 1] : text.endIndex
            let declaration = text[start..<end]
            guard let open = declaration.firstIndex(of: "("),
                declaration[declaration.index(after: open)...].hasPrefix("name:\"\(target)\"")
            else { continue }
            if let plugins = declaration.range(of: "plugins:["),
                let close = declaration[plugins.upperBound...].firstIndex(of: "]"),
                declaration[plugins.upperBound..<close].contains("\"\(pluginName)\"")
            {
                return true
            }
        }
        return false
    }

    /// Why `split-tests-generate` refuses `target`, which applies the build plugin.
    public static func refusal(target: String) -> String {
        "target '\(target)' applies \(pluginName), which generates its split tests on every build; a "
            + "GeneratedSplitTests.swift written into its folder too would declare them twice (\"multiple "
            + "producers\"). Use one or the other: keep the plugin and commit nothing, or remove "
            + "\(pluginName) from the target's plugins and run split-tests-generate"
    }
}
