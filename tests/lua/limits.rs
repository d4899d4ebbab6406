//! Issue 14: every hole the red-team pass found in the sandbox, each with
//! its reproducer: hangs past the budget, unbounded library and host
//! calls, the time limit, print, weak tables and the collector, the
//! previous game's globals, host memory, memory errors caught, and the
//! smaller defects (string.dump, bytes printed, messages, numbers).

use ludus::core::game::Game;
use ludus::games::rithmomachy::Rithmomachy;
use ludus::policies::policy_spec::PolicySpec;
use ludus::runner::batch::run_cell;
use ludus::runner::cell::Cell;
use ludus::runner::on_bot_error::OnBotError;

use crate::support::{cell, decide, failure, options, script};

fn start() -> Rithmomachy {
    Rithmomachy::new(&options::<Rithmomachy>(&[])).unwrap()
}

/// The failure of a script `text` with the policy braces `params`.
fn fails(name: &str, text: &str, params: &str) -> String {
    let path = script(name, text);
    failure::<Rithmomachy>(&format!("lua:{path}{params}"), &start())
}

const SMALL: &str = "{max_instructions=200000, max_seconds=2}";

#[test]
fn no_message_handler_or_close_handler_runs_past_the_budget() {
    for (name, text) in [
        (
            "xpcall_loop",
            "function choose(g, m) return xpcall(function() while true do end end, function() while true do end end) end",
        ),
        (
            "close_choose",
            "function choose(g, m)\n  local x <close> = setmetatable({}, {__close = function() while true do end end})\n  while true do end\nend",
        ),
        (
            "close_init",
            "function init(i)\n  local x <close> = setmetatable({}, {__close = function() while true do end end})\n  while true do end\nend\nfunction choose() return 1 end",
        ),
        (
            "close_pcall",
            "function choose(g, m)\n  while true do pcall(function()\n    local x <close> = setmetatable({}, {__close = function() while true do end end})\n    while true do end\n  end) end\nend",
        ),
    ] {
        let m = fails(name, text, SMALL);
        assert!(
            m.contains("exceeded its instruction budget of 200000"),
            "{name}: {m}"
        );
    }
}

#[test]
fn library_calls_are_charged_and_refuse_sizes_no_game_needs() {
    let m = fails(
        "move",
        "function choose(g, m) return table.move({}, 1, 1 << 40, 1, {}) end",
        "",
    );
    assert!(
        m.contains("table.move: 1099511627776 elements is more than"),
        "{m}"
    );
    let m = fails(
        "rep",
        "function choose(g, m) return string.rep(\"\", math.maxinteger) end",
        "",
    );
    assert!(
        m.contains("string.rep:") && m.contains("more than a script may build"),
        "{m}"
    );
    // More values than a call may return: refused on the script's line.
    let m = fails(
        "byte",
        "function choose(g, m)\n  local s = ('x'):rep(1 << 23)\n  local n = select('#', s:byte(1, -1))\nend",
        "",
    );
    assert!(
        m.contains(":3: ")
            && m.contains("string.byte: 8388608 values is more than a call may return"),
        "{m}"
    );
    // Work a call does is charged: a loop of cheap instructions around
    // costly calls ends on the budget.
    for (name, call) in [
        ("insert", "table.insert(t, 1, 0)"),
        ("sort", "table.sort(t)"),
        ("find", "string.find(s, s, 1, true)"),
        ("unpack", "select('#', table.unpack(t, 1, 4000))"),
        ("view", "g:view(\"pieces\")"),
        ("clone", "g:clone()"),
        ("moves", "c:moves()"),
        ("find_move", "m:find(\"zz\")"),
    ] {
        let text = format!(
            "function choose(g, m)\n  local t, s, c = {{}}, (\"ab\"):rep(500), g:clone()\n  for i = 1, 4000 do t[i] = i end\n  for i = 1, 1e9 do {call} end\nend"
        );
        let m = fails(name, &text, "{max_instructions=2000000}");
        assert!(
            m.contains("exceeded its instruction budget of 2000000"),
            "{name}: {m}"
        );
    }
}

#[test]
fn a_call_past_its_time_limit_fails_even_between_long_instructions() {
    // Comparing two 4 MiB strings: one instruction, much work.
    let m = fails(
        "compare",
        "function choose(g, m)\n  local a, b = (\"x\"):rep(1 << 22), (\"x\"):rep(1 << 22)\n  while true do local _ = a < b end\nend",
        "{max_instructions=1099511627776, max_seconds=0.3}",
    );
    assert!(
        m.contains("exceeded its time limit of 0.3 s per call"),
        "{m}"
    );
}

#[test]
fn the_time_limit_is_a_forfeit_under_forfeit() {
    let path = script(
        "slow",
        "function choose(g, m)\n  if g:ply() > 4 then\n    local a = (\"x\"):rep(1 << 20)\n    while true do local _ = a .. a end\n  end\n  return 1\nend",
    );
    let spec = format!("lua:{path}{{max_instructions=1099511627776, max_seconds=0.1}}");
    let t = cell::<Rithmomachy>(&[], &[&spec, "random"], 3, OnBotError::Forfeit).unwrap();
    assert_eq!((t.games, t.forfeits), (3, 3));
    assert!(
        t.first_forfeit
            .unwrap()
            .message
            .contains("time limit of 0.1 s")
    );
}

#[test]
fn limits_are_set_in_braces_and_checked() {
    use ludus::policies::lua::spec::LuaSpec;
    use ludus::policies::lua::spec_error::LuaSpecError;
    let s = LuaSpec::parse("a.lua{max_seconds=0.5, max_print_kb=0}").unwrap();
    assert_eq!((s.limits.millis, s.limits.print_kb), (500, 0));
    for (bad, seconds) in [
        ("max_seconds=0", true),
        ("max_seconds=-1", true),
        ("max_seconds=x", true),
        ("max_print_kb=-1", false),
    ] {
        let e = LuaSpec::parse(&format!("a.lua{{{bad}}}")).unwrap_err();
        let key = bad.split('=').next().unwrap();
        if seconds {
            assert!(
                matches!(&e, LuaSpecError::BadSeconds { key: k, .. } if *k == key),
                "{bad}: {e:?}"
            );
        } else {
            assert!(
                matches!(&e, LuaSpecError::BadLimit { key: k, .. } if *k == key),
                "{bad}: {e:?}"
            );
        }
        let e = e.to_string();
        assert!(e.contains(key), "{bad}: {e}");
    }
    // The error names the limit, in the words users read before it was typed.
    let e = LuaSpec::parse("a.lua{max_seconds=0}").unwrap_err();
    assert!(
        matches!(&e, LuaSpecError::BadSeconds { key: "max_seconds", value, .. } if value == "0"),
        "{e:?}"
    );
    assert_eq!(
        e.to_string(),
        "policy `lua:a.lua{max_seconds=0}`: `max_seconds` must be a number of seconds 0.001-86400, not 0"
    );
    let e = LuaSpec::parse("a.lua{max_memory_mb=\"x\"}").unwrap_err();
    assert!(
        matches!(
            &e,
            LuaSpecError::BadLimit {
                key: "max_memory_mb",
                ..
            }
        ),
        "{e:?}"
    );
    assert_eq!(
        e.to_string(),
        "policy `lua:a.lua{max_memory_mb=\"x\"}`: `max_memory_mb` must be a whole number 1-65536, not \"x\""
    );
    let s = LuaSpec::parse("\"dir/a,b{c}.lua\"{k=1}").unwrap();
    assert_eq!(s.path, "dir/a,b{c}.lua");
    // A path with a control character (here ESC and a newline, or a mark
    // that turns text right to left) is refused, and shown escaped.
    for path in ["e\u{1b}[31m\nx.lua", "a\u{202e}b.lua"] {
        let e = LuaSpec::parse(path).unwrap_err();
        assert!(matches!(&e, LuaSpecError::ControlCharacter { .. }), "{e:?}");
        let e = e.to_string();
        assert!(e.contains("control character"), "{e}");
        assert!(
            !e.contains('\u{1b}') && !e.contains('\n') && !e.contains('\u{202e}'),
            "{e}"
        );
    }
}

#[test]
fn print_is_capped_per_game_and_written_safely() {
    let m = fails(
        "flood",
        "function choose(g, m) while true do print((\"flood \"):rep(100)) end end",
        "{max_print_kb=4}",
    );
    assert!(m.contains("printed more than 4 KiB in one game"), "{m}");
    // Bytes that are not UTF-8 and terminal controls print, escaped.
    let path = script(
        "bytes",
        "function choose(g, m) print(\"\\255\\27[2J\\r\\0\") return 1 end",
    );
    decide::<Rithmomachy>(&format!("lua:{path}"), &start(), 1).unwrap();
}

#[test]
fn weak_tables_are_refused_however_made() {
    let refused = [
        ("weak", "local c = setmetatable({}, {__mode = \"k\"})"),
        (
            "later",
            "local mt = {}\nlocal c = setmetatable({}, mt)\nmt.__mode = \"k\"",
        ),
        (
            "raw",
            "local mt = {}\nlocal c = setmetatable({}, mt)\nrawset(mt, \"__mode\", \"v\")",
        ),
        (
            "inherited",
            "local mt = setmetatable({}, {__index = {}})\nlocal c = setmetatable({}, mt)\nmt.__mode = \"k\"",
        ),
        (
            "meta_of_meta",
            "local mt = {}\nlocal c = setmetatable({}, mt)\nsetmetatable(mt, {})",
        ),
        (
            "gc_later",
            "local mt = {}\nlocal c = setmetatable({}, mt)\nmt.__gc = print",
        ),
    ];
    for (name, text) in refused {
        let m = fails(name, &format!("{text}\nfunction choose() return 1 end"), "");
        assert!(
            m.contains("weak tables")
                || m.contains("cannot be a metatable")
                || m.contains("in use as a metatable"),
            "{name}: {m}"
        );
    }
    // Metatables still work, and getmetatable shows the script's own.
    let path = script(
        "class",
        "local C = {}\nC.__index = C\nfunction C.new() return setmetatable({}, C) end\nfunction C:one() return 1 end\nassert(getmetatable(C.new()) == C and getmetatable(C) == nil)\nC.extra = 2\nfunction choose() return C.new():one() end",
    );
    decide::<Rithmomachy>(&format!("lua:{path}"), &start(), 1).unwrap();
}

/// A cell of `games` short games of `seats` played on `threads` threads.
fn tally_on(threads: usize, seats: &[&str], games: u64) -> ludus::runner::tally::Tally {
    let plan = Cell {
        max_plies: 40,
        on_bot_error: OnBotError::Forfeit,
        ..Cell::single::<Rithmomachy>(
            options::<Rithmomachy>(&[]),
            seats
                .iter()
                .map(|s| PolicySpec::parse(s).unwrap())
                .collect(),
            games,
            9,
        )
        .unwrap()
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap();
    pool.install(|| run_cell::<Rithmomachy>(&plan)).unwrap()
}

#[test]
fn a_weak_table_reproducer_gives_the_same_results_whatever_the_threads() {
    let path = script(
        "weak_choice",
        "local cache = setmetatable({}, {__mode = \"k\"})\nfunction choose(g, m)\n  local k = {}\n  cache[k] = true\n  for i = 1, 200 do local t = {i} end\n  local n = 0\n  for _ in pairs(cache) do n = n + 1 end\n  return (n % #m) + 1\nend",
    );
    let spec = format!("lua:{path}");
    let one = tally_on(1, &[&spec, "random"], 300);
    let two = tally_on(2, &[&spec, "random"], 300);
    assert_eq!((one.wins, one.forfeits), (two.wins, two.forfeits));
    assert_eq!(one.forfeits, 300, "the weak table is refused in every game");
}

#[test]
fn the_previous_games_globals_count_for_nothing() {
    let path = script(
        "big_global",
        "big = (\"x\"):rep(1536 * 1024) .. tostring(math.random(10))\nfunction choose(g, m) return math.random(#m) end",
    );
    let spec = format!("lua:{path}{{max_memory_mb=4}}");
    let t = tally_on(1, &[&spec, "random"], 40);
    assert_eq!(t.forfeits, 0, "{:?}", t.first_forfeit);
}

#[test]
fn what_the_host_holds_for_a_script_counts_toward_its_memory() {
    for (name, hoard) in [
        ("clones", "keep[i] = g:clone()"),
        ("moves", "keep[i] = m[1]"),
        ("lists", "keep[i] = c:moves()"),
    ] {
        let m = fails(
            name,
            &format!(
                "local keep = {{}}\nfunction choose(g, m)\n  local c = g:clone()\n  for i = 1, 1e8 do {hoard} end\nend"
            ),
            "{max_memory_mb=8, max_instructions=1099511627776}",
        );
        assert!(
            m.contains("exceeded its memory limit of 8 MiB"),
            "{name}: {m}"
        );
    }
}

#[test]
fn a_memory_error_in_a_host_call_cannot_be_caught() {
    let m = fails(
        "catch",
        "local keep = {}\nfunction choose(g, m)\n  while true do pcall(function() keep[#keep + 1] = g:clone() end) end\nend",
        "{max_memory_mb=8, max_instructions=1099511627776}",
    );
    assert!(m.contains("exceeded its memory limit of 8 MiB"), "{m}");
}

#[test]
fn string_dump_is_unreachable_even_through_a_string() {
    let path = script(
        "dump",
        "assert((\"\").dump == nil and string.dump == nil)\nfunction choose() return 1 end",
    );
    decide::<Rithmomachy>(&format!("lua:{path}"), &start(), 1).unwrap();
}

#[test]
fn failure_messages_quote_script_text_bounded_and_escaped() {
    let m = fails(
        "long_error",
        "function choose() error((\"\\27[2J\\rab\"):rep(1 << 18)) end",
        "",
    );
    assert!(
        m.len() < 1000 && !m.contains('\x1b') && !m.contains('\r'),
        "{m}"
    );
    let m = fails(
        "long_return",
        "function choose() return (\"\\0x\"):rep(1 << 22) end",
        "",
    );
    assert!(
        m.len() < 1000 && !m.contains('\0') && m.contains("more bytes"),
        "{m}"
    );
}

#[test]
fn a_whole_number_written_as_a_float_is_a_move_everywhere() {
    let path = script(
        "float",
        "function choose(g, m)\n  local c = g:clone()\n  c:play(1.0)\n  return 1.0\nend",
    );
    decide::<Rithmomachy>(&format!("lua:{path}"), &start(), 1).unwrap();
}

#[test]
fn messages_name_no_memory_address() {
    let m = fails("ret_game", "function choose(g, m) return g end", "");
    assert!(
        m.contains("choose returned a game") && !m.contains("0x"),
        "{m}"
    );
    let m = fails("ret_moves", "function choose(g, m) return m end", "");
    assert!(m.contains("a list of moves") && !m.contains("0x"), "{m}");
    let m = fails(
        "play_game",
        "function choose(g, m) g:clone():play(g) end",
        "",
    );
    assert!(
        m.contains("a game is not one of") && !m.contains("0x"),
        "{m}"
    );
    let path = script(
        "tostring_game",
        "function choose(g, m) assert(not tostring(g):find(\"0x\"), tostring(g)) return 1 end",
    );
    decide::<Rithmomachy>(&format!("lua:{path}"), &start(), 1).unwrap(); // An error value whose metatable names it (__name) is shown by that
    // name, without the address Lua appends.
    let m = fails(
        "named_error",
        "function choose(g, m) error(setmetatable({}, {__name = 'Oops'})) end",
        "",
    );
    assert!(
        m.contains("an error that is a Oops") && !m.contains("0x"),
        "{m}"
    );
    // %p formats an address: refused, naming the reason.
    let m = fails(
        "format_p",
        "function choose(g, m) return #string.format('%5p', {}) % #m + 1 end",
        "",
    );
    assert!(m.contains("%p is not available"), "{m}");
    let path = script(
        "format_pct_p",
        "function choose(g, m) assert(string.format('%%p %s', print):find('^%%p function: #1$')) return 1 end",
    );
    decide::<Rithmomachy>(&format!("lua:{path}"), &start(), 1).unwrap();
}
