import Benchmark
@_spi(Tools) import SplitTesting

/// The runtime's hot paths, each measured against a plain dictionary lookup in the same run.
///
/// Every benchmark runs 1,000 operations per iteration (`scalingFactor: .kilo`), so the wall
/// clock reads in nanoseconds per operation and the malloc count in mallocs per 1,000 operations.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal],
        timeUnits: .nanoseconds,
        warmupIterations: 10,
        scalingFactor: .kilo,
        maxDuration: .seconds(2),
        maxIterations: 10_000
    )

    // The reference: what an app pays to read one value it keeps in a dictionary by a
    // 36-character key (the key is hashed each time, as a unit id is).
    Benchmark("Baseline: dictionary lookup, 36-character key") { benchmark in
        let keys = RuntimeFixtures.unitIDs
        let table = Dictionary(uniqueKeysWithValues: keys.map { ($0, $0.count) })
        benchmark.startMeasurement()
        for index in benchmark.scaledIterations {
            blackHole(table[keys[index % keys.count]])
        }
    }

    Benchmark("Bucketing: group bucket of a 36-character id") { benchmark in
        let keys = RuntimeFixtures.unitIDs
        benchmark.startMeasurement()
        for index in benchmark.scaledIterations {
            blackHole(Bucketing.bucket(salt: "button_color", unit: keys[index % keys.count], purpose: .group))
        }
    }

    registerServiceBenchmarks()
    registerTargetingBenchmarks()
    registerLinksBenchmarks()
    registerRemoteControlBenchmarks()
    registerSharedStoreBenchmarks()
    registerFactorialBenchmarks()
}
