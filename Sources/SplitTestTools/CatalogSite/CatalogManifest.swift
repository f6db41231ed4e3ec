/// The list of files `splitc catalog` wrote into its folder, kept beside them, so that the pages
/// of experiments that no longer exist are removed on the next run and nothing else ever is: a
/// file is removed only when the last run listed it and it still carries the catalog's marker
/// (``CatalogSite/generatorMarker``), so that a page a person replaced is kept.
package enum CatalogManifest {
    /// The manifest's file name in the catalog's folder.
    package static let fileName = ".splitc-catalog"

    private static let header = "# The files splitc catalog wrote here; it removes those whose experiment is gone.\n"

    /// The manifest of a run that wrote `names`.
    package static func text(_ names: [String]) -> String {
        header + names.sorted().map { $0 + "\n" }.joined()
    }

    /// The file names a manifest lists: plain names of `.html` files in the folder, never a path
    /// that leads elsewhere.
    package static func names(in text: String) -> [String] {
        text.split(separator: "\n").map(String.init).filter { name in
            !name.hasPrefix("#") && name.hasSuffix(".html") && !name.contains("/") && !name.contains("\\")
                && !name.hasPrefix(".")
        }
    }

    /// What the last run wrote (its manifest's `previous` text) that this run, which wrote
    /// `written`, did not: the pages to remove, if they still carry the marker.
    package static func stale(previous: String?, written: [String]) -> [String] {
        guard let previous else { return [] }
        let kept = Set(written)
        return names(in: previous).filter { !kept.contains($0) }.sorted()
    }
}
