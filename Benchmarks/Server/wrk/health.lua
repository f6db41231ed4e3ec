-- GET /health: the trivial route the assignment figures are compared with.
local here = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
local report = dofile(here .. "report.lua")

wrk.method = "GET"
wrk.path = "/health"
setup = report.spread
done = report.done
