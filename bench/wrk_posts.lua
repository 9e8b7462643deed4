-- wrk script for bench/load_open.py: POSTs to the targets of a file, each with its own token and body, closed
-- loop (as fast as the connections go) or open loop (each request due at a fixed rate, whatever came back).
--
--   wrk -t1 -c64 -d20s -s bench/wrk_posts.lua http://127.0.0.1:PORT -- MODE RATE PHASE TARGETS BODIES
--
-- MODE "open" or "closed"; RATE requests a second in all (open loop); PHASE a number kept in every
-- client_deal_id, so ids never repeat across runs; TARGETS a file of "path<TAB>token<TAB>deals so far" lines
-- (each thread takes every n-th line, so a match is posted to by one thread, one deal at a time);
-- BODIES a file of one JSON body a line, line k+1 for a match's deal number k, with __ID__ where the
-- client_deal_id goes (the bare endpoint's body has one line).
--
-- The open loop: every connection that is ready takes the next due moment (start + k / rate) and waits for it,
-- so with enough connections each request goes out at its moment; how late any went out is reported
-- ("late_ms"), because wrk counts latency from the send: a send late by x hides x of the server's delay.

local ffi = require("ffi")
ffi.cdef [[
typedef struct { long tv_sec; long tv_nsec; } sk_timespec;
int clock_gettime(int clock, sk_timespec *spec);
]]
local spec = ffi.new("sk_timespec")
local function now()
    ffi.C.clock_gettime(1, spec) -- CLOCK_MONOTONIC
    return tonumber(spec.tv_sec) + tonumber(spec.tv_nsec) * 1e-9
end

-- The main state: number the threads and keep them, to read their figures in done().
local threads, started = {}, 0
function setup(thread)
    thread:set("thread_id", started)
    started = started + 1
    table.insert(threads, thread)
end

local targets, counts, bodies = {}, {}, {}
local cursor, issued = 0, 0
local open, interval, next_due = false, 0, nil
local due = {}
local due_head = 1
late_ms, late_over_10ms = 0, 0 -- globals: read by done() through thread:get

local function lines(path)
    local found = {}
    for line in io.lines(path) do
        if line ~= "" then table.insert(found, line) end
    end
    return found
end

function init(args)
    local thread_count = tonumber(os.getenv("WRK_THREADS") or "1")
    open = args[1] == "open"
    interval = thread_count / tonumber(args[2])
    phase = tonumber(args[3])
    for index, line in ipairs(lines(args[4])) do
        if (index - 1) % thread_count == thread_id then
            local path, token, deals = line:match("^([^\t]+)\t([^\t]+)\t(%d+)$")
            table.insert(targets, { path = path, headers = {
                ["Authorization"] = "Token " .. token, ["Content-Type"] = "application/json",
                ["Accept"] = "application/json" } })
            table.insert(counts, tonumber(deals))
        end
    end
    bodies = lines(args[5])
end

function delay()
    if not open then return 0 end
    local at = now()
    if next_due == nil then next_due = at end
    local moment = next_due
    next_due = next_due + interval
    due[#due + 1] = moment
    local wait = moment - at
    return wait > 0 and math.floor(wait * 1000) or 0
end

function request()
    if open and due[due_head] ~= nil then
        local late = (now() - due[due_head]) * 1000
        due[due_head] = nil
        due_head = due_head + 1
        if late > late_ms then late_ms = late end
        if late > 10 then late_over_10ms = late_over_10ms + 1 end
    end
    cursor = cursor % #targets + 1
    local number = counts[cursor]
    counts[cursor] = number + 1
    issued = issued + 1
    local id = string.format("%08x-%04x-4000-8000-%012x", phase, thread_id, issued)
    local body = bodies[(number % #bodies) + 1]:gsub("__ID__", id)
    return wrk.format("POST", targets[cursor].path, targets[cursor].headers, body)
end

function done(summary, latency, requests)
    local late, over = 0, 0
    for _, thread in ipairs(threads) do
        late = math.max(late, thread:get("late_ms"))
        over = over + thread:get("late_over_10ms")
    end
    local errors = summary.errors
    io.write(string.format(
        "WRK requests=%d duration_us=%d status_errors=%d socket_errors=%d p50_us=%d p99_us=%d max_us=%d " ..
        "late_ms=%.1f late_over_10ms=%d\n",
        summary.requests, summary.duration, errors.status,
        errors.connect + errors.read + errors.write + errors.timeout,
        latency:percentile(50), latency:percentile(99), latency.max, late, over))
end
