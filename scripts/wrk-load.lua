-- wrk-load.lua: the wire benchmark's load for wrk (scripts/bench-compare.sh).
-- OP=GetItem, PutItem or Query (environment): requests cycle over the same 10,000
-- keys and ~200-byte items as engine/wire's benchmarks, all prepared at
-- start so that the client spends its CPU on sending, not formatting. Every
-- answer is checked: a status other than 200, a GetItem answer without
-- its item, or a Query answer without its one item, counts as a failure, and done() prints the count.

local op = os.getenv("OP") or "GetItem"
local keys = 10000
local table_name = "wire_bench"
local requests = {}
local next_request = 0
failures = 0 -- global: done() reads it from each thread

local function body(i)
  local id = string.format("user#%06d", i)
  if op == "GetItem" then
    return '{"Key":{"pk":{"S":"' .. id .. '"}},"TableName":"' .. table_name .. '"}'
  end
  if op == "Query" then
    return '{"ExpressionAttributeValues":{":pk":{"S":"' .. id .. '"}},"KeyConditionExpression":"pk = :pk","TableName":"' .. table_name .. '"}'
  end
  local active = (i % 2 == 0) and "true" or "false"
  return '{"Item":{"active":{"BOOL":' .. active .. '},"address":{"M":{"city":{"S":"London"},"street":{"S":"12 Analytical Engine Way"},"zip":{"S":"NW1 6XE"}}},'
    .. '"age":{"N":"' .. (20 + i % 60) .. '"},"email":{"S":"ada.' .. i .. '@example.com"},"history":{"L":[{"N":"1"},{"N":"2"},{"N":"3"}]},'
    .. '"name":{"S":"Ada Lovelace the ' .. i .. 'th"},"pk":{"S":"' .. id .. '"},"score":{"N":"1234.5678"},"tags":{"SS":["alpha","beta","gamma"]}},"TableName":"' .. table_name .. '"}'
end

function init(args)
  local headers = {
    ["Content-Type"] = "application/x-amz-json-1.0",
    ["X-Amz-Target"] = "DynamoDB_20120810." .. op,
    ["X-Amz-Date"] = "20260101T000000Z",
    ["Authorization"] = "AWS4-HMAC-SHA256 Credential=AKID/20260101/us-east-1/dynamodb/aws4_request, SignedHeaders=content-type;host;x-amz-date;x-amz-target, Signature=0000000000000000000000000000000000000000000000000000000000000000",
  }
  for i = 0, keys - 1 do
    requests[i] = wrk.format("POST", "/", headers, body(i))
  end
end

function request()
  local r = requests[next_request]
  next_request = (next_request + 1) % keys
  return r
end

function response(status, headers, body)
  if status ~= 200 or (op == "GetItem" and not string.find(body, '"Item"', 1, true))
    or (op == "Query" and not string.find(body, '"Count":1[,}]')) then
    failures = failures + 1
  end
end

-- Each thread counts in its own Lua state; done() runs in the main one and
-- reads the threads' counts.
local threads = {}

function setup(thread)
  table.insert(threads, thread)
end

function done(summary, latency, requests)
  local total = 0
  for _, t in ipairs(threads) do
    total = total + t:get("failures")
  end
  io.write(string.format("failures: %d\n", total))
end
