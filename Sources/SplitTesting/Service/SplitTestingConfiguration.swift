import Foundation

extension SplitTestingService {
    /// How a ``SplitTestingService`` stores, tracks, learns its experiments and reports problems,
    /// given once, to ``init(store:deviceID:catalog:tracking:launchOverrides:report:environment:clock:)``.
    /// Every parameter has a default that works, so `Configuration()` is a valid configuration:
    /// a store that persists, a device id created on first use, no analytics, no overrides.
    /// Tests and previews that must start afresh every time ask for memory with `store: .inMemory`.
    ///
    /// ```swift
    /// #if DEBUG
    /// let launchOverrides = LaunchOverrides.process
    /// #else
    /// let launchOverrides = LaunchOverrides.disabled
    /// #endif
    /// let service = SplitTestingService(configuration: .init(
    ///     store: .file(at: applicationSupport.appendingPathComponent("split-tests.json")),
    ///     catalog: SplitTestCatalog.all,
    ///     tracking: TrackingClient(providers: [analyticsAdapter]),
    ///     launchOverrides: launchOverrides,
    ///     report: { issue in logger.warning("\(issue)") }))
    /// ```
    public struct Configuration: Sendable {
        package var store: any AssignmentStore
        package var deviceID: String?
        package var catalog: [any SplitTest.Type]
        package var tracking: TrackingClient
        package var launchOverrides: LaunchOverrides
        package var report: @Sendable (SplitTestingIssue) -> Void
        /// The built-in targeting attributes (`app_version`, `platform`, `os_version`, `region`);
        /// by default read from the platform. Tests set fixed values here.
        @_spi(Generated) public var builtInAttributes: SplitTestAttributeValues
        package var environment: String?
        package var clock: @Sendable () -> Date
        /// A control document's payload to put in force before the first resolution, usually the
        /// last good document that `SplitTestingRemote` kept on disk.
        @_spi(Tools) public var control: SplitTestControl?

        /// Creates a configuration.
        ///
        /// - Parameters:
        ///   - store: Where the device id and the bucketed groups are kept across launches. By
        ///     default (`nil`) the platform's persistent store: `UserDefaults.standard` on Apple
        ///     platforms; elsewhere a file store (``AssignmentStore/file(at:report:)``) at
        ///     `$XDG_DATA_HOME/SplitTesting/<executable>.json` (`~/.local/share` when
        ///     `XDG_DATA_HOME` is unset), named after the executable so that two programs on one
        ///     machine never share a device id. The first service created with the configuration
        ///     opens it and gives it `report`; a file that cannot be written is reported there,
        ///     and the service keeps working from memory. Stores answer from memory and write in
        ///     the background, with one exception: a file store shared with an app's extensions
        ///     settles a new device id in its file during the fetch that creates it (once per
        ///     install), waiting at most a second for another process's lock.
        ///   - deviceID: The device id to key device-level experiments by; when `nil` (or empty),
        ///     a random UUID is created on first use and kept in `store`.
        ///   - catalog: Every experiment the app knows, usually the generated
        ///     `SplitTestCatalog.all`; overrides given by name (API, environment, launch
        ///     arguments) are checked against it.
        ///   - tracking: Where exposures and goals are sent.
        ///   - launchOverrides: The environment and arguments to read `SPLIT_TEST_OVERRIDES`
        ///     from; disabled by default, so that a release build never obeys them.
        ///   - report: Receives every problem the service worked around, for the app's log.
        ///     Called on the thread that met the problem, never while the service holds a lock.
        ///     Stores and providers that do I/O (``AssignmentStore/file(at:report:)``,
        ///     ``JSONLinesTrackingProvider``) take a `report` closure of their own; pass them the
        ///     same one.
        ///   - environment: The environment whose values the experiments take
        ///     (`SplitTestEnvironment.staging.rawValue` with the generated enum), or `nil` (the
        ///     default) for their base values. An experiment that does not list it uses its base
        ///     values; a control document published for another environment is reported and
        ///     ignored.
        ///   - clock: The service's clock, which schedules are read against; the system clock by
        ///     default. Tests pass a fixed or stepping one.
        public init(
            store: (any AssignmentStore)? = nil,
            deviceID: String? = nil,
            catalog: [any SplitTest.Type] = [],
            tracking: TrackingClient = TrackingClient(),
            launchOverrides: LaunchOverrides = .disabled,
            report: @escaping @Sendable (SplitTestingIssue) -> Void = { _ in },
            environment: String? = nil,
            clock: @escaping @Sendable () -> Date = { Date() }
        ) {
            self.environment = environment
            self.clock = clock
            self.store = store ?? DefaultAssignmentStore()
            self.deviceID = deviceID
            self.catalog = catalog
            self.tracking = tracking
            self.launchOverrides = launchOverrides
            self.report = report
            builtInAttributes = .fromPlatform
        }
    }
}

extension SplitTestingService.Configuration {
    /// A configuration whose built-in targeting attributes are `builtInAttributes` rather than
    /// the platform's, for tests and tools that need fixed values; the other parameters are the
    /// public initializer's.
    @_spi(Generated) public init(
        store: (any AssignmentStore)? = nil,
        deviceID: String? = nil,
        catalog: [any SplitTest.Type] = [],
        tracking: TrackingClient = TrackingClient(),
        launchOverrides: LaunchOverrides = .disabled,
        report: @escaping @Sendable (SplitTestingIssue) -> Void = { _ in },
        builtInAttributes: SplitTestAttributeValues,
        environment: String? = nil,
        clock: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.init(
            store: store, deviceID: deviceID, catalog: catalog, tracking: tracking,
            launchOverrides: launchOverrides, report: report, environment: environment, clock: clock)
        self.builtInAttributes = builtInAttributes
    }

    /// This configuration with `control` in force before the first resolution, for the tools
    /// and tests that build a service as `SplitTestingRemote` starts one.
    @_spi(Tools) public func with(control: SplitTestControl?) -> Self {
        var configuration = self
        configuration.control = control
        return configuration
    }
}
