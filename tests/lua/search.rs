//! Issue 16: scripts that search. `game:copy()` (and its old name
//! `clone`) with dice of its own, `copy:play` resolving chance,
//! `copy:rollout(policy [, cap])` in native code, and
//! `game:views_for(name, list)`: each checked against the engines, charged
//! to the budget, and reproducible from the seed.

use ludus::core::dice::Dice;
use ludus::core::game::{Game, Turn};
use ludus::core::log::Silent;
use ludus::core::native_policies::NativePolicies;
use ludus::core::presentation::Presentation;
use ludus::core::seed::{Stream, stream};
use ludus::games::chess::{FourSeasons, GrandeAcedrex};
use ludus::games::dice::half_hazard::HalfHazard;
use ludus::games::morris::{Alquerque, NineMen, ThreeMen};
use ludus::games::rithmomachy::Rithmomachy;
use ludus::runner::on_bot_error::OnBotError;

use crate::support::{cell, decide, failure, midgame, options, script, transcript};

fn pool(threads: usize) -> rayon::ThreadPool {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap()
}

/// Runs `body` as the body of `choose(game, moves)` on `game` (it must
/// return a move); a failed assertion fails the test with its message.
fn check_on<G: Game + NativePolicies + NativePolicies>(game: &G, body: &str) -> String {
    let path = script(
        "search",
        &format!("function choose(game, moves)\n{body}\nend\n"),
    );
    let m =
        decide::<G>(&format!("lua:{path}"), game, 1).unwrap_or_else(|e| panic!("{}", e.message));
    m.to_string()
}

fn rithmomachy() -> Rithmomachy {
    Rithmomachy::new(&options::<Rithmomachy>(&[])).unwrap()
}

/// A Half Hazard game at its first decision.
fn half_hazard() -> HalfHazard {
    let mut g = HalfHazard::new(&options::<HalfHazard>(&[])).unwrap();
    let mut dice = Dice::seeded(stream(3, Stream::Dice));
    while g.turn() == Turn::Chance {
        g.chance(&mut dice, &mut Silent);
    }
    g
}

/// A Lua function `same(a, b)` that compares two views deeply.
const SAME: &str = r#"
local function same(a, b)
  if type(a) ~= type(b) then return false end
  if type(a) ~= "table" then return a == b end
  for k, v in pairs(a) do if not same(v, b[k]) then return false end end
  for k in pairs(b) do if a[k] == nil then return false end end
  return true
end
"#;

#[test]
fn copy_is_clone_under_a_new_name() {
    check_on(
        &rithmomachy(),
        r#"
        local a, b = game:copy(), game:clone()
        a:play(moves[1]); b:play(moves[1])
        assert(a:ply() == 1 and b:ply() == 1 and game:ply() == 0)
        assert(tostring(a:moves()) == tostring(b:moves()))
        local c = a:copy()
        c:play(1)
        assert(c:ply() == 2 and a:ply() == 1)
        return 1"#,
    );
}

#[test]
fn a_copy_of_a_dice_game_throws_its_own_dice_after_a_move() {
    let g = half_hazard();
    let Turn::Decide(seat) = g.turn() else {
        unreachable!()
    };
    let body = format!(
        r#"
        local ply = game:ply()
        local copy = game:copy()
        copy:play("throw")
        -- The copy threw: it waits for a decision again, or is over.
        assert(copy:over() or copy:to_move() ~= nil, "the copy resolved its dice")
        assert(copy:ply() > ply, "it threw at least once: " .. copy:ply())
        assert(game:ply() == ply and game:to_move() == {s}, "the game is untouched")
        -- Copies throw different dice: among 40 copies the throws differ.
        local seen, kinds = {{}}, 0
        for k = 1, 40 do
          local c = game:copy()
          c:play("throw")
          local t = c:view("table").last_total
          if not seen[t] then seen[t] = true; kinds = kinds + 1 end
        end
        assert(kinds > 3, "the copies' dice differ: " .. kinds .. " totals")
        -- A copy played on to the end: an outcome and payoffs that sum to 0.
        local c = game:copy()
        while not c:over() do c:play(c:moves()[1]) end
        assert(c:outcome() and c:payoff(1) + c:payoff(2) == 0)
        return "stop""#,
        s = seat + 1
    );
    assert_eq!(check_on(&g, &body), "stop");
}

/// A script that plays copies of a dice game and rolls them out, then
/// decides by what its copies showed: reproducible, yet the game's dice and
/// the seat's own stream are untouched (it plays the native random games
/// when it decides by `math.random` alone).
const DICE_SEARCHER: &str = r#"
function choose(game, moves)
  local sum = 0
  for k = 1, 3 do
    local c = game:copy()
    c:play(moves[#moves])
    if not c:over() then c:rollout("random", 4) end
    sum = sum + c:ply()
  end
  if DECIDE_BY_COPIES then return (sum % #moves) + 1 end
  return math.random(#moves)
end
"#;

#[test]
fn copies_and_rollouts_leave_the_games_dice_and_the_seats_stream_alone() {
    let path = script("dice_searcher", DICE_SEARCHER);
    let spec = format!("lua:{path}");
    for seed in 0..6 {
        assert_eq!(
            transcript::<HalfHazard>(&[], &["random", "random"], seed).unwrap(),
            transcript::<HalfHazard>(&[], &[&spec, &spec], seed).unwrap(),
            "seed {seed}"
        );
    }
}

#[test]
fn what_copies_throw_follows_from_the_seed_whatever_the_threads() {
    let path = script(
        "dice_decider",
        &format!("DECIDE_BY_COPIES = true\n{DICE_SEARCHER}"),
    );
    let spec = format!("lua:{path}");
    let seats = [spec.as_str(), "threshold:1"];
    let games = 1_500;
    let one = pool(1).install(|| cell::<HalfHazard>(&[], &seats, games, OnBotError::Stop).unwrap());
    let two = pool(2).install(|| cell::<HalfHazard>(&[], &seats, games, OnBotError::Stop).unwrap());
    assert_eq!(one, two);
    // And it does depend on the copies: not the games of `random`.
    let random =
        cell::<HalfHazard>(&[], &["random", "threshold:1"], games, OnBotError::Stop).unwrap();
    assert_ne!(one, random);
    for seed in 0..3 {
        assert_eq!(
            transcript::<HalfHazard>(&[], &seats, seed).unwrap(),
            transcript::<HalfHazard>(&[], &seats, seed).unwrap()
        );
    }
}

#[test]
fn rollout_plays_a_copy_to_its_end_or_its_cap() {
    let g = midgame(20, 4);
    check_on(
        &g,
        r#"
        local me = game:seat()
        local c = game:copy()
        local ply = c:ply()
        assert(c:rollout("random", 0) == nil and c:ply() == ply, "a cap of 0 plays nothing")
        assert(c:rollout("random", 7) == nil and c:ply() == ply + 7, "seven decisions: " .. c:ply())
        local o = c:rollout("random")
        assert(c:over() and o ~= nil, "played to the end")
        assert(o.reason == c:outcome().reason and #o.places == 2)
        assert(table.concat(o.winners, ",") == table.concat(c:outcome().winners, ","))
        assert(c:rollout("random") ~= nil, "a finished copy rolls out to its outcome again")
        assert(c:moves()[1] == nil)
        assert(game:ply() == ply and game:to_move() == me, "the game is untouched")
        -- Two rollouts of two copies play different games.
        local lengths = {}
        for k = 1, 5 do
          local d = game:copy()
          d:rollout("random")
          lengths[d:ply()] = true
        end
        local n = 0
        for _ in pairs(lengths) do n = n + 1 end
        assert(n > 1, "rollouts differ")
        assert(game:copy():rollout("random", 3.0) == nil, "a whole float is a cap")
        return 1"#,
    );
}

#[test]
fn rollout_takes_the_games_own_policies_and_refuses_searches_and_scripts() {
    check_on(
        &half_hazard(),
        r#"
        for _, p in ipairs({"random", "threshold:0", "threshold:3"}) do
          local c = game:copy()
          local o = c:rollout(p)
          assert(o and c:over(), p)
        end
        for _, bad in ipairs({"mcts:10", "alphabeta:2", "lua:scripts/random.lua", "bogus", "random:3", "threshold:x"}) do
          local ok, e = pcall(function() return game:copy():rollout(bad) end)
          assert(not ok and e:find("rollout: "), bad .. ": " .. tostring(e))
        end
        local ok, e = pcall(function() return game:copy():rollout("mcts:10") end)
        assert(e:find("random, threshold"), e)
        local ok, e = pcall(function() return game:rollout("random") end)
        assert(not ok and e:find("read%-only"), e)
        local ok, e = pcall(function() return game:copy():rollout("random", -1) end)
        assert(not ok and e:find("the cap"), e)
        local ok, e = pcall(function() return game:copy():rollout("random", 1.5) end)
        assert(not ok and e:find("the cap"), e)
        local ok, e = pcall(function() return game:copy():rollout(("r"):rep(300)) end)
        assert(not ok and e:find("at most 256 bytes"), e)
        local ok, e = pcall(function() return game:views_for(("v"):rep(300), moves) end)
        assert(not ok and e:find("at most 256 bytes"), e)
        return 1"#,
    );
}

#[test]
fn a_rollout_with_threshold_plays_the_native_thresholds_game() {
    // From the start of a game the copy's rollout and the native policies
    // throw different dice, so compare what is fixed: with threshold:0
    // every thrower stops at once, so a turn is one throw.
    check_on(
        &half_hazard(),
        r#"
        local c = game:copy()
        c:play("stop")
        local turns = c:view("table").turns
        c:rollout("threshold:0", 4)
        assert(c:over() or c:view("table").turns == turns + 4, "four turns of one throw each")
        return 1"#,
    );
}

#[test]
fn rollouts_are_charged_per_ply_and_bounded_in_time() {
    let path = script(
        "rollout_budget",
        "function choose(g, m)\n  local c = g:copy()\n  c:rollout(\"random\")\n  return 1\nend",
    );
    let m = failure::<Rithmomachy>(
        &format!("lua:{path}{{max_instructions=30000}}"),
        &rithmomachy(),
    );
    assert!(
        m.contains("exceeded its instruction budget of 30000") && m.contains(":3:"),
        "{m}"
    );
    let path = script(
        "rollout_time",
        "function choose(g, m)\n  while true do g:copy():rollout(\"random\") end\nend",
    );
    let m = failure::<Rithmomachy>(
        &format!("lua:{path}{{max_instructions=1099511627776, max_seconds=0.2}}"),
        &rithmomachy(),
    );
    assert!(m.contains("exceeded its time limit"), "{m}");
    // What the copies hold, rolled out or not, counts toward memory.
    let path = script(
        "rollout_memory",
        "local keep = {}\nfunction choose(g, m)\n  for i = 1, 1e8 do local c = g:copy(); c:rollout(\"random\", 30); keep[i] = c end\nend",
    );
    let m = failure::<Rithmomachy>(
        &format!("lua:{path}{{max_instructions=1099511627776, max_memory_mb=8}}"),
        &rithmomachy(),
    );
    assert!(m.contains("exceeded its memory limit of 8 MiB"), "{m}");
}

/// Checks in a script that `views_for(name, moves)` gives, move by move,
/// what `view(name, move)` gives, in `game` and in a copy one move on.
fn views_for_is_view_per_move<G: Game + NativePolicies + NativePolicies>(game: &G, names: &[&str]) {
    for name in names {
        check_on(
            game,
            &format!(
                r#"{SAME}
                local function agree(g, list)
                  local all = g:views_for("{name}", list)
                  for i = 1, #list do
                    assert(same(all[i], g:view("{name}", list[i])), "{name} of move " .. i)
                  end
                  return #list
                end
                assert(agree(game, moves) == #moves)
                local c = game:copy()
                c:play(1)
                if not c:over() then agree(c, c:moves()) end
                -- A table of moves, in another order.
                local mixed = {{}}
                for i = 1, #moves do mixed[i] = moves[#moves + 1 - i] end
                agree(game, mixed)
                assert(#game:views_for("{name}", {{}}) == 0)
                return 1"#
            ),
        );
    }
}

#[test]
fn views_for_gives_the_view_of_each_move_in_every_game() {
    let mut checked = 0;
    for seed in 0..4 {
        let g = midgame(40, seed);
        if g.turn() != Turn::Over {
            views_for_is_view_per_move(&g, &["capture_value", "captures"]);
            checked += 1;
        }
    }
    assert!(checked >= 2);
    let mut alquerque = Alquerque::new(&options::<Alquerque>(&[("first", "seat1")])).unwrap();
    let mut nine = NineMen::new(&options::<NineMen>(&[("first", "seat1")])).unwrap();
    let mut acedrex = GrandeAcedrex::new(&options::<GrandeAcedrex>(&[])).unwrap();
    let mut seasons = FourSeasons::new(&options::<FourSeasons>(&[])).unwrap();
    let mut rng = stream(5, Stream::Seat(0));
    // A few random moves in, where some moves take.
    fn advance<G: Game + NativePolicies + NativePolicies>(
        g: &mut G,
        plies: usize,
        rng: &mut ludus::core::seed::Rng,
    ) {
        let mut v = Vec::new();
        for _ in 0..plies {
            if !matches!(g.turn(), Turn::Decide(_)) {
                break;
            }
            g.legal_moves(&mut v);
            let i = ludus::core::seed::below(rng, v.len() as u32) as usize;
            g.play(v[i], &mut Silent);
        }
    }
    advance(&mut alquerque, 6, &mut rng);
    advance(&mut nine, 12, &mut rng);
    advance(&mut acedrex, 30, &mut rng);
    advance(&mut seasons, 1, &mut rng);
    views_for_is_view_per_move(&alquerque, &["takes"]);
    views_for_is_view_per_move(&nine, &["takes"]);
    views_for_is_view_per_move(&acedrex, &["takes"]);
    views_for_is_view_per_move(&seasons, &["takes"]);
}

#[test]
fn views_for_takes_any_view_arguments_and_says_which_one_failed() {
    let g = midgame(30, 2);
    let json = g.to_json();
    let squares: Vec<String> = json["pieces"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| format!("\"{}\"", p["at"].as_str().unwrap()))
        .collect();
    check_on(
        &g,
        &format!(
            r#"{SAME}
            local squares = {{{list}}}
            local ps = game:views_for("piece", squares)
            assert(#ps == #squares)
            for i, sq in ipairs(squares) do
              assert(ps[i].square == sq and same(ps[i], game:view("piece", sq)), sq)
            end
            -- An empty square's view is nil: walk the result by the list's length.
            local t = game:views_for("piece", {{"a1", squares[1]}})
            assert(t[2].square == squares[1])
            local ok, e = pcall(function() return game:views_for("capture_value", {{moves[1], "z99-z98"}}) end)
            assert(not ok and e:find("views_for: argument 2:"), e)
            local ok, e = pcall(function() return game:views_for("nope", moves) end)
            assert(not ok and e:find("has no view `nope`"), e)
            local ok, e = pcall(function() return game:views_for("capture_value", 3) end)
            assert(not ok and e:find("a list of moves"), e)
            local ok, e = pcall(function() return game:views_for("capture_value", {{{{}}}}) end)
            assert(not ok and e:find("argument 1: a view's argument"), e)
            return 1"#,
            list = squares.join(", ")
        ),
    );
}

#[test]
fn views_for_is_charged_for_each_argument() {
    // 2,000 arguments of `pieces` (every piece, some 15,000 instructions
    // each time): far past a budget that five of them fit in.
    let path = script(
        "views_for_budget",
        "function choose(g, m)\n  local t = {}\n  for i = 1, 2000 do t[i] = i end\n  g:views_for(\"pieces\", t)\n  return 1\nend",
    );
    let m = failure::<Rithmomachy>(
        &format!("lua:{path}{{max_instructions=200000}}"),
        &rithmomachy(),
    );
    assert!(
        m.contains("exceeded its instruction budget of 200000"),
        "{m}"
    );
    let path = script(
        "views_for_one",
        "function choose(g, m)\n  local t = {}\n  for i = 1, 5 do t[i] = i end\n  g:views_for(\"pieces\", t)\n  return 1\nend",
    );
    decide::<Rithmomachy>(
        &format!("lua:{path}{{max_instructions=200000}}"),
        &rithmomachy(),
        1,
    )
    .unwrap();
}

/// The greedy bots as they were before `views_for`: one view per move.
const OLD_RITHMOMACHY_GREEDY: &str = r#"
function choose(game, moves)
  local best, ties = -1, {}
  for i = 1, #moves do
    local v = game:view("capture_value", moves[i])
    if v > best then
      best, ties = v, {i}
    elseif v == best then
      ties[#ties + 1] = i
    end
  end
  return ties[math.random(#ties)]
end
"#;

const OLD_MORRIS_GREEDY: &str = r#"
function choose(game, moves)
  local best, ties = -1, {}
  for i = 1, #moves do
    local n = #game:view("takes", moves[i])
    if n > best then
      best, ties = n, {i}
    elseif n == best then
      ties[#ties + 1] = i
    end
  end
  return ties[math.random(#ties)]
end
"#;

const OLD_LOOKAHEAD: &str = r#"
-- Rithmomachy, two plies deep: for each move, what it captures minus the
-- most the opponent can capture in reply; the best balance wins, ties
-- broken at random. A move that wins the game outright is taken at once.
local me

function init(info)
  me = info.seat
end

local function best_reply(copy)
  if copy:over() then return 0 end
  local replies = copy:moves()
  local most = 0
  for j = 1, #replies do
    local v = copy:view("capture_value", replies[j])
    if v > most then most = v end
  end
  return most
end

function choose(game, moves)
  local best, ties = nil, {}
  for i = 1, #moves do
    local m = moves[i]
    local gain = game:view("capture_value", m)
    local copy = game:clone()
    copy:play(m)
    if copy:winner() == me then return m end
    local score = gain - best_reply(copy)
    if best == nil or score > best then
      best, ties = score, {i}
    elseif score == best then
      ties[#ties + 1] = i
    end
  end
  return ties[math.random(#ties)]
end
"#;

const OLD_CHESS_GREEDY: &str = r#"
-- Grande Acedrex and Four Seasons: takes the most valuable piece it can,
-- counting as lost the mover's value when the square it lands on is
-- attacked (so it neither hangs a piece for nothing nor gives a rook for a
-- pawn). The best net gain wins; at equal gain a trade comes before a quiet
-- move; ties at random. With two dice (Four Seasons, dice=two) it first
-- chooses the die whose kind offers the best such move, trying each on a copy.

-- Rough worth of each kind, by its reach; a king outweighs everything, since
-- taking one puts its seat out of the game.
local VALUE = {
  pawn = 1, general = 2, bishop = 2, giraffe = 3, knight = 3,
  crocodile = 4, lion = 4, rook = 5, unicorn = 6, aanca = 8, king = 100,
}
-- A die that loses the turn is worth less than a quiet move, more than a
-- piece given away.
local LOST_TURN = -0.5

-- What moving from `from` to `to` gains: the piece taken (if any) less the
-- mover if it can be taken there. A king is never left attacked by a legal
-- move, so only other pieces risk being taken back.
local function net(game, from, to, taken)
  local gain = taken and VALUE[taken] or 0
  local kind = game:view("square", from).kind
  if kind ~= "king" and game:view("attacked", to) then
    gain = gain - VALUE[kind]
  end
  return gain
end

local function squares(text)
  return string.match(text, "^(%a%d+)[-x](%a%d+)")
end

-- The net gain of the best move of `game` (the game or a copy where the
-- script's seat is to move) and the index of one such move. A move written
-- with `x` takes; the quiet ones are probed in random order for a safe
-- one, which is a uniform draw among the safe quiet moves without looking
-- at them all (most decisions have dozens).
local function best_move(game, moves)
  local best, ties = nil, {}
  local quiet = {}
  for i = 1, #moves do
    local text = moves:text(i)
    local from, to = squares(text)
    if string.find(text, "x", 1, true) then
      local gain = net(game, from, to, game:view("takes", moves[i]))
      if best == nil or gain > best then
        best, ties = gain, {i}
      elseif gain == best then
        ties[#ties + 1] = i
      end
    else
      quiet[#quiet + 1] = i
    end
  end
  if best ~= nil and best >= 0 then
    return best, ties[math.random(#ties)]
  end
  -- No trade breaks even: a safe quiet move if there is one, else the
  -- least bad of everything.
  local unsafe = {}
  while #quiet > 0 do
    local k = math.random(#quiet)
    local i = quiet[k]
    quiet[k] = quiet[#quiet]
    quiet[#quiet] = nil
    local from, to = squares(moves:text(i))
    local gain = from and net(game, from, to, nil) or 0
    if gain == 0 then return 0, i end
    unsafe[#unsafe + 1] = {i, gain}
  end
  for _, u in ipairs(unsafe) do
    if best == nil or u[2] > best then
      best, ties = u[2], {u[1]}
    elseif u[2] == best then
      ties[#ties + 1] = u[1]
    end
  end
  return best, ties[math.random(#ties)]
end

-- With two dice the moves are the dice (`die:4`): the one whose best move
-- gains most, each played on a copy.
local function choose_die(game, moves)
  local me = game:seat()
  local best, ties = nil, {}
  for i = 1, #moves do
    local copy = game:clone()
    copy:play(moves[i])
    local gain = LOST_TURN
    if copy:to_move() == me then
      local replies = copy:moves()
      if #replies > 0 then gain = best_move(copy, replies) end
    end
    if best == nil or gain > best then
      best, ties = gain, {i}
    elseif gain == best then
      ties[#ties + 1] = i
    end
  end
  return ties[math.random(#ties)]
end

function choose(game, moves)
  if string.find(moves:text(1), "^die:") then
    return choose_die(game, moves)
  end
  local _, i = best_move(game, moves)
  return i
end
"#;

#[test]
fn the_greedy_bots_play_the_same_games_with_views_for() {
    let old = script("old_greedy", OLD_RITHMOMACHY_GREEDY);
    let old = format!("lua:{old}");
    let new = "lua:scripts/rithmomachy/greedy.lua";
    for seed in 0..3 {
        assert_eq!(
            transcript::<Rithmomachy>(&[], &[&old, "random"], seed).unwrap(),
            transcript::<Rithmomachy>(&[], &[new, "random"], seed).unwrap(),
            "seed {seed}"
        );
    }
    let old = script("old_morris", OLD_MORRIS_GREEDY);
    let old = format!("lua:{old}");
    let new = "lua:scripts/morris/greedy.lua";
    for seed in 0..3 {
        assert_eq!(
            transcript::<Alquerque>(&[("first", "seat1")], &[&old, "random"], seed).unwrap(),
            transcript::<Alquerque>(&[("first", "seat1")], &[new, "random"], seed).unwrap(),
            "seed {seed}"
        );
    }
    let old = script("old_lookahead", OLD_LOOKAHEAD);
    let old = format!("lua:{old}");
    let new = "lua:scripts/rithmomachy/lookahead.lua";
    for seed in 0..2 {
        assert_eq!(
            transcript::<Rithmomachy>(&[], &["random", &old], seed).unwrap(),
            transcript::<Rithmomachy>(&[], &["random", new], seed).unwrap(),
            "seed {seed}"
        );
    }
    // The chess bot without dice (with two dice it now also checks that a
    // die kept its turn: a copy plays on through the next seats' throws).
    let old = script("old_chess", OLD_CHESS_GREEDY);
    let old = format!("lua:{old}");
    let new = "lua:scripts/chess/greedy.lua";
    let cap = [("cap", "300")];
    for seed in 0..2 {
        assert_eq!(
            transcript::<GrandeAcedrex>(&cap, &[&old, "random"], seed).unwrap(),
            transcript::<GrandeAcedrex>(&cap, &[new, "random"], seed).unwrap(),
            "seed {seed}"
        );
        assert_eq!(
            transcript::<FourSeasons>(&cap, &[&old, "random", new, "random"], seed).unwrap(),
            transcript::<FourSeasons>(&cap, &[new, "random", &old, "random"], seed).unwrap(),
            "seed {seed}"
        );
    }
}

const MCTS: &str = "lua:scripts/mcts.lua";

#[test]
fn mcts_lua_beats_random_at_three_mens_morris() {
    let opts = [("first", "seat1")];
    let spec = format!("{MCTS}{{playouts=60}}");
    let first = cell::<ThreeMen>(&opts, &[&spec, "random"], 20, OnBotError::Stop).unwrap();
    let second = cell::<ThreeMen>(&opts, &["random", &spec], 20, OnBotError::Stop).unwrap();
    assert!(
        first.wins[0] >= 16 && first.wins[1] == 0,
        "mcts.lua first: {:?}",
        first.wins
    );
    assert!(
        second.wins[1] >= 12 && second.wins[0] <= 2,
        "mcts.lua second: {:?}",
        second.wins
    );
}

#[test]
fn mcts_lua_plays_dice_games_the_same_whatever_the_threads() {
    let spec = format!("{MCTS}{{playouts=20}}");
    let seats = [spec.as_str(), "threshold:1"];
    let one = pool(1).install(|| cell::<HalfHazard>(&[], &seats, 60, OnBotError::Stop).unwrap());
    let two = pool(2).install(|| cell::<HalfHazard>(&[], &seats, 60, OnBotError::Stop).unwrap());
    assert_eq!(one, two);
    let opts = [("first", "seat1")];
    let seats = [spec.as_str(), "random"];
    let one = pool(1).install(|| cell::<ThreeMen>(&opts, &seats, 10, OnBotError::Stop).unwrap());
    let two = pool(2).install(|| cell::<ThreeMen>(&opts, &seats, 10, OnBotError::Stop).unwrap());
    assert_eq!(one, two);
}
