-- POST /v1/assignments for units that already have their groups stored: each request takes the
-- next of a fixed set of devices (and their users), which run.sh has assigned once before.
-- Arguments: the number of units in the set (default 1000).
local here = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
local report = dofile(here .. "report.lua")

local count = 1000
local next_unit = 0
local bodies = {}

function init(args)
   count = tonumber(args[1]) or count
   for i = 0, count - 1 do
      bodies[i] = report.assignment("repeat-device-" .. i, "repeat-user-" .. i)
   end
   -- Each thread starts at its own place in the set, so that threads do not ask in lockstep.
   next_unit = math.random(0, count - 1)
end

function request()
   local body = bodies[next_unit]
   next_unit = (next_unit + 1) % count
   return wrk.format("POST", "/v1/assignments", { ["Content-Type"] = "application/json" }, body)
end

setup = report.spread
done = report.done
