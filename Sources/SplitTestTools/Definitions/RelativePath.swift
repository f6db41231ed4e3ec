/// Paths relative to a folder, as generated code and its header name definition files.
public enum RelativePath {
    /// The path of `target` relative to the folder `base`, both absolute and standardized;
    /// with `..` segments when `target` lies outside `base`.
    public static func from(_ base: String, to target: String) -> String {
        let baseParts = base.split(separator: "/", omittingEmptySubsequences: true)
        let targetParts = target.split(separator: "/", omittingEmptySubsequences: true)
        var common = 0
        while common < baseParts.count, common < targetParts.count, baseParts[common] == targetParts[common] {
            common += 1
        }
        let ups = Array(repeating: "..", count: baseParts.count - common)
        let rest = targetParts[common...].map(String.init)
        let parts = ups + rest
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }
}
