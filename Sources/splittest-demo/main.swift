import Foundation
import SplitTesting

// The runtime at work on the definitions in experiments/, compiled into this target by
// SplitTestPlugin. Every figure is reproducible: device and user ids are derived from indexes.

print("SplitTesting demo: \(SplitTestCatalog.all.count) experiments compiled from experiments/")

section("Shares: 10,000 simulated installs, half of them signed in")
let population = Population(devices: 10_000)
var shares = TextTable(header: ["experiment", "group", "weight", "observed", "units"])
for type in SplitTestCatalog.all {
    for row in population.shareRows(of: type) { shares.append(row) }
}
print(shares.render())

runExposureScenario()
runSecondLaunchScenario()
runOverrideScenario()
runLoginScenario()
runTypedParamsScenario()
runTargetingScenario()
await runRemoteControlScenario()
runReadoutScenario()
runFactorialScenario()
runBanditScenario()
runScheduleScenario()
