-- POST /v1/events with a batch of 100 events as the runtime's JSONLinesTrackingProvider writes
-- them: 80 exposures, 15 goals (with a value and the groups the unit had), 5 holdout events.
local here = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
local report = dofile(here .. "report.lua")

local experiments = {
   { "buy_button", "blue" }, { "checkout_copy", "pay_securely" }, { "home_layout", "tall+grid" },
   { "pricing_page", "savings+best_value" }, { "annual_discount", "discounted" },
   { "search_ranking", "personalised" }, { "onboarding_copy", "story" }, { "feed_prefetch", "aggressive" },
   { "winter_sale", "banner" }, { "widget_rollout", "shown" },
}

local events = {}
for i = 1, 100 do
   local device = "events-device-" .. (i % 20)
   local event
   if i <= 80 then
      local experiment = experiments[(i % #experiments) + 1]
      event = '{"date":"2026-03-01T12:00:00Z","event":"split_test_exposure","properties":{"experiment":"'
         .. experiment[1] .. '","group":"' .. experiment[2] .. '","unit":"' .. device .. '"}}'
   elseif i <= 95 then
      event = '{"date":"2026-03-01T12:00:05Z","event":"split_test_goal","properties":{"device":"'
         .. device .. '","goal":"purchase","split_test-buy_button":"blue","value":3.99},"user":"events-user-'
         .. (i % 20) .. '"}'
   else
      event = '{"date":"2026-03-01T12:00:00Z","event":"split_test_holdout","properties":{"holdout":"device_holdout","unit":"'
         .. device .. '"}}'
   end
   events[i] = event
end

wrk.method = "POST"
wrk.path = "/v1/events"
wrk.headers["Content-Type"] = "application/json"
wrk.body = "[" .. table.concat(events, ",") .. "]"

setup = report.spread
done = report.done
