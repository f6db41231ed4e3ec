/// What the definitions say of a declared event or metric beyond what the tools compute with:
/// its description, its properties' descriptions and where it is written. The generated code's
/// documentation and the catalog read it.
package struct DeclarationDetails: Sendable, Hashable {
    /// Free text, from `description:`.
    package var description: String?
    /// The description of each property of an event that has one, by property name.
    package var propertyDescriptions: [String: String]
    /// Where the declaration's name is written.
    package var location: SourceLocation
    /// The path of its file relative to the package, as the generated code and the catalog name it.
    package var displayPath: String

    package init(
        description: String?, propertyDescriptions: [String: String] = [:], location: SourceLocation,
        displayPath: String
    ) {
        self.description = description
        self.propertyDescriptions = propertyDescriptions
        self.location = location
        self.displayPath = displayPath
    }
}
