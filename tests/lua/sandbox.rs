//! What a script may not reach: files, processes, modules, the debug
//! library, binary chunks, the real globals, or any other randomness.

use ludus::core::game::Game;
use ludus::games::rithmomachy::Rithmomachy;

use crate::support::{decide, failure, options, script};

fn start() -> Rithmomachy {
    Rithmomachy::new(&options::<Rithmomachy>(&[])).unwrap()
}

fn attempt(name: &str, line: &str) -> String {
    let path = script(
        name,
        &format!("function choose(game, moves)\n  {line}\n  return 1\nend\n"),
    );
    let m = failure::<Rithmomachy>(&format!("lua:{path}"), &start());
    assert!(m.starts_with(&format!("{path}:2:")), "{m}");
    m
}

#[test]
fn no_files_processes_or_modules() {
    assert!(attempt("io", "io.open(\"/etc/passwd\")").contains("'io'"));
    assert!(attempt("os", "os.execute(\"true\")").contains("'os'"));
    assert!(attempt("time", "local t = os.time()").contains("'os'"));
    assert!(attempt("require", "require(\"os\")").contains("'require'"));
    assert!(attempt("dofile", "dofile(\"/etc/passwd\")").contains("'dofile'"));
    assert!(attempt("loadfile", "loadfile(\"/etc/passwd\")").contains("'loadfile'"));
    assert!(attempt("debug", "debug.sethook()").contains("'debug'"));
    assert!(attempt("package", "package.loadlib(\"x\", \"y\")").contains("'package'"));
    assert!(attempt("coroutine", "coroutine.create(print)").contains("'coroutine'"));
    assert!(
        attempt("randomseed", "math.randomseed(42)").contains("math.randomseed is not available")
    );
    assert!(attempt("dump", "string.dump(choose)").contains("dump"));
    assert!(attempt("collect", "collectgarbage(\"count\")").contains("'collectgarbage'"));
    assert!(
        attempt("finalizer", "setmetatable({}, {__gc = function() end})")
            .contains("__gc metamethods are not available")
    );
}

#[test]
fn load_takes_text_only_and_sees_the_scripts_globals() {
    let path = script(
        "load",
        r#"
        secret = 7
        function choose(game, moves)
          local f = assert(load("return secret"))
          assert(f() == 7, "a loaded chunk sees the script's globals")
          local g, err = load("\27Lua binary")
          assert(g == nil and err:find("binary"), tostring(err))
          assert(load(function() return nil end) == nil or false)
          return 1
        end
        "#,
    );
    let m = failure::<Rithmomachy>(&format!("lua:{path}"), &start());
    assert!(m.contains("load takes the text of a chunk"), "{m}");
}

#[test]
fn the_shared_libraries_cannot_be_changed_for_other_games() {
    // A script that vandalises its own copies of the libraries and the
    // string metatable: the next game (a fresh environment) is unharmed.
    let path = script(
        "vandal",
        r#"
        function choose(game, moves)
          assert(string.upper("a") == "A", "string is intact")
          assert(getmetatable("") == false, "the string metatable is hidden")
          assert(marker == nil, "globals do not survive a game")
          string.upper = nil
          math.floor = nil
          marker = true
          return 1
        end
        "#,
    );
    for seed in 0..3 {
        decide::<Rithmomachy>(&format!("lua:{path}"), &start(), seed)
            .unwrap_or_else(|e| panic!("{}", e.message));
    }
}

#[test]
fn math_random_forms_follow_lua() {
    let path = script(
        "random_forms",
        r#"
        function choose(game, moves)
          for i = 1, 200 do
            local x = math.random()
            assert(x >= 0 and x < 1)
            local k = math.random(6)
            assert(k >= 1 and k <= 6 and math.type(k) == "integer")
            local j = math.random(-3, 3)
            assert(j >= -3 and j <= 3)
            local big = math.random(1, 1 << 40)
            assert(big >= 1 and big <= 1 << 40)
          end
          assert(math.random(5, 5) == 5)
          local ok, err = pcall(math.random, 0, -1)
          assert(not ok and err:find("interval is empty"), tostring(err))
          return 1
        end
        "#,
    );
    decide::<Rithmomachy>(&format!("lua:{path}"), &start(), 1)
        .unwrap_or_else(|e| panic!("{}", e.message));
}
