-- POST /ofrep/v1/evaluate/flags (OFREP's bulk evaluation, every experiment served) for units
-- whose groups are stored: the same fixed set of devices and users as repeat_units.lua, with
-- the same attributes, as an OpenFeature client sends them (the device as `targetingKey`, the
-- signed-in user as `user`, the attributes beside them). No If-None-Match: each answer is whole.
-- Arguments: the number of units in the set (default 1000).
local here = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
local report = dofile(here .. "report.lua")

local count = 1000
local next_unit = 0
local bodies = {}

function init(args)
   count = tonumber(args[1]) or count
   for i = 0, count - 1 do
      bodies[i] = report.ofrep_context("repeat-device-" .. i, "repeat-user-" .. i)
   end
   next_unit = math.random(0, count - 1)
end

function request()
   local body = bodies[next_unit]
   next_unit = (next_unit + 1) % count
   return wrk.format("POST", "/ofrep/v1/evaluate/flags", { ["Content-Type"] = "application/json" }, body)
end

setup = report.spread
done = report.done
