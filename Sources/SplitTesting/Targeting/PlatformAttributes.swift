import Foundation

extension SplitTestAttributeValues {
    /// The built-in attributes as the platform reports them: the main bundle's short version
    /// (when it has one), the platform this code was compiled for, the operating system's version
    /// and the current locale's region (when it has one).
    ///
    /// Read once, when a service is created; a test replaces any of them with
    /// `SplitTestingService.setAttributes(_:)` or `SplitTestingService.Configuration.builtInAttributes`.
    public static var fromPlatform: SplitTestAttributeValues {
        var values = SplitTestAttributeValues()
        if let short = Bundle.main.object(forInfoDictionaryKey: "CFBundleShortVersionString") as? String,
            let version = SplitTestVersion(short)
        {
            values[appVersion] = .version(version)
        }
        values[platform] = .string(platformName)
        let os = ProcessInfo.processInfo.operatingSystemVersion
        values[osVersion] = .version(SplitTestVersion(
            components: [os.majorVersion, os.minorVersion, os.patchVersion].map { max($0, 0) }))
        if let region = Locale.current.region?.identifier, region.count == 2 {
            values[self.region] = .string(region.uppercased())
        }
        return values
    }

    /// The name of the platform this code runs on, as targeting writes it.
    static var platformName: String {
        #if os(visionOS)
            "visionos"
        #elseif os(iOS)
            isPad ? "ipados" : "ios"
        #elseif os(tvOS)
            "tvos"
        #elseif os(watchOS)
            "watchos"
        #elseif os(macOS)
            "macos"
        #else
            "linux"
        #endif
    }

    #if os(iOS) && !os(visionOS)
        /// An iPad reports iOS; `UIDevice` would need UIKit (and the main actor), so the model
        /// identifier the system reports is read instead.
        private static var isPad: Bool {
            ProcessInfo.processInfo.environment["SIMULATOR_MODEL_IDENTIFIER"]?.hasPrefix("iPad")
                ?? modelIdentifier.hasPrefix("iPad")
        }

        private static var modelIdentifier: String {
            var info = utsname()
            uname(&info)
            return withUnsafeBytes(of: &info.machine) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
        }
    #endif
}
