-- The sandbox's prelude (sandbox.rs); this one comment line keeps the line numbers of messages ("ludus prelude:N:").
local random, halted, eprint, charge, MAX_TEXT, MAX_ELEMENTS, ERROR_TEXT = ...
local raw_load, raw_pcall, raw_xpcall = load, pcall, xpcall
local next, select, tostring, tonumber, type, error, assert = next, select, tostring, tonumber, type, error, assert
local raw_setmetatable, raw_getmetatable, rawget, raw_rawset = setmetatable, getmetatable, rawget, rawset
local concat = table.concat
-- string.dump is gone from the string table itself, which ("").dump reaches.
string.dump = nil
local base = {}
for _, k in ipairs({"assert", "error", "ipairs", "next", "pairs", "rawequal", "rawget",
                    "rawlen", "select", "tostring", "type"}) do
  base[k] = _G[k]
end
base._VERSION = _VERSION

-- Work a library call does beyond its instruction is charged to the budget,
-- one instruction for each element it moves or each 16 bytes it reads or
-- builds; sizes no game needs are refused.
local function len(x)
  local t = type(x)
  if t == "string" then return #x elseif t == "number" then return #tostring(x) end
  return 0
end
local function bytes(n) if n > 4096 then charge(n // 16) end end
local function elements(what, n)
  if n > MAX_ELEMENTS then
    error(what .. ": " .. string.format("%.0f", n) .. " elements is more than a script may handle in one call ("
          .. MAX_ELEMENTS .. ")", 3)
  end
  if n > 64 then charge(n // 1) end
end
local function span(i, j) -- the count of i..j, in floats so that nothing wraps
  i, j = tonumber(i), tonumber(j)
  if i and j and j >= i then return j * 1.0 - i + 1 end
  return 0
end

-- No collectgarbage, no finalizers and no weak tables: what they show, and
-- when, depends on the VM's memory history (which games this thread played
-- before), not on the game. A table used as a metatable is sealed by a
-- hidden metatable of its own, so that it cannot gain __mode or __gc later.
local SEAL = {}
SEAL.__newindex = function(t, k, v)
  if k == "__mode" or k == "__gc" then
    error(k .. " cannot be added to a table in use as a metatable: weak tables and finalizers are not available", 2)
  end
  raw_rawset(t, k, v)
end
base.getmetatable = function(x)
  local m = raw_getmetatable(x)
  if m == SEAL then return nil end
  return m
end
base.setmetatable = function(t, mt)
  if type(t) == "table" and raw_getmetatable(t) == SEAL then
    error("setmetatable: this table is in use as a metatable, which cannot have a metatable of its own", 2)
  end
  if type(mt) == "table" then
    if rawget(mt, "__gc") ~= nil then
      error("__gc metamethods are not available: when they run depends on memory, not on the game", 2)
    end
    if rawget(mt, "__mode") ~= nil then
      error("weak tables (__mode) are not available: what they hold depends on when memory is collected, not on the game", 2)
    end
    local seal = raw_getmetatable(mt)
    if seal == nil then
      raw_setmetatable(mt, SEAL)
    elseif seal ~= SEAL then
      error("setmetatable: a table that has a metatable of its own cannot be a metatable "
            .. "(for inheritance, give __index a function or copy the methods)", 2)
    end
  end
  return raw_setmetatable(t, mt)
end
base.rawset = function(t, k, v)
  if (k == "__mode" or k == "__gc") and raw_getmetatable(t) == SEAL then
    error(k .. " cannot be added to a table in use as a metatable: weak tables and finalizers are not available", 2)
  end
  return raw_rawset(t, k, v)
end
base.tonumber = function(x, b)
  if type(x) == "string" then bytes(#x) end
  return tonumber(x, b)
end
-- An error's text reaches the host, which copies it (and Lua adds a
-- traceback to it): a long one is cut here, where it is raised. Its
-- beginning, which says where, is kept.
local cut_sub = string.sub
local function short(e)
  if type(e) == "string" and #e > ERROR_TEXT then
    return cut_sub(e, 1, ERROR_TEXT) .. "... (" .. (#e - ERROR_TEXT) .. " more bytes)"
  end
  return e
end
base.error = function(e, level)
  if level == nil then level = 1 end
  -- Level 1 is where `error` was called, here one level further down.
  -- (Not a tail call, which would take this level away.)
  if type(level) == "number" and level > 0 then level = level + 1 end
  error(short(e), level)
end
base.assert = function(...)
  local v, m = ...
  if v then return ... end
  local n = select("#", ...)
  if n == 0 then error("bad argument #1 to 'assert' (value expected)", 2) end
  if n == 1 then error("assertion failed!", 0) end
  error(short(m), 0)
end

-- A script must not catch the end of its budget, memory or time and go on;
-- an error raised by the host reaches it as text, like Lua's own; and a
-- message handler does not run for a halted call (it would run where no
-- instruction is counted).
local function rethrow(ok, ...)
  if ok then return ok, ... end
  local e = ...
  if halted(e) then error(e, 0) end
  if type(e) == "userdata" then
    e = tostring(e):gsub("^runtime error: ", ""):match("^[^\n]*")
  end
  return false, e
end
base.pcall = function(f, ...) return rethrow(raw_pcall(f, ...)) end
base.xpcall = function(f, h, ...)
  if type(h) ~= "function" then return rethrow(raw_xpcall(f, h, ...)) end
  return rethrow(raw_xpcall(f, function(e)
    if halted(e) then return e end
    return h(e)
  end, ...))
end
-- tostring of a table, function or userdata shows its address, which
-- depends on what the VM allocated before (the games this thread played):
-- it shows a number instead, counted in the order the game first shows
-- each one, so that `seen[tostring(t)]` and what is printed are the same
-- in every run. `ids` is made afresh for each game.
local ids, shown = {}, 0
local find, sub, match = string.find, string.sub, string.match
local function script_tostring(x)
  local text = tostring(x)
  local t = type(x)
  if t == "table" or t == "function" or t == "userdata" or t == "thread" then
    -- A __tostring or __name may make the text long: it is built anew at
    -- each call.
    bytes(#text)
    local at = find(text, ": 0x%x+$")
    if at then
      local kind = sub(text, 1, at - 1)
      local id = ids[x]
      if id == nil then
        shown = shown + 1
        id = shown
        ids[x] = id
      end
      return kind .. ": #" .. id
    end
  end
  return text
end
base.tostring = script_tostring
-- The host writes the parts itself, within what the game may still print:
-- no string of them all is built here.
base.print = function(...)
  local n, parts = select("#", ...), {...}
  elements("print", n)
  for i = 1, n do parts[i] = script_tostring(parts[i]) end
  eprint(parts, n)
end

-- The libraries as scripts see them: string without dump, math with the
-- seat's random and no randomseed, and the calls whose work can outgrow
-- their instruction charged. Each game reaches them through fresh,
-- empty tables whose metatables (hidden) read through to these: making a
-- game costs a handful of small tables, and whatever a script writes into
-- a library or its globals stays in that game's tables.
local script_string, script_math, script_table, script_utf8 = {}, {}, {}, {}
for k, v in next, string do script_string[k] = v end
for k, v in next, math do script_math[k] = v end
for k, v in next, table do script_table[k] = v end
for k, v in next, utf8 do script_utf8[k] = v end
script_math.random = random
script_math.randomseed = function()
  error("math.randomseed is not available: math.random draws from the seat's own seeded stream", 2)
end

local rep = string.rep
script_string.rep = function(s, n, sep)
  local k = tonumber(n)
  if k and k > 0 then
    local size = k * (len(s) + len(sep))
    if k > MAX_TEXT or size > MAX_TEXT then
      error("string.rep: a string of " .. string.format("%.0f", size) .. " bytes in "
            .. string.format("%.0f", k) .. " pieces is more than a script may build (" .. MAX_TEXT .. " bytes)", 2)
    end
    if k > 64 or size > 4096 then charge(k // 16 + size // 16) end
  end
  return rep(s, n, sep)
end
local raw_char, raw_utf8_char = string.char, utf8.char
script_string.char = function(...)
  elements("string.char", select("#", ...))
  return raw_char(...)
end
script_utf8.char = function(...)
  elements("utf8.char", select("#", ...))
  return raw_utf8_char(...)
end
-- string.byte returns one value a byte: past what a call may return, Lua
-- would fail inside the library, naming no line of the script.
local raw_byte = string.byte
script_string.byte = function(s, i, j)
  bytes(len(s))
  if type(s) == "string" then
    local n = #s
    local a, b = tonumber(i) or 1, tonumber(j) or tonumber(i) or 1
    if a < 0 then a = n + a + 1 end
    if b < 0 then b = n + b + 1 end
    if a < 1 then a = 1 end
    if b > n then b = n end
    if b - a + 1 > 100000 then
      error("string.byte: " .. string.format("%.0f", b - a + 1)
            .. " values is more than a call may return (100000): take the bytes in slices", 2)
    end
  end
  return raw_byte(s, i, j)
end
for _, name in ipairs({"sub", "upper", "lower", "reverse"}) do
  local f = string[name]
  script_string[name] = function(s, ...)
    bytes(len(s))
    return f(s, ...)
  end
end
for _, name in ipairs({"find", "match", "gmatch"}) do
  local f = string[name]
  script_string[name] = function(s, p, ...)
    local n, m = len(s), len(p)
    if n * (m + 1) > 4096 then charge((n * (m + 1)) // 16) end
    return f(s, p, ...)
  end
end
-- What gsub builds may be far longer than what it reads (each empty match
-- adds the replacement): charged as built.
local raw_gsub = string.gsub
script_string.gsub = function(s, p, ...)
  local n, m = len(s), len(p)
  if n * (m + 1) > 4096 then charge((n * (m + 1)) // 16) end
  local r, k = raw_gsub(s, p, ...)
  bytes(#r)
  return r, k
end
local format = string.format
-- %p is an address; %s of a table is its tostring, shown as above.
local function no_address(fmt)
  if type(fmt) ~= "string" then return end
  local i = 1
  while true do
    local at = find(fmt, "%", i, true)
    if at == nil then return end
    if sub(fmt, at + 1, at + 1) == "%" then
      i = at + 2
    else
      local e = find(fmt, "%a", at + 1)
      if e == nil then return end
      if sub(fmt, e, e) == "p" then
        error("string.format: %p is not available: an address depends on memory, not on the game", 3)
      end
      i = e + 1
    end
  end
end
script_string.format = function(fmt, ...)
  no_address(fmt)
  local n, args = len(fmt), table.pack(...)
  elements("string.format", args.n)
  for i = 1, args.n do
    local x = args[i]
    local t = type(x)
    if t == "string" then
      n = n + #x
    elseif t == "table" or t == "function" or t == "userdata" or t == "thread" then
      args[i] = script_tostring(x)
    end
  end
  bytes(n)
  -- Widths and %q can make the text longer than what it was made of.
  local s = format(fmt, table.unpack(args, 1, args.n))
  bytes(#s)
  return s
end
local pack, packsize, unpack_string = string.pack, string.packsize, string.unpack
-- A format of fixed size says what pack will build before it is built
-- ("c16000000" of one empty string is 16 MB): refused past MAX_TEXT,
-- charged before; one with strings of varying size is charged as built.
script_string.pack = function(fmt, ...)
  local args = {...}
  local n = len(fmt)
  elements("string.pack", select("#", ...))
  for i = 1, select("#", ...) do
    local x = args[i]
    if type(x) == "string" then n = n + #x end
  end
  bytes(n)
  local fixed, size = raw_pcall(packsize, fmt)
  if fixed then
    if size > MAX_TEXT then
      error("string.pack: a string of " .. string.format("%.0f", size)
            .. " bytes is more than a script may build (" .. MAX_TEXT .. " bytes)", 2)
    end
    bytes(size)
  end
  local s = pack(fmt, ...)
  if not fixed then bytes(#s) end
  return s
end
script_string.packsize = function(fmt)
  bytes(len(fmt) * 16)
  return packsize(fmt)
end
-- What unpack returns is read from the data: at most its length.
script_string.unpack = function(fmt, data, ...)
  bytes(len(fmt) * 16 + len(data))
  return unpack_string(fmt, data, ...)
end
for _, name in ipairs({"len", "codepoint", "offset"}) do
  local f = utf8[name]
  script_utf8[name] = function(s, ...)
    bytes(len(s))
    return f(s, ...)
  end
end

local move, unpack, insert, remove, sort = table.move, table.unpack, table.insert, table.remove, table.sort
script_table.move = function(a1, f, e, t, a2)
  elements("table.move", span(f, e))
  return move(a1, f, e, t, a2)
end
script_table.unpack = function(list, i, j)
  if j == nil and type(list) == "table" then j = #list end
  elements("table.unpack", span(i or 1, j))
  return unpack(list, i, j)
end
script_table.concat = function(list, sep, i, j)
  if j == nil and type(list) == "table" then j = #list end
  elements("table.concat", span(i or 1, j))
  local s = concat(list, sep, i, j)
  bytes(#s)
  return s
end
local raw_table_pack = table.pack
script_table.pack = function(...)
  elements("table.pack", select("#", ...))
  return raw_table_pack(...)
end
script_table.insert = function(t, ...)
  if select("#", ...) >= 2 and type(t) == "table" then
    elements("table.insert", span(..., #t))
  end
  return insert(t, ...)
end
script_table.remove = function(t, ...)
  if select("#", ...) >= 1 and type(t) == "table" then
    elements("table.remove", span(..., #t))
  end
  return remove(t, ...)
end
script_table.sort = function(t, ...)
  if type(t) == "table" then
    local n = #t
    if n > MAX_ELEMENTS then elements("table.sort", n) end
    if n > 64 then
      local log = 1
      while (1 << log) < n do log = log + 1 end
      charge(n * log)
    end
  end
  return sort(t, ...)
end

local lib_metas = {}
for name, lib in next, {string = script_string, table = script_table, math = script_math, utf8 = script_utf8} do
  lib_metas[name] = {__index = lib, __metatable = false}
end
local env_meta = {__index = base, __metatable = false}
-- ("x"):upper() reaches the string functions through the string metatable:
-- the same, charged ones; and keep scripts from changing it.
getmetatable("").__index = script_string
getmetatable("").__metatable = false
-- A deep copy of plain tables: each game's `info` from the VM's template.
local function copy(t)
  local c = {}
  for k, v in next, t do
    if type(v) == "table" then v = copy(v) end
    c[k] = v
  end
  return c
end
return function()
  ids, shown = {}, 0
  local env = raw_setmetatable({}, env_meta)
  for name, meta in next, lib_metas do env[name] = raw_setmetatable({}, meta) end
  env.load = function(chunk, name, mode, e)
    if type(chunk) ~= "string" then error("load takes the text of a chunk", 2) end
    charge(#chunk)
    if e == nil then e = env end
    return raw_load(chunk, name, "t", e)
  end
  env._G = env
  return env
end, copy
