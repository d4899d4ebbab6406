//! Every way a script can fail ends its decision at once with a message
//! naming the script and, where Lua knows it, the line.

use ludus::core::game::Game;
use ludus::games::rithmomachy::Rithmomachy;
use ludus::policies::policy_error::PolicyError;

use crate::support::{failure, options, script};

fn start() -> Rithmomachy {
    Rithmomachy::new(&options::<Rithmomachy>(&[])).unwrap()
}

/// The failure of a script whose text is `text`, and its path.
fn fails(name: &str, text: &str, params: &str) -> (String, String) {
    let path = script(name, text);
    let m = failure::<Rithmomachy>(&format!("lua:{path}{params}"), &start());
    (m, path)
}

/// Why the policy of a script whose text is `text` is refused before any
/// game (it does not compile: a `PolicyError::ScriptSyntax`), and its path.
fn refused(name: &str, text: &str) -> (String, String) {
    let path = script(name, text);
    let spec = ludus::policies::policy_spec::PolicySpec::parse(&format!("lua:{path}")).unwrap();
    let built = spec.build_for::<Rithmomachy>(&options::<Rithmomachy>(&[]));
    let e = built.err().expect("refused");
    assert!(matches!(e, PolicyError::ScriptSyntax { .. }), "{e:?}");
    (e.to_string(), path)
}

#[test]
fn a_syntax_error_names_the_line() {
    let (m, p) = refused(
        "syntax",
        "function choose(game, moves)\n  return 1 +\nend\n",
    );
    assert!(m.starts_with(&format!("policy `lua:{p}`: {p}:3:")), "{m}");
}

#[test]
fn a_runtime_error_names_the_line_and_message() {
    let (m, p) = fails(
        "boom",
        "function choose(game, moves)\n  local x = 1\n  error(\"boom\")\nend\n",
        "",
    );
    assert_eq!(m, format!("{p}:3: boom"));
    let (m, p) = fails(
        "nil_index",
        "function choose(game, moves)\n\n  return nothing.here\nend\n",
        "",
    );
    assert!(
        m.starts_with(&format!("{p}:3:")) && m.contains("nothing"),
        "{m}"
    );
}

/// Lua names a script whose path is longer than 59 bytes by "..." and the
/// path's end, in its messages as in its tracebacks: the failure still
/// names the whole path, and the line.
#[test]
fn a_script_with_a_long_path_is_named_whole_with_its_line() {
    let long = "a_script_in_a_folder_whose_path_is_longer_than_lua_shows_in_its_messages";
    let (m, p) = fails(
        long,
        "function choose(game, moves)\n  local x = 1\n  error(\"boom\")\nend\n",
        "",
    );
    assert!(p.len() > 60, "{p}");
    assert_eq!(m, format!("{p}:3: boom"));
    let (m, p) = refused(
        &format!("{long}_syntax"),
        "function choose(game, moves)\n  return 1 +\nend\n",
    );
    assert!(
        m.ends_with(&format!(": {p}:3: unexpected symbol near 'end'")),
        "{m}"
    );
    // The budget runs out in a call of the host: the line is the traceback's.
    let (m, p) = fails(
        &format!("{long}_rollout"),
        "function choose(g, m)\n  local c = g:copy()\n  c:rollout(\"random\")\n  return 1\nend",
        "{max_instructions=30000}",
    );
    assert!(
        m.starts_with(&format!("{p}:3: exceeded its instruction budget")),
        "{m}"
    );
}

#[test]
fn an_error_that_is_not_a_message_is_named_by_its_type() {
    let (m, p) = fails(
        "table_error",
        "function choose(game, moves)\n  error({code = 1})\nend\n",
        "",
    );
    assert_eq!(
        m,
        format!("{p}: raised an error that is a table, not a message")
    );
}

#[test]
fn an_error_in_a_host_call_names_the_scripts_line() {
    let (m, p) = fails(
        "host",
        "function choose(game, moves)\n  return game:view(\"weather\")\nend\n",
        "",
    );
    assert!(
        m.starts_with(&format!("{p}:2:")) && m.contains("weather"),
        "{m}"
    );
}

#[test]
fn an_error_in_init_or_at_load_fails_the_start() {
    let (m, p) = fails(
        "init_err",
        "function init(info)\n  error(\"no init\")\nend\nfunction choose() return 1 end\n",
        "",
    );
    assert_eq!(m, format!("{p}:2: no init"));
    let (m, p) = fails("top_err", "error(\"at load\")\n", "");
    assert_eq!(m, format!("{p}:1: at load"));
    let (m, p) = fails("no_choose", "function chose() return 1 end\n", "");
    assert_eq!(m, format!("{p}: defines no function choose(game, moves)"));
}

#[test]
fn an_endless_loop_exceeds_the_budget() {
    let (m, p) = fails(
        "loop",
        "function choose(game, moves)\n  local i = 0\n  while true do\n    i = i + 1\n  end\nend\n",
        "",
    );
    assert!(
        m.starts_with(&format!("{p}:"))
            && m.contains("exceeded its instruction budget of 10000000 instructions"),
        "{m}"
    );
    let line: usize = m[p.len() + 1..].split(':').next().unwrap().parse().unwrap();
    assert!((3..=4).contains(&line), "{m}");
}

#[test]
fn the_budget_cannot_be_caught_with_pcall() {
    let (m, _) = fails(
        "pcall_loop",
        "function choose(game, moves)\n  while true do\n    pcall(function() while true do end end)\n  end\nend\n",
        "{max_instructions=100000}",
    );
    assert!(
        m.contains("exceeded its instruction budget of 100000"),
        "{m}"
    );
}

#[test]
fn the_budget_is_per_call_and_configurable() {
    // 200 000 instructions: more than a budget of 100 000, less than the default.
    let text = "function choose(game, moves)\n  local s = 0\n  for i = 1, 50000 do s = s + i end\n  return 1\nend\n";
    let (m, _) = fails("small_budget", text, "{max_instructions=100000}");
    assert!(m.contains("budget of 100000"), "{m}");
    let path = script("enough", text);
    crate::support::decide::<Rithmomachy>(&format!("lua:{path}"), &start(), 1).unwrap();
}

#[test]
fn a_memory_bomb_exceeds_the_memory_limit() {
    let (m, p) = fails(
        "bomb",
        "function choose(game, moves)\n  local t = {}\n  for i = 1, 1e9 do t[i] = string.rep(\"x\", 64) .. i end\nend\n",
        "{max_memory_mb=16}",
    );
    assert!(
        m.starts_with(&p) && m.contains("exceeded its memory limit of 16 MiB"),
        "{m}"
    );
    let (m, _) = fails(
        "bomb_pcall",
        "local t = {}\nfunction choose(game, moves)\n  while true do pcall(function() t[#t + 1] = string.rep(\"x\", 1 << 20) end) end\nend\n",
        "{max_memory_mb=16}",
    );
    assert!(m.contains("exceeded its memory limit of 16 MiB"), "{m}");
}

#[test]
fn bad_return_values_are_named() {
    let n = {
        let mut v = Vec::new();
        start().legal_moves(&mut v);
        v.len()
    };
    for (ret, shown) in [
        ("nil", "nil".to_string()),
        ("0", "0".to_string()),
        (&format!("{}", n + 1), format!("{}", n + 1)),
        ("-1", "-1".to_string()),
        ("1.5", "1.5".to_string()),
        ("\"a1-a2\"", "\"a1-a2\"".to_string()),
        ("{}", "a table".to_string()),
        ("true", "true".to_string()),
    ] {
        let (m, p) = fails(
            "bad_return",
            &format!("function choose(game, moves) return {ret} end\n"),
            "",
        );
        assert_eq!(
            m,
            format!(
                "{p}: choose returned {shown}, which is not a legal move (return an index 1..{n}, a move from `moves`, or a move's text)"
            )
        );
    }
}

#[test]
fn a_move_of_another_position_is_not_legal() {
    let (m, _) = fails(
        "stale",
        "function choose(game, moves)\n  local c = game:clone()\n  c:play(1)\n  return c:moves()[1]\nend\n",
        "",
    );
    assert!(m.contains("choose returned the move"), "{m}");
}

#[test]
fn bad_specs_are_input_errors() {
    use ludus::policies::lua::spec_error::LuaSpecError;
    use ludus::policies::policy_spec::PolicySpec;
    // The refusal's variant, then its words.
    let check = |s: &str, is: fn(&PolicyError) -> bool| {
        let e = PolicySpec::parse(s)
            .unwrap()
            .build::<Rithmomachy>()
            .err()
            .unwrap_or_else(|| panic!("{s} should be refused"));
        assert!(is(&e), "{s}: {e:?}");
        e.to_string()
    };
    assert!(
        check("lua:no/such/script.lua", |e| matches!(
            e,
            PolicyError::ScriptUnreadable { .. }
        ))
        .contains("cannot read no/such/script.lua")
    );
    let path = script("ok", "function choose() return 1 end\n");
    assert!(
        check(&format!("lua:{path}{{k=1"), |e| matches!(
            e,
            PolicyError::LuaSpec(LuaSpecError::UnclosedParameters { .. })
        ))
        .contains("must end with `}`")
    );
    assert!(
        check(&format!("lua:{path}{{k}}"), |e| matches!(
            e,
            PolicyError::LuaSpec(LuaSpecError::NotKeyValue { .. })
        ))
        .contains("key=value")
    );
    assert!(
        check(&format!("lua:{path}{{k=1,k=2}}"), |e| matches!(
            e,
            PolicyError::LuaSpec(LuaSpecError::Twice { .. })
        ))
        .contains("given twice")
    );
    assert!(
        check(&format!("lua:{path}{{max_instructions=0}}"), |e| matches!(
            e,
            PolicyError::LuaSpec(LuaSpecError::BadLimit {
                key: "max_instructions",
                ..
            })
        ))
        .contains("max_instructions")
    );
    assert!(
        check("lua:", |e| matches!(
            e,
            PolicyError::LuaSpec(LuaSpecError::NoScript { .. })
        ))
        .contains("names no script")
    );
    assert!(check("lua", |e| matches!(e, PolicyError::LuaNeedsScript)).contains("needs a script"));
}
