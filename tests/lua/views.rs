//! The game-specific views: Rithmomachy's pieces, squares, tallies and
//! captures, the banking games' table, the chess games' pieces, dice and
//! attacks; checked against the engines.

use ludus::core::dice::Dice;
use ludus::core::game::{Game, Turn};
use ludus::core::log::Silent;
use ludus::core::native_policies::NativePolicies;
use ludus::core::presentation::Presentation;
use ludus::core::seed::{Stream, stream};
use ludus::core::view::{View, ViewArg};
use ludus::games::dice::growing_hazard::GrowingHazard;
use ludus::games::dice::half_hazard::HalfHazard;
use ludus::games::rithmomachy::Rithmomachy;

use crate::support::{decide, midgame, options, script};

#[test]
fn captures_view_is_what_playing_the_move_captures() {
    let mut checked = 0;
    for seed in 0..6 {
        let g = midgame(40, seed);
        if g.turn() == Turn::Over {
            continue;
        }
        let mut v = Vec::new();
        g.legal_moves(&mut v);
        for &m in &v {
            let mut next = g.clone();
            next.play(m, &mut Silent);
            let want = next.view("last_captures", ViewArg::None).unwrap();
            assert_eq!(g.view("captures", ViewArg::Move(m)).unwrap(), want, "{m}");
            let View::List(items) = &want else { panic!() };
            let sum: i64 = items
                .iter()
                .map(|c| match c.field("value") {
                    Some(View::Int(v)) => *v,
                    _ => panic!(),
                })
                .sum();
            assert_eq!(
                g.view("capture_value", ViewArg::Move(m)).unwrap(),
                View::Int(sum)
            );
            checked += usize::from(sum > 0);
        }
    }
    assert!(checked > 0, "some move captures something");
}

#[test]
fn rithmomachy_views_from_a_script() {
    let g = midgame(30, 2);
    let json = g.to_json();
    let pieces = json["pieces"].as_array().unwrap();
    let p0 = &pieces[0];
    let white = &json["captured"]["white"];
    let path = script(
        "views",
        &format!(
            r#"
            function choose(game, moves)
              local ps = game:view("pieces")
              assert(#ps == {n}, "pieces " .. #ps)
              local p = game:view("piece", "{at}")
              assert(p.square == "{at}" and p.side == "{side}" and p.value == {value}, "piece")
              assert(#p.layers >= 1 and p.layers[1].value > 0)
              assert(p.shape == "{shape}", p.shape)
              for _, q in ipairs(ps) do
                local again = game:view("piece", q.square)
                assert(again.value == q.value and again.side == q.side)
              end
              local c = game:view("captured")
              assert(c.white.pieces == {wp} and c.white.value == {wv} and c.white.digits == {wd})
              for i = 1, #moves do
                local sum = 0
                for _, x in ipairs(game:view("captures", moves[i])) do
                  assert(x.kind and x.square and x.side and x.shape and x.whole ~= nil)
                  sum = sum + x.value
                end
                assert(sum == game:view("capture_value", moves[i]))
                assert(sum == game:view("capture_value", tostring(moves[i])))
              end
              local ok, err = pcall(game.view, game, "weather")
              assert(not ok and err:find("no view `weather`"), err)
              local ok2, err2 = pcall(game.view, game, "piece", "z99")
              assert(not ok2 and err2:find("no square"), err2)
              return 1
            end
            "#,
            n = pieces.len(),
            at = p0["at"].as_str().unwrap(),
            side = p0["side"].as_str().unwrap(),
            value = p0["value"],
            shape = p0["shape"].as_str().unwrap(),
            wp = white["pieces"],
            wv = white["value"],
            wd = white["digits"],
        ),
    );
    decide::<Rithmomachy>(&format!("lua:{path}"), &g, 1)
        .unwrap_or_else(|e| panic!("{}", e.message));
    let empty = script(
        "empty_square",
        r#"function choose(game, moves) assert(game:view("piece", "h8") == nil or true) return 1 end"#,
    );
    decide::<Rithmomachy>(&format!("lua:{empty}"), &g, 1).unwrap();
}

fn banking_check<G: Game + NativePolicies + NativePolicies>() {
    let mut g = G::new(&options::<G>(&[])).unwrap();
    let mut dice = Dice::seeded(stream(9, Stream::Dice));
    while g.turn() == Turn::Chance {
        g.chance(&mut dice, &mut Silent);
    }
    let t = g.view("table", ViewArg::None).unwrap();
    let int = |k: &str| match t.field(k) {
        Some(View::Int(v)) => *v,
        other => panic!("{k}: {other:?}"),
    };
    let path = script(
        "table",
        &format!(
            r#"
            function choose(game, moves)
              local t = game:view("table")
              assert(t.pot == {pot} and game:view("pot") == t.pot)
              assert(t.funds[1] + t.funds[2] + t.pot == 200, "money is kept")
              assert(t.thrower == game:seat())
              assert(t.numbers.own ~= t.numbers.opponent)
              assert(t.numbers.own >= 7 and t.numbers.own <= 14)
              assert(t.turn_hazards == game:view("turn_hazards") and t.turn_hazards == {hz})
              assert(t.banked == game:view("banked") and t.banked == {banked})
              assert(#t.last_throw == 3 and t.last_total == t.last_throw[1] + t.last_throw[2] + t.last_throw[3])
              local tt = game:view("turn_totals")
              assert(#tt == {ntt} and #t.turn_totals == #tt and tt[#tt] == t.last_total, "turn totals")
              local hz = 0
              for _, x in ipairs(tt) do if x <= 6 or x >= 15 then hz = hz + 1 end end
              assert(hz == t.turn_hazards, "the hazards are among the turn's totals")
              assert(t.throws == game:ply() and t.turns == {turns})
              return 1
            end
            "#,
            pot = int("pot"),
            hz = int("turn_hazards"),
            banked = int("banked"),
            turns = int("turns"),
            ntt = match t.field("turn_totals") {
                Some(View::List(l)) => l.len(),
                other => panic!("{other:?}"),
            },
        ),
    );
    decide::<G>(&format!("lua:{path}"), &g, 1).unwrap_or_else(|e| panic!("{}", e.message));
}

#[test]
fn banking_table_view_from_a_script() {
    banking_check::<HalfHazard>();
    banking_check::<GrowingHazard>();
}

#[test]
fn games_without_views_say_so() {
    let g = ludus::games::dice::hazard::Hazard::new(
        &options::<ludus::games::dice::hazard::Hazard>(&[]),
    )
    .unwrap();
    let e = g.view("pot", ViewArg::None).unwrap_err();
    assert!(
        matches!(&e, ludus::core::view_error::ViewError::Unknown { name, .. } if name == "pot"),
        "{e:?}"
    );
    let e = e.to_string();
    assert!(e.contains("offers no views"), "{e}");
}

#[test]
fn the_reserve_view_and_placings_from_a_script() {
    // In `medieval` a captured piece joins the captor's hand; a script sees
    // it in the reserve view and may choose to place it like any move.
    let text = r#"{"to_move": "white", "pieces": [
        {"at": "h16", "side": "black", "shape": "round", "value": 3},
        {"at": "a1", "side": "white", "shape": "square", "value": 25}],
        "reserve": {"white": [{"shape": "round", "value": 16}]}}"#;
    let o = options::<Rithmomachy>(&[("rules", "medieval")]);
    let g = Rithmomachy::from_position(&o, text).unwrap();
    let path = script(
        "reserve",
        r#"
        function choose(game, moves)
          local r = game:view("reserve")
          assert(#r.white == 1 and r.white[1].shape == "round" and r.white[1].value == 16)
          assert(#r.black == 0)
          for i = 1, #moves do
            if tostring(moves[i]) == "C16@b1" then return i end
          end
          error("no placing C16@b1 among the moves")
        end
        "#,
    );
    let spec = format!("lua:{path}");
    let mut p = crate::support::policy::<Rithmomachy>(&spec, &o);
    let mut rng = ludus::core::seed::SeatRng::new(1, 0);
    p.start(0, &g, &mut rng).unwrap();
    let mut moves = Vec::new();
    g.legal_moves(&mut moves);
    let i = p.choose(&g, &moves, rng.get()).unwrap();
    assert_eq!(moves[i].to_string(), "C16@b1");
}

#[test]
fn morris_views_show_men_points_hands_and_lines() {
    use ludus::core::view::{View, ViewArg};
    use ludus::games::morris::{Alquerque, NineMen};
    let o = ludus::core::options::Options::resolve(
        Alquerque::option_specs(),
        &[("first".into(), "seat1".into())],
    )
    .unwrap();
    let g = Alquerque::new(&o).unwrap();
    let men = g.view("men", ViewArg::None).unwrap();
    let View::List(white) = men.field("white").unwrap() else {
        panic!("{men:?}")
    };
    assert_eq!(white.len(), 12);
    assert_eq!(g.view("point", ViewArg::Text("c3")).unwrap(), View::Nil);
    assert_eq!(
        g.view("point", ViewArg::Text("a1")).unwrap(),
        View::text("white")
    );
    let e = g.view("point", ViewArg::Text("z9")).unwrap_err();
    assert!(
        matches!(e, ludus::core::view_error::ViewError::Argument(_)),
        "{e:?}"
    );
    assert!(e.to_string().contains("z9"), "{e}");
    let View::List(n) = g.view("neighbours", ViewArg::Text("c3")).unwrap() else {
        panic!()
    };
    assert_eq!(n.len(), 8);
    let nine = NineMen::new(&ludus::core::options::Options::defaults(
        NineMen::option_specs(),
    ))
    .unwrap();
    let View::List(lines) = nine.view("lines", ViewArg::None).unwrap() else {
        panic!()
    };
    assert_eq!(lines.len(), 16);
    assert_eq!(
        nine.view("hand", ViewArg::None).unwrap().field("black"),
        Some(&View::Int(9))
    );
    let e = g.view("nonsense", ViewArg::None).unwrap_err();
    assert!(
        matches!(&e, ludus::core::view_error::ViewError::Unknown { name, .. } if name == "nonsense"),
        "{e:?}"
    );
    assert!(e.to_string().contains("views:"), "{e}");
}

/// A view as text, records with their fields sorted: the same text as the
/// Lua function `ser` in [`chess_views_from_a_script`] writes of it.
fn ser(v: &View) -> String {
    match v {
        View::Nil => "nil".into(),
        View::Bool(b) => b.to_string(),
        View::Int(i) => i.to_string(),
        View::Text(t) => format!("'{t}'"),
        View::List(items) => format!("[{}]", items.iter().map(ser).collect::<Vec<_>>().join(",")),
        View::Record(fields) => {
            let mut f: Vec<String> = fields
                .iter()
                .filter(|(_, v)| *v != View::Nil)
                .map(|(k, v)| format!("{k}={}", ser(v)))
                .collect();
            f.sort();
            format!("{{{}}}", f.join(","))
        }
    }
}

/// Every chess view asked by a script in `g`, compared with the engine's:
/// the pieces, dice, check and who is alive, each square of `squares`, and
/// `attacked` of it, and `takes` of every legal move.
fn chess_views_from_a_script<G: Game + NativePolicies + NativePolicies>(g: &G, squares: &[&str]) {
    let mut moves = Vec::new();
    g.legal_moves(&mut moves);
    let mut want = Vec::new();
    for name in ["pieces", "dice", "in_check", "alive"] {
        want.push(ser(&g.view(name, ViewArg::None).unwrap()));
    }
    for sq in squares {
        want.push(ser(&g.view("square", ViewArg::Text(sq)).unwrap()));
        want.push(ser(&g.view("attacked", ViewArg::Text(sq)).unwrap()));
    }
    for &m in &moves {
        want.push(ser(&g.view("takes", ViewArg::Move(m)).unwrap()));
    }
    let path = script(
        "chess_views",
        &format!(
            r##"
            local function ser(v)
              if type(v) == "string" then return "'" .. v .. "'" end
              if type(v) ~= "table" then return tostring(v) end
              if #v > 0 or next(v) == nil then
                local s = {{}}
                for i, x in ipairs(v) do s[i] = ser(x) end
                return "[" .. table.concat(s, ",") .. "]"
              end
              local s = {{}}
              for k, x in pairs(v) do s[#s + 1] = k .. "=" .. ser(x) end
              table.sort(s)
              return "{{" .. table.concat(s, ",") .. "}}"
            end
            function choose(game, moves)
              local got = {{}}
              for _, name in ipairs({{"pieces", "dice", "in_check", "alive"}}) do
                got[#got + 1] = ser(game:view(name))
              end
              for _, sq in ipairs({{{squares}}}) do
                got[#got + 1] = ser(game:view("square", sq))
                got[#got + 1] = ser(game:view("attacked", sq))
              end
              for i = 1, #moves do got[#got + 1] = ser(game:view("takes", moves[i])) end
              local want = {{{want}}}
              assert(#got == #want, #got .. " views")
              for i = 1, #want do assert(got[i] == want[i], i .. ": " .. got[i] .. " ~= " .. want[i]) end
              local ok, err = pcall(game.view, game, "square", "z99")
              assert(not ok and err:find("z99"), tostring(err))
              return 1
            end
            "##,
            squares = squares
                .iter()
                .map(|s| format!("{s:?}"))
                .collect::<Vec<_>>()
                .join(","),
            want = want
                .iter()
                .map(|s| format!("{s:?}"))
                .collect::<Vec<_>>()
                .join(","),
        ),
    );
    decide::<G>(&format!("lua:{path}"), g, 1).unwrap_or_else(|e| panic!("{}", e.message));
}

/// A decision of `G` under `opts` after at least `plies` seeded random
/// plies, where `wanted` holds of the legal moves.
fn chess_position<G: Game + NativePolicies + NativePolicies>(
    opts: &[(&str, &str)],
    plies: u32,
    wanted: impl Fn(&[String]) -> bool,
) -> G {
    let options = options::<G>(opts);
    (0..)
        .find_map(|seed| {
            let mut g = G::new(&options).unwrap();
            let mut dice = Dice::seeded(stream(seed, Stream::Dice));
            let mut rng = stream(seed, Stream::Seat(0));
            let mut v = Vec::new();
            loop {
                match g.turn() {
                    Turn::Over => return None,
                    Turn::Chance => g.chance(&mut dice, &mut Silent),
                    Turn::Decide(_) => {
                        g.legal_moves(&mut v);
                        let texts: Vec<String> = v.iter().map(|m| m.to_string()).collect();
                        if g.length() >= plies && wanted(&texts) {
                            return Some(g);
                        }
                        let i = ludus::core::seed::below(&mut rng, v.len() as u32) as usize;
                        g.play(v[i], &mut Silent);
                    }
                }
            }
        })
        .unwrap()
}

#[test]
fn chess_views_from_a_script_match_the_engine() {
    use ludus::games::chess::{FourSeasons, GrandeAcedrex};
    let squares = ["a1", "g1", "f6", "e4", "h8"];
    let takes = |m: &[String]| m.iter().any(|m| m.contains('x'));
    let acedrex = GrandeAcedrex::new(&options::<GrandeAcedrex>(&[])).unwrap();
    chess_views_from_a_script(&acedrex, &["g1", "g12", "f6", "l12"]);
    chess_views_from_a_script(
        &chess_position::<GrandeAcedrex>(&[("dice", "d8")], 40, takes),
        &["g1", "g12", "f6", "l12"],
    );
    chess_views_from_a_script(&chess_position::<FourSeasons>(&[], 60, takes), &squares);
    // A decision between two dice, and a four-seat game with a seat out.
    let two = chess_position::<FourSeasons>(&[("dice", "two")], 20, |m| m[0].starts_with("die:"));
    assert!(matches!(two.view("dice", ViewArg::None), Ok(View::List(d)) if d.len() == 2));
    chess_views_from_a_script(&two, &squares);
    let out = (100..)
        .step_by(50)
        .map(|p| chess_position::<FourSeasons>(&[("dice", "two")], p, takes))
        .find(|g| matches!(g.view("alive", ViewArg::None), Ok(View::List(a)) if a.len() < 4))
        .unwrap();
    chess_views_from_a_script(&out, &squares);
}

/// Issue 30: a step that completes a line is a decision of its own; the
/// removal is the next decision of the same seat, which `pending` names.
#[test]
fn morris_views_show_the_line_a_step_makes_and_the_removal_pending() {
    use ludus::games::morris::NineMen;
    let o = ludus::core::options::Options::resolve(
        NineMen::option_specs(),
        &[("rules".into(), "ludii".into())],
    )
    .unwrap();
    let file = r#"{"to_move": "white", "first": "white", "ply": 20,
        "points": {"a1": "white", "d1": "white", "g4": "white", "a7": "white",
                   "b2": "black", "d5": "black", "f4": "black", "d6": "black"}}"#;
    let mut g = NineMen::from_position(&o, file).unwrap();
    assert_eq!(g.view("pending", ViewArg::None).unwrap(), View::Nil);
    let mut moves = Vec::new();
    g.legal_moves(&mut moves);
    let step = |t: &str| *moves.iter().find(|m| m.to_string() == t).unwrap();
    let line = |g: &NineMen, m| g.view("makes_line", ViewArg::Move(m)).unwrap();
    assert_eq!(line(&g, step("g4-g1")), View::Bool(true));
    assert_eq!(line(&g, step("g4-g7")), View::Bool(false));
    assert_eq!(
        g.view("takes", ViewArg::Move(step("g4-g1"))).unwrap(),
        View::List(vec![])
    );
    g.play(step("g4-g1"), &mut Silent);
    assert_eq!(g.turn(), Turn::Decide(0));
    assert_eq!(
        g.view("pending", ViewArg::None).unwrap(),
        View::text("removal")
    );
    g.legal_moves(&mut moves);
    let shown: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
    assert_eq!(shown, ["/b2", "/f4", "/d5", "/d6"]);
    assert_eq!(
        g.view("takes", ViewArg::Move(moves[0])).unwrap(),
        View::List(vec![View::text("b2")])
    );
    g.play(moves[0], &mut Silent);
    assert_eq!(g.turn(), Turn::Decide(1));
    assert_eq!(g.length(), 21, "a turn of two decisions counts once");
}
