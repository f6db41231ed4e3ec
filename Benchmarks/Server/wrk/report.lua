-- What every scenario prints when wrk is done: one line of JSON (prefixed, so that run.sh finds
-- it among wrk's own output) with the counts, the errors and the latency percentiles in
-- microseconds. Non-2xx answers are counted by wrk as status errors; run.sh refuses a run with any.
local report = {}

function report.done(summary, latency, requests)
   local errors = summary.errors
   io.write(string.format(
      'WRK_JSON {"requests":%d,"duration_us":%d,"bytes":%d,' ..
      '"errors":{"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d},' ..
      '"latency_us":{"p50":%d,"p90":%d,"p99":%d,"max":%d,"mean":%.1f}}\n',
      summary.requests, summary.duration, summary.bytes,
      errors.connect, errors.read, errors.write, errors.status, errors.timeout,
      latency:percentile(50), latency:percentile(90), latency:percentile(99), latency.max, latency.mean))
end

-- Spreads wrk's threads over the instances named by the environment variable SERVER_PORTS
-- (loopback ports separated by commas): thread i sends to instance i modulo their count, so that
-- with as many threads as instances (or a multiple) each instance gets the same share of the
-- connections. Without it, every thread sends to the URL given to wrk. Each script's setup calls it.
local instances = 0
function report.spread(thread)
   local ports = os.getenv("SERVER_PORTS")
   if ports == nil or ports == "" then return end
   local list = {}
   for port in string.gmatch(ports, "[^,]+") do list[#list + 1] = port end
   thread.addr = wrk.lookup("127.0.0.1", list[(instances % #list) + 1])[1]
   instances = instances + 1
end

-- The attributes every assignment request gives: they meet every benchmark experiment's
-- targeting, so that each experiment enrols the unit (but for the holdout's share).
local attribute_members = '"plan":"pro","days_since_install":30,"platform":"ios","app_version":"5.3.0"'
report.attributes = '"attributes":{' .. attribute_members .. '}'

-- The body of POST /v1/assignments for one device and its user, asking for every experiment.
function report.assignment(device, user)
   return '{"device":"' .. device .. '","user":"' .. user .. '",' .. report.attributes .. '}'
end

-- The body of an OFREP evaluation for the same device, user and attributes, as an OpenFeature
-- client sends them: the device as `targetingKey`, the user as `user`, the attributes beside.
function report.ofrep_context(device, user)
   return '{"context":{"targetingKey":"' .. device .. '","user":"' .. user .. '",' .. attribute_members .. '}}'
end

return report
