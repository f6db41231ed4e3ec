/// The attributes of the current unit that targeting conditions read, by name: the built-ins
/// (`app_version`, `platform`, `os_version`, `region`) and the custom attributes the definitions
/// declare.
///
/// A service starts from `SplitTestingService.Configuration.builtInAttributes` (by default
/// ``fromPlatform``); `setAttributes(_:)` sets more or replaces built-ins. Apps set attributes
/// through the generated, typed `SplitTestAttributes` (`service.setAttributes(SplitTestAttributes(plan: .pro))`),
/// which converts them to this type: it is behind `@_spi(Generated)`, as are the tools and tests
/// that set values by name.
///
/// ```swift
/// service.setAttributes(SplitTestAttributeValues([
///     "plan": .string("pro"),
///     "app_version": .version(SplitTestVersion("5.3.1")!),
/// ]))
/// ```
@_spi(Generated) public struct SplitTestAttributeValues: Sendable, Hashable {
    /// The app's version (`CFBundleShortVersionString`), a ``SplitTestVersion``.
    package static let appVersion = "app_version"
    /// The platform: `ios`, `ipados`, `macos`, `tvos`, `watchos`, `visionos`, `linux`, `android` or
    /// `web` (the last two only from a decision service's client; the runtime never reports them).
    package static let platform = "platform"
    /// The operating system's version, a ``SplitTestVersion``.
    package static let osVersion = "os_version"
    /// The ISO 3166-1 alpha-2 region code, upper case (`US`), from the locale unless set.
    package static let region = "region"
    /// The names of the built-in attributes; the compiler knows them without a declaration.
    package static let builtInNames: [String] = [appVersion, platform, osVersion, region]
    /// The values of ``platform``: one for each platform the runtime reports, then `android` and
    /// `web`, which only a decision service's clients give, so that one experiment can target
    /// every platform.
    package static let platformNames: [String] = [
        "ios", "ipados", "macos", "tvos", "watchos", "visionos", "linux", "android", "web",
    ]

    /// The values, by attribute name.
    @_spi(Tools) public private(set) var values: [String: SplitTestAttributeValue]

    /// Creates a set of attribute values.
    public init(_ values: [String: SplitTestAttributeValue] = [:]) {
        self.values = values
    }

    /// The value of `name`, or `nil` when it is not set (its conditions are then false).
    public subscript(name: String) -> SplitTestAttributeValue? {
        get { values[name] }
        set { values[name] = newValue }
    }

    /// These values with every value of `other` set over them.
    package func merging(_ other: SplitTestAttributeValues) -> SplitTestAttributeValues {
        SplitTestAttributeValues(values.merging(other.values) { _, new in new })
    }
}
