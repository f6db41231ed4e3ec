/// A name or value quoted back in a message: as written when short, cut to its first 37
/// characters and `...` when longer, so that a message about a pasted paragraph stays one line.
package func shownInMessage(_ text: some StringProtocol) -> String {
    text.count <= 40 ? String(text) : text.prefix(37) + "..."
}
