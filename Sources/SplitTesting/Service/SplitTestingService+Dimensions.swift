extension SplitTestingService {
    /// The built-in attributes every exposure carries as dimensions.
    static let builtInDimensions = [SplitTestAttributeValues.platform, SplitTestAttributeValues.appVersion]

    /// Sets the app's targeting attributes by name, as ``setAttributes(_:)`` does, and names the
    /// declared attributes that exposures carry from now on (`dimension: true`), each as
    /// `dimension_<attribute>` beside the built-in `dimension_platform` and
    /// `dimension_app_version`, so that a readout can slice by them.
    ///
    /// The generated `setAttributes(_:)` calls this when the definitions declare a dimension.
    ///
    /// ```swift
    /// service.setAttributes(SplitTestAttributeValues(["plan": .string("pro")]), dimensions: ["plan"])
    /// ```
    @_spi(Generated) public func setAttributes(_ values: SplitTestAttributeValues, dimensions: [String]) {
        dimensionNames.withLock { $0 = dimensions }
        setAttributes(values)
    }

    /// The dimensions an exposure carries, by attribute: the built-in ones and `declared`, each
    /// that has a value in `attributes`.
    static func dimensions(of attributes: SplitTestAttributeValues, declared: [String]) -> [String: TrackingValue] {
        var dimensions: [String: TrackingValue] = [:]
        for name in builtInDimensions + declared {
            guard let value = attributes[name] else { continue }
            switch value {
            case .string(let text): dimensions[name] = .string(text)
            case .int(let number): dimensions[name] = .int(number)
            case .double(let number): dimensions[name] = .double(number)
            case .bool(let flag): dimensions[name] = .bool(flag)
            case .version(let version): dimensions[name] = .string(version.description)
            }
        }
        return dimensions
    }
}
