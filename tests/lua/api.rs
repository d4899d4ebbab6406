//! Each call of the script API, checked inside a script against values
//! computed here in Rust: an assertion that fails in Lua fails the test
//! with its message.

use ludus::core::dice::Dice;
use ludus::core::game::{Game, Turn};
use ludus::core::log::Silent;
use ludus::core::seed::{Stream, below, stream};
use ludus::games::chess::FourSeasons;
use ludus::games::dice::half_hazard::HalfHazard;
use ludus::games::rithmomachy::Rithmomachy;

use crate::support::{decide, options, script};

fn start() -> Rithmomachy {
    Rithmomachy::new(&options::<Rithmomachy>(&[])).unwrap()
}

/// Runs `body` as the body of `choose(game, moves)` (it must return a move).
fn check(body: &str) -> String {
    let path = script(
        "api",
        &format!("function choose(game, moves)\n{body}\nend\n"),
    );
    let m = decide::<Rithmomachy>(&format!("lua:{path}"), &start(), 1)
        .unwrap_or_else(|e| panic!("{}", e.message));
    m.to_string()
}

fn legal(g: &Rithmomachy) -> Vec<String> {
    let mut v = Vec::new();
    g.legal_moves(&mut v);
    v.iter().map(|m| m.to_string()).collect()
}

#[test]
fn generic_calls_on_the_game() {
    let n = legal(&start()).len();
    check(&format!(
        r##"
        assert(game:name() == "rithmomachy", game:name())
        assert(game:players() == 2)
        -- Black moves first in the boardspace rules: seat 2.
        assert(game:seat() == 2, "seat " .. tostring(game:seat()))
        assert(game:seat_name() == "black" and game:seat_name(1) == "white")
        assert(game:to_move() == 2)
        assert(game:ply() == 0)
        assert(game:over() == false)
        assert(game:winner() == nil and game:outcome() == nil)
        assert(game:payoff() == 0 and game:payoff(2) == 0)
        assert(#game:moves() == {n}, #game:moves())
        local o = game:options()
        assert(o.rules == "boardspace", tostring(o.rules))
        return 1"##
    ));
}

#[test]
fn moves_count_index_text_and_find() {
    let all = legal(&start());
    let chosen = check(&format!(
        r##"
        assert(#moves == {n}, "count " .. #moves)
        assert(tostring(moves[1]) == "{first}", tostring(moves[1]))
        assert(moves[1]:text() == "{first}")
        assert(moves:text({n}) == "{last}", moves:text({n}))
        assert(moves[0] == nil and moves[{n} + 1] == nil and moves:text(0) == nil)
        assert(moves:find("{last}") == {n} and moves:find("z99-z98") == nil)
        assert(moves[2] == moves[2] and moves[1] ~= moves[2])
        local count = 0
        for i, m in ipairs(moves) do count = count + 1 end
        assert(count == {n}, "ipairs " .. count)
        return moves[{n}]"##,
        n = all.len(),
        first = all[0],
        last = all[all.len() - 1]
    ));
    assert_eq!(
        chosen,
        all[all.len() - 1],
        "returning a move handle plays it"
    );
}

#[test]
fn choose_may_return_an_index_a_move_or_its_text() {
    let all = legal(&start());
    assert_eq!(check("return 3"), all[2]);
    assert_eq!(check("return 3.0"), all[2]);
    assert_eq!(check("return moves[4]"), all[3]);
    assert_eq!(check(&format!("return \"{}\"", all[5])), all[5]);
}

#[test]
fn clone_and_play_look_ahead_without_touching_the_game() {
    let g = start();
    let first = legal(&g)[0].clone();
    let mut after = g.clone();
    let mut v = Vec::new();
    after.legal_moves(&mut v);
    after.play(v[0], &mut Silent);
    let replies = legal(&after);
    check(&format!(
        r##"
        local copy = game:clone()
        copy:play(moves[1])
        assert(copy:ply() == 1 and game:ply() == 0)
        assert(copy:to_move() == 1 and game:to_move() == 2)
        local r = copy:moves()
        assert(#r == {nr}, "replies " .. #r)
        assert(tostring(r[1]) == "{r1}", tostring(r[1]))
        local copy2 = game:clone()
        copy2:play("{first}")
        assert(copy2:ply() == 1)
        local copy3 = copy:clone()
        copy3:play(1)
        assert(copy3:ply() == 2 and copy:ply() == 1)
        local ok, err = pcall(function() game:play(moves[1]) end)
        assert(not ok and err:find("read%-only"), tostring(err))
        local ok2, err2 = pcall(function() copy:play(moves[1]) end)
        assert(not ok2 and err2:find("not one of the"), tostring(err2))
        return 1"##,
        nr = replies.len(),
        r1 = replies[0],
    ));
}

#[test]
fn init_receives_seat_players_options_and_params() {
    let path = script(
        "init",
        r##"
        local got
        function init(info)
          got = info
        end
        function choose(game, moves)
          assert(got.seat == 2 and got.seat_name == "black", "seat")
          assert(got.players == 2 and got.game == "rithmomachy")
          assert(got.options.rules == "boardspace")
          assert(got.params.k == 3 and got.params.name == "a,b" and got.params.deep == true)
          assert(got.params.w == 0.5 and got.params.word == "plain")
          assert(got.params.max_instructions == nil, "limits are not parameters")
          return 1
        end
        "##,
    );
    decide::<Rithmomachy>(
        &format!(
            "lua:{path}{{k=3, name=\"a,b\", deep=true, w=0.5, word=plain, max_instructions=5000000}}"
        ),
        &start(),
        1,
    )
    .unwrap_or_else(|e| panic!("{}", e.message));
}

#[test]
fn over_winner_and_outcome_of_a_finished_copy() {
    // A copy played to its end by random moves inside the script.
    check(
        r##"
        local copy = game:clone()
        while not copy:over() do
          local r = copy:moves()
          copy:play(r[math.random(#r)])
        end
        local o = copy:outcome()
        assert(type(o.reason) == "string" and #o.winners >= 1)
        if #o.winners == 1 then assert(copy:winner() == o.winners[1]) else assert(copy:winner() == nil) end
        -- Two seats: a winner is first and the loser second; a draw puts both first.
        assert(#o.places == 2, #o.places)
        if #o.winners == 1 then
          local w = o.winners[1]
          assert(o.places[w] == 1 and o.places[3 - w] == 2, o.places[1] .. " " .. o.places[2])
        else
          assert(o.places[1] == 1 and o.places[2] == 1)
        end
        assert(copy:to_move() == nil and #copy:moves() == 0)
        return 1"##,
    );
}

fn half_hazard_decision() -> HalfHazard {
    let mut g = HalfHazard::new(&options::<HalfHazard>(&[])).unwrap();
    let mut dice = Dice::seeded(ludus::core::seed::stream(
        3,
        ludus::core::seed::Stream::Dice,
    ));
    while g.turn() == Turn::Chance {
        g.chance(&mut dice, &mut Silent);
    }
    assert!(matches!(g.turn(), Turn::Decide(_)));
    g
}

#[test]
fn dice_game_calls_and_moves() {
    let g = half_hazard_decision();
    let Turn::Decide(seat) = g.turn() else {
        unreachable!()
    };
    let path = script(
        "dice",
        &format!(
            r##"
            function choose(game, moves)
              assert(game:name() == "half-hazard")
              assert(game:seat() == {s} and game:to_move() == {s})
              assert(#moves == 2 and tostring(moves[1]) == "throw" and tostring(moves[2]) == "stop")
              assert(game:ply() == {ply}, game:ply())
              assert(game:options().pot == 20 and game:options().order == "highest")
              local copy = game:clone()
              copy:play("throw")
              assert(copy:over() or copy:to_move() ~= nil, "a copy throws its own dice")
              assert(copy:ply() > game:ply(), "and has thrown")
              return "stop"
            end
            "##,
            s = seat + 1,
            ply = g.length()
        ),
    );
    let m = decide::<HalfHazard>(&format!("lua:{path}"), &g, 1)
        .unwrap_or_else(|e| panic!("{}", e.message));
    assert_eq!(m.to_string(), "stop");
}

/// A Four Seasons game of random moves that puts out at least `out` seats
/// before it ends (cap 400), stopped one move before its end: the game, its
/// last move and every seat's place.
fn four_seasons_before_its_end(out: usize) -> (FourSeasons, String, Vec<u8>) {
    let opts = options::<FourSeasons>(&[("cap", "400")]);
    for seed in 0.. {
        let mut rng = stream(seed, Stream::Seat(0));
        let mut g = FourSeasons::new(&opts).unwrap();
        let mut v = Vec::new();
        let mut before = (g.clone(), String::new());
        while g.turn() != Turn::Over {
            g.legal_moves(&mut v);
            let m = v[below(&mut rng, v.len() as u32) as usize];
            before = (g.clone(), m.to_string());
            g.play(m, &mut Silent);
        }
        let o = g.outcome().unwrap();
        let places: Vec<u8> = (0..4).map(|s| o.place(s)).collect();
        if places.iter().filter(|&&p| p > 1).count() >= out {
            return (before.0, before.1, places);
        }
    }
    unreachable!()
}

#[test]
fn outcome_gives_every_seats_place_in_a_four_seat_game() {
    let (g, last, places) = four_seasons_before_its_end(2);
    assert!(places.contains(&4), "{places:?}");
    let path = script(
        "places",
        &format!(
            r##"
            function choose(game, moves)
              assert(game:players() == 4 and game:outcome() == nil)
              local copy = game:clone()
              copy:play("{last}")
              assert(copy:over())
              local o = copy:outcome()
              local got = table.concat(o.places, ",")
              assert(got == "{want}", got)
              for _, w in ipairs(o.winners) do assert(o.places[w] == 1) end
              -- Played out at random from here, a copy ranks all four too.
              local c = game:clone()
              while not c:over() do
                local r = c:moves()
                c:play(r[math.random(#r)])
              end
              local p = c:outcome().places
              assert(#p == 4)
              for s = 1, 4 do
                local ahead = 0
                for t = 1, 4 do if p[t] < p[s] then ahead = ahead + 1 end end
                assert(p[s] == ahead + 1, "a competition ranking: " .. table.concat(p, ","))
              end
              return 1
            end
            "##,
            want = places
                .iter()
                .map(u8::to_string)
                .collect::<Vec<_>>()
                .join(","),
        ),
    );
    decide::<FourSeasons>(&format!("lua:{path}"), &g, 1)
        .unwrap_or_else(|e| panic!("{}", e.message));
}
