/// Resolves split tests for this device and its signed-in user, keeps them sticky, and reports
/// exposures and goals.
///
/// Create one per app, early, and share it; it is safe to use from any thread or task, and
/// ``fetchSplitTest(_:)`` answers from memory, so it can be called on the main thread while the
/// first frame is drawn. It waits on I/O in one case: a file store (``AssignmentStore/file(at:report:)``) shared
/// with an app's extensions settles a new device id in its file at once, so that every process creates the
/// same one. That happens on the first fetch of a device-level experiment of a new install (or
/// after ``eraseAssignments()``), and waits at most a second for another process's lock.
///
/// ```swift
/// let service = SplitTestingService(configuration: .init(
///     store: .file(at: applicationSupport.appendingPathComponent("split-tests.json")),
///     catalog: SplitTestCatalog.all,
///     tracking: TrackingClient(providers: [analyticsAdapter])))
///
/// let buttonColor = service.fetchSplitTest(ButtonColorSplitTest.self)
/// button.tintColor = buttonColor.currentGroup.color
/// buttonColor.hitSplitTest()            // when the button is actually on screen
///
/// service.associate(user: "user-42")     // on login: user-level experiments are now enrolled
/// service.trackGoal("purchase", value: 3.99)
/// ```
public final class SplitTestingService: Sendable {
    /// The store the service keeps its device id and groups in (the platform's when the
    /// configuration named none); tools and tests flush it before their process ends.
    package let store: any AssignmentStore
    let tracking: TrackingClient
    /// The configuration's `report`; `SplitTestingRemote` reports through it too.
    package let report: @Sendable (SplitTestingIssue) -> Void
    let catalog: ExperimentCatalogIndex
    @usableFromInline let exposures: ExposureLog
    let state: Locked<ResolutionState>
    /// The declared attributes that exposures carry as dimensions, besides the built-in ones.
    let dimensionNames: Locked<[String]>
    /// The device id the app supplied, which erasing assignments keeps; `nil` when the service
    /// creates one.
    let configuredDeviceID: String?
    /// Hands changes to the streams of ``changes()``.
    let changeBroadcaster = ChangeBroadcaster()
    /// The environment whose values the experiments take; a control document published for
    /// another is rejected.
    package let environment: String?

    /// Creates a service; see ``Configuration`` for the defaults. Applies launch overrides when
    /// the configuration enables them, and sets up the tracking providers.
    public init(configuration: Configuration = Configuration()) {
        // The default store is opened here rather than in the configuration, so that it reports
        // through the configuration's `report` even when the app set it after creating it.
        let configured = configuration.store.unwrapped
        let store = (configured as? DefaultAssignmentStore)?.open(report: configuration.report) ?? configured
        self.store = store
        tracking = configuration.tracking
        report = configuration.report
        var duplicates: [String] = []
        catalog = ExperimentCatalogIndex(catalog: configuration.catalog, duplicates: &duplicates)
        for duplicate in duplicates { report(.duplicateCatalogExperiment(experiment: duplicate)) }

        var deviceID = configuration.deviceID
        if deviceID?.isEmpty == true {
            report(.invalidUnitID(reason: "the configured device id is empty; using the stored or a new one"))
            deviceID = nil
        }
        let state = Locked(ResolutionState(
            deviceID: deviceID, builtInAttributes: configuration.builtInAttributes,
            storeIsInMemory: store is InMemoryAssignmentStore, environment: configuration.environment,
            clock: configuration.clock))
        self.state = state
        let dimensionNames = Locked<[String]>([])
        self.dimensionNames = dimensionNames
        // The state weakly: what the state keeps (the resolved split tests) holds the exposure
        // log, so a strong reference here would keep both alive after the service is gone.
        exposures = ExposureLog(tracking: configuration.tracking) { [weak state] in
            guard let attributes = state?.withLock({ $0.attributes }) else { return [:] }
            return Self.dimensions(of: attributes, declared: dimensionNames.withLock { $0 })
        }
        configuredDeviceID = deviceID
        environment = configuration.environment
        reportInMemoryBandits()
        if let control = configuration.control { applyControl(control) }
        tracking.setup()
        for entry in configuration.launchOverrides.entries {
            applyOverride(entry.text, source: entry.source)
        }
    }

    /// Reports at once each bandit of the catalog whose assignments would not survive the process
    /// (one configured with ``AssignmentStore/inMemory``); a bandit outside the catalog is
    /// reported when first resolved.
    private func reportInMemoryBandits() {
        var issues: [SplitTestingIssue] = []
        state.withLock { state in
            for type in catalog.types where type.definition.allocation.bandit != nil {
                state.reportInMemoryBandit(type.definition, issues: &issues)
            }
        }
        for issue in issues { report(issue) }
    }

    /// Resolves `type` for the current unit (the device, or the signed-in user).
    ///
    /// The first call for an experiment and unit may read and write the store's memory (and, once
    /// per install, a shared file store settles a new device id in its file, waiting
    /// at most a second for another process's lock); every later call is a lock and a dictionary
    /// lookup. The group and its reason follow the resolution order of <doc:HowAssignmentWorks>,
    /// with the environment's values and a control document in force applied first.
    @inlinable
    public func fetchSplitTest<T: SplitTest>(_ type: T.Type = T.self) -> T {
        // Inlined so that the sticky path is specialised for `T` in the app: one lock, one
        // dictionary lookup and a copy of the value kept since the first fetch; no generic
        // metadata lookups, no dynamic cast, no group rebuilt from its name, no allocation.
        if let known = knownResolution(
            experiment: ObjectIdentifier(T.self), identifier: T.identifier, unitType: T.definition.unitType)
        {
            return ResolvedSplitTest<T>.unwrap(known).value
        }
        return resolveAfresh(T.self)
    }

    @usableFromInline
    func knownResolution(experiment: ObjectIdentifier, identifier: String, unitType: UnitType) -> (any AnyObject & Sendable)? {
        state.withLock { $0.known(experiment: experiment, identifier: identifier, unitType: unitType) }
    }

    /// The slow path of ``fetchSplitTest(_:)``: may create the device id and read or write the store.
    @usableFromInline
    func resolveAfresh<T: SplitTest>(_ type: T.Type) -> T {
        var issues: [SplitTestingIssue] = []
        let value = state.withLock { state in
            state.resolve(T.self, store: store, exposures: exposures, issues: &issues)
        }
        for issue in issues { report(issue) }
        return value
    }

    /// The device id device-level experiments are keyed by; created and stored on first use
    /// when the app supplied none (through a shared file store, settled in its file
    /// at once, waiting at most a second for another process's lock).
    public var deviceID: String {
        var issues: [SplitTestingIssue] = []
        let deviceID = state.withLock { state in
            state.unit(for: .device, store: store, issues: &issues)
        }
        for issue in issues { report(issue) }
        guard let deviceID else { preconditionFailure("a device unit always exists once created") }
        return deviceID
    }

    /// The signed-in user that user-level experiments are keyed by, if any.
    public var currentUserID: String? {
        state.withLock { $0.userID }
    }

    /// Signs `user` in: user-level experiments are now resolved, stored and exposed for this
    /// user, and tracking providers attribute events to them. An empty id is reported and
    /// treated as signing out, so that no one inherits another user's groups.
    public func associate(user: String) {
        guard !user.isEmpty else {
            report(.invalidUnitID(reason: "associate(user:) was given an empty user id; treated as signing out"))
            dissociate()
            return
        }
        changingState(.userAssociated(user: user)) { $0.userID = user }
        tracking.associate(user: user)
    }

    /// Signs the user out: user-level experiments serve their control, not enrolled, until the
    /// next ``associate(user:)``.
    public func dissociate() {
        changingState(.userDissociated) { $0.userID = nil }
        tracking.dissociate()
    }

    /// Sends a goal event (``TrackingEvent/goalIdentifier``) that carries the group of every
    /// experiment the device and the signed-in user have been exposed to, so the outcome can be
    /// credited to those groups. A goal with no prior exposure is still sent, crediting nothing.
    ///
    /// The event also carries `device` (the device id, created on first use like
    /// ``deviceID``) and, while a user is signed in, `user`: the units of device- and user-level
    /// experiments, so that `splitc analyze` joins the goal to the units that were exposed.
    ///
    /// ```swift
    /// service.trackGoal("purchase", value: 3.99)
    /// ```
    public func trackGoal(_ goal: String, value: Double? = nil) {
        let (device, user, groups) = unitsAndExposedGroups()
        tracking.track(TrackingEvent.goal(goal, value: value, device: device, user: user, groups: groups))
    }

    /// The device id, the signed-in user and the group of every experiment they have been exposed
    /// to, by experiment: what a goal and a declared event carry.
    func unitsAndExposedGroups() -> (device: String, user: String?, groups: [String: String]) {
        let device = deviceID
        let user = currentUserID
        let units = [device] + (user.map { [$0] } ?? [])
        return (device, user, exposures.exposedGroups(units: units))
    }
}

extension SplitTestingService {
    /// Blocks until every device id and group handed out so far is kept by the store.
    ///
    /// A file store (``AssignmentStore/file(at:report:)``, and the store a configuration that
    /// names none opens outside Apple platforms) writes in the background: this waits for its
    /// writes, or for their failure (reported through the configuration's `report`), retrying
    /// one that failed before, and waits at most ten seconds for another process's lock.
    /// `UserDefaults` persists by itself on Apple platforms, where this returns at once (elsewhere
    /// it waits for the suite's file to be written), as it does for an in-memory store or an
    /// app's own.
    ///
    /// A normal exit of the process (returning from `main`, `exit`) waits for the writes anyway,
    /// so a command-line tool need not call it. An app calls it when it moves to the background,
    /// so that no write of a file it shares with its extensions is under way while it is
    /// suspended:
    ///
    /// ```swift
    /// func sceneDidEnterBackground(_ scene: UIScene) {
    ///     service.flush()
    /// }
    /// ```
    public func flush() {
        (store as? any PersistsInBackground)?.flush()
    }

    /// Sets the app's targeting attributes by name: the values it sets replace the built-ins of
    /// the same name, and custom attributes it leaves unset are unset (their conditions are false).
    ///
    /// Attributes gate enrolment only, and only for experiments not yet resolved in this
    /// service's lifetime: a resolution already made (and any stored group) stays, so that no
    /// screen changes under the user's eyes. Set them early, before the first fetch.
    ///
    /// Apps call the generated `setAttributes(_:)`, which takes the typed `SplitTestAttributes`
    /// (`service.setAttributes(SplitTestAttributes(plan: .pro))`) and calls this one; tools and
    /// tests set values by name here.
    ///
    /// ```swift
    /// service.setAttributes(SplitTestAttributeValues(["plan": .string("pro"), "days_since_install": .int(12)]))
    /// ```
    @_spi(Generated) public func setAttributes(_ values: SplitTestAttributeValues) {
        changingState(.attributesSet) { $0.setAttributes(values) }
    }

    /// The attributes targeting reads now: the built-ins with the app's values over them.
    package var attributes: SplitTestAttributeValues {
        state.withLock { $0.attributes }
    }

    /// Puts a control document's payload in force now: every resolution is made again under it
    /// (stored groups still come before bucketing). A control whose `sequence` is not greater than
    /// the one in force is reported and ignored; an entry naming a group this build's experiment
    /// lacks is reported and ignored, and experiments this build does not know are ignored
    /// silently.
    ///
    /// Apps usually let `SplitTestingRemote` call this; it applies fetched documents at the next
    /// start unless asked to apply them at once.
    ///
    /// - Returns: Whether the control was put in force.
    @discardableResult
    @_spi(Tools) public func applyControl(_ control: SplitTestControl) -> Bool {
        var issues: [SplitTestingIssue] = []
        let applied = changingState { state -> (Bool, SplitTestingChange?) in
            guard state.apply(control, issues: &issues) else { return (false, nil) }
            // Entries of known experiments are checked now, so a bad entry is reported when the
            // document arrives rather than when the experiment is first fetched.
            for type in catalog.types where control.experiments[type.identifier] != nil {
                _ = state.definition(of: type, issues: &issues)
            }
            return (true, .controlApplied(sequence: control.sequence))
        }
        for issue in issues { report(issue) }
        return applied
    }

    /// The sequence of the control document in force, or `nil` when none is.
    @_spi(Tools) public var controlSequence: Int? {
        state.withLock { $0.control?.sequence }
    }
}
