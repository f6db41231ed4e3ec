import Benchmark
import SplitTesting

/// `fetchSplitTest` once the service lands.
func registerServiceBenchmarks() {}
