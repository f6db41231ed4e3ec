import Foundation

/// A target that applies the build plugin, described with plain URLs so that the plan can be
/// computed and tested without `PackagePlugin`.
public struct GenerationTarget: Sendable, Hashable {
    /// The target's name, shown in the build log.
    public var name: String
    /// The folder of the package (or Xcode project) the target belongs to; the generated file
    /// names its definitions relative to it, so that it is the same on every machine.
    public var packageDirectory: URL
    /// The target's own files, as the build system lists them; its `*.yaml` and `*.yml` files are
    /// definitions.
    public var files: [URL]
    /// The folder where the plugin may write, private to this target.
    public var workDirectory: URL
    /// The target's own folder, when it has one (a package target; an Xcode target has none): an
    /// `experiments` folder inside it holds the target's definitions, and then its other YAML
    /// files are not definitions.
    public var directory: URL?

    /// Creates a target description.
    public init(name: String, packageDirectory: URL, files: [URL], workDirectory: URL, directory: URL? = nil) {
        self.name = name
        self.packageDirectory = packageDirectory
        self.files = files
        self.workDirectory = workDirectory
        self.directory = directory
    }
}
