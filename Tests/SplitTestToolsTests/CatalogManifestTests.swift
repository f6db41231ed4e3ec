@_spi(Tools) import SplitTestTools
import Testing

/// What the catalog may remove: only pages its last run listed and this run did not write, and
/// never a name that leads out of its folder.
@Suite struct CatalogManifestTests {
    @Test func onlyPagesTheLastRunWroteAndThisOneDidNotAreStale() {
        let previous = CatalogManifest.text(["index.html", "alpha.html", "beta.html"])
        #expect(CatalogManifest.names(in: previous) == ["alpha.html", "beta.html", "index.html"])
        #expect(CatalogManifest.stale(previous: previous, written: ["index.html", "alpha.html"]) == ["beta.html"])
        #expect(CatalogManifest.stale(previous: nil, written: ["index.html"]).isEmpty)
    }

    @Test func aManifestEditedToNameOtherFilesRemovesNoneOfThem() {
        let edited = "# hand-made\n../outside.html\n/etc/passwd\nsub/page.html\n.hidden.html\nnotes.txt\nsub\\\\page.html\nkept.html\n"
        #expect(CatalogManifest.names(in: edited) == ["kept.html"])
        #expect(CatalogManifest.stale(previous: edited, written: []) == ["kept.html"])
    }
}
