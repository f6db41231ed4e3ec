/// The attributes of the current unit that targeting conditions read, by name: the built-ins
/// (`app_version`, `platform`, `os_version`, `region`) and the custom attributes the definitions
/// declare.
///
/// A service starts from ``SplitTestingService/Configuration/builtInAttributes`` (by default
/// ``fromPlatform``); ``SplitTestingService/setAttributes(_:)`` sets more or replaces built-ins.
/// Apps usually pass the generated, typed `SplitTestAttributes` instead of this type.
///
/// ```swift
/// service.setAttributes(SplitTestAttributeValues([
///     "plan": .string("pro"),
///     SplitTestAttributeValues.appVersion: .version(SplitTestVersion("5.3.1")!),
/// ]))
/// ```
public struct SplitTestAttributeValues: SplitTestAttributeSource, Hashable {
    /// The app's version (`CFBundleShortVersionString`), a ``SplitTestVersion``.
    package static let appVersion = "app_version"
    /// The platform: `ios`, `ipados`, `macos`, `tvos`, `watchos`, `visionos` or `linux`.
    package static let platform = "platform"
    /// The operating system's version, a ``SplitTestVersion``.
    package static let osVersion = "os_version"
    /// The ISO 3166-1 alpha-2 region code, upper case (`US`), from the locale unless set.
    package static let region = "region"
    /// The names of the built-in attributes; the compiler knows them without a declaration.
    package static let builtInNames: [String] = [appVersion, platform, osVersion, region]
    /// The values of ``platform``, one for each platform the runtime reports.
    package static let platformNames: [String] = ["ios", "ipados", "macos", "tvos", "watchos", "visionos", "linux"]

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

    /// Itself, so that a plain set of values can be passed wherever a source is taken.
    public var attributeValues: SplitTestAttributeValues { self }
}

/// Something that provides targeting attribute values, such as the generated `SplitTestAttributes`.
public protocol SplitTestAttributeSource: Sendable {
    /// The values it sets, by attribute name; attributes it leaves unset are absent.
    var attributeValues: SplitTestAttributeValues { get }
}
