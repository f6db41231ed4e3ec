-- POST /v1/assignments for a unit never seen: every request names a new device and a new user,
-- from a prefix that run.sh makes unique per run, this thread's number and a counter.
-- Arguments: the prefix.
local here = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
local report = dofile(here .. "report.lua")

local threads = 0
function setup(thread)
   thread:set("thread_number", threads)
   threads = threads + 1
   report.spread(thread)
end

local prefix = "new"
local counter = 0

function init(args)
   prefix = (args[1] or prefix) .. "-" .. tostring(thread_number)
end

function request()
   counter = counter + 1
   local body = report.assignment(prefix .. "-device-" .. counter, prefix .. "-user-" .. counter)
   return wrk.format("POST", "/v1/assignments", { ["Content-Type"] = "application/json" }, body)
end

done = report.done
