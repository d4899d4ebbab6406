//! The native search policies, `mcts` and `alphabeta`, over the `Game`
//! trait only: they beat random play, find a forced win, refuse what they
//! cannot play, and decide the same from the same seed whatever the
//! threads.

use ludus::core::game::{Game, Turn};
use ludus::core::log::Silent;
use ludus::core::native_policies::NativePolicies;
use ludus::core::options::Options;
use ludus::core::policy::Policy;
use ludus::core::seed::{Stream, stream};
use ludus::games::chess::{FourSeasons, GrandeAcedrex};
use ludus::games::dice::half_hazard::HalfHazard;
use ludus::games::morris::ThreeMen;
use ludus::policies::policy_error::PolicyError;
use ludus::policies::policy_spec::PolicySpec;
use ludus::policies::settings_error::SettingsError;
use ludus::registry;
use ludus::runner::batch::run_cell;
use ludus::runner::cell::Cell;
use ludus::runner::tally::Tally;

mod star_pruning;

pub fn options(game: &str, given: &[(&str, &str)]) -> Options {
    let entry = registry::find(game).unwrap();
    let given: Vec<(String, String)> = given
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    Options::resolve(entry.option_specs(), &given).unwrap()
}

fn cell<G: Game + NativePolicies>(
    given: &[(&str, &str)],
    seats: &str,
    games: u64,
    threads: usize,
) -> Tally {
    let opts = options(G::NAME, given);
    let players = registry::find(G::NAME).unwrap().players(&opts).unwrap();
    let seats = PolicySpec::parse_seats(seats, players, G::NAME).unwrap();
    let plan = Cell::single::<G>(opts, seats, games, 7).unwrap();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap();
    pool.install(|| run_cell::<G>(&plan)).unwrap()
}

/// Three men's morris, seat 1 moving first: UCT with 300 playouts and
/// alpha-beta to depth 6 win nearly every game against random, from
/// either seat.
#[test]
fn search_beats_random_in_three_mens_morris() {
    let first = [("first", "seat1")];
    for (seats, me) in [
        ("mcts:300,random", 0),
        ("random,mcts:300", 1),
        ("alphabeta:6,random", 0),
        ("random,alphabeta:6", 1),
    ] {
        let t = cell::<ThreeMen>(&first, seats, 60, 2);
        assert!(t.wins[me] >= 50, "{seats}: {:?}", t.wins);
        // A depth-limited search may still walk into a loss deeper than
        // it looks (the game is a draw with best play): now and then.
        assert!(t.wins[1 - me] <= 2, "{seats}: {:?}", t.wins);
    }
}

/// A game with dice and a decision (Half Hazard) and one of four seats
/// (Four Seasons with a die): mcts plays them, and its reports do not
/// depend on the thread count.
#[test]
fn mcts_plays_chance_and_four_seats_alike_whatever_the_threads() {
    let one = cell::<HalfHazard>(&[], "mcts:60,random", 24, 1);
    assert_eq!(one, cell::<HalfHazard>(&[], "mcts:60,random", 24, 2));
    assert_eq!(one.games, 24);
    let four = [("dice", "one"), ("cap", "120")];
    let seats = "mcts:20,random,mcts:20,random";
    let one = cell::<FourSeasons>(&four, seats, 24, 1);
    assert_eq!(one, cell::<FourSeasons>(&four, seats, 24, 2));
    assert_eq!(one.games, 24);
}

/// White mates in one (two rooks on an edge; a black pawn keeps the
/// material short of a win): alphabeta finds it at every
/// depth, and mcts with a few hundred playouts or with one per move.
#[test]
fn search_finds_a_mate_in_one() {
    let text = r#"{"to_move": "white", "king_leap": [], "board": [
        ". . . . . . . . . . . k",
        ". R . . . . . . . . . .",
        ". . . . . . . . . . . .",
        ". . . . . . . . . . . .",
        ". . . . . . . . . . . .",
        ". . . . . . . . . . . .",
        ". . . . . p . . . . . .",
        ". . . . . . . . . . . .",
        ". . . . . . . . . . . .",
        ". . . . . . . . . . . .",
        ". . . . . . . . . . . .",
        "K . R . . . . . . . . ."]}"#;
    let opts = options("grande-acedrex", &[]);
    let game = GrandeAcedrex::from_position(&opts, text).unwrap();
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    // With exactly one playout per move, each cut short after one reply and scored
    // by the material, every move is visited once: the mate must be chosen
    // by what its playout gave, not by where the game lists it.
    let once = format!("mcts:{},cap=1", moves.len());
    for spec in ["alphabeta:1", "alphabeta:3", "mcts:400", &once] {
        let mut p: Box<dyn Policy<GrandeAcedrex>> =
            PolicySpec::parse(spec).unwrap().build_for(&opts).unwrap();
        let mut rng = stream(3, Stream::Seat(0));
        let i = p.choose(&game, &moves, &mut rng).unwrap();
        let mut after = game.clone();
        after.play(moves[i], &mut Silent);
        assert_eq!(after.turn(), Turn::Over, "{spec} chose {}", moves[i]);
        assert_eq!(after.outcome().unwrap().sole_winner(), Some(0), "{spec}");
    }
}

/// alphabeta refuses games of more than two seats and games whose throws
/// it cannot list, naming the reason, before any game is played.
#[test]
fn alphabeta_refuses_more_than_two_seats_and_takes_listed_dice() {
    let refuse = |game: &str, given: &[(&str, &str)], needle: &str| {
        let entry = registry::find(game).unwrap();
        let o = entry.options_in_force(&options(game, given)).unwrap();
        let err = entry
            .check_policy(&PolicySpec::parse("alphabeta:3").unwrap(), &o)
            .unwrap_err();
        assert!(
            matches!(err, PolicyError::AlphaBetaSeats { .. }),
            "{game}: {err:?}"
        );
        let err = err.to_string();
        assert!(err.contains(needle), "{game}: {err}");
    };
    refuse("four-seasons", &[], "two seats");
    refuse("hazard", &[("players", "3")], "two seats");
    // Half Hazard's dice come a throw at a time, each listed: accepted.
    let entry = registry::find("half-hazard").unwrap();
    let o = entry
        .options_in_force(&options("half-hazard", &[]))
        .unwrap();
    assert!(
        entry
            .check_policy(&PolicySpec::parse("alphabeta:3").unwrap(), &o)
            .is_ok()
    );
    let bad = |spec: &str, is: fn(&SettingsError) -> bool, needle: &str| {
        let err = PolicySpec::parse(spec)
            .unwrap()
            .build_for::<GrandeAcedrex>(&options("grande-acedrex", &[]))
            .err()
            .unwrap();
        assert!(
            matches!(&err, PolicyError::Settings(s) if is(s)),
            "{spec}: {err:?}"
        );
        let err = err.to_string();
        assert!(err.contains(needle), "{spec}: {err}");
    };
    bad(
        "alphabeta",
        |e| matches!(e, SettingsError::NoBudget { .. }),
        "takes its depth",
    );
    bad(
        "alphabeta:0",
        |e| matches!(e, SettingsError::BadBudget { .. }),
        "at least 1",
    );
    bad(
        "mcts:10,k=2",
        |e| matches!(e, SettingsError::UnknownSetting { .. }),
        "no setting `k`",
    );
    bad(
        "mcts:10,c=-1",
        |e| matches!(e, SettingsError::NotNumber { .. }),
        "at least 0",
    );
}

/// Grande Acedrex with the eight-sided die (seed 004: the die names the
/// piece that moves): alphabeta weighs each throw over its eight faces
/// (expectiminimax) and, looking one decision ahead, beats random from
/// either seat.
#[test]
fn alphabeta_searches_grande_acedrex_with_the_die_by_expectation() {
    let d8 = [("dice", "d8"), ("cap", "400")];
    for (seats, me) in [("alphabeta:1,random", 0), ("random,alphabeta:1", 1)] {
        let t = cell::<GrandeAcedrex>(&d8, seats, 4, 2);
        assert!(
            t.wins[me] >= 3 && t.wins[1 - me] == 0,
            "{seats}: {:?}",
            t.wins
        );
    }
}

/// A refused search parameter says which setting it is about, in the
/// words users read before the errors were typed.
#[test]
fn refused_settings_name_their_key_in_the_same_words() {
    use ludus::policies::alphabeta::AlphaBetaSettings;
    use ludus::policies::mcts::MctsSettings;
    let e = MctsSettings::parse(Some("10,c=-1")).unwrap_err();
    assert!(
        matches!(&e, SettingsError::NotNumber { key, value } if key == "c" && value == "-1"),
        "{e:?}"
    );
    assert_eq!(
        e.to_string(),
        "setting `c` takes a number of at least 0, not `-1`"
    );
    // The variant, then the words.
    let text = |e: SettingsError, is: fn(&SettingsError) -> bool| {
        assert!(is(&e), "{e:?}");
        e.to_string()
    };
    assert_eq!(
        text(MctsSettings::parse(Some("10,k=2")).unwrap_err(), |e| {
            matches!(e, SettingsError::UnknownSetting { key, .. } if key == "k")
        }),
        "policy `mcts` has no setting `k` (settings: c, cap, keep)"
    );
    assert_eq!(
        text(MctsSettings::parse(Some("x")).unwrap_err(), |e| {
            matches!(e, SettingsError::BadBudget { text, .. } if text == "x")
        }),
        "policy `mcts` takes its playouts and optional settings: mcts:N[,c=...][,cap=...][,keep=...]; \
         `x` is not a whole number of playouts of at least 1"
    );
    assert_eq!(
        text(MctsSettings::parse(Some("10,cap")).unwrap_err(), |e| {
            matches!(e, SettingsError::NotKeyValue { text, .. } if text == "cap")
        }),
        "policy `mcts` takes its playouts and optional settings: mcts:N[,c=...][,cap=...][,keep=...]; \
         `cap` is not key=value"
    );
    assert_eq!(
        text(MctsSettings::parse(Some("10,cap=0")).unwrap_err(), |e| {
            matches!(e, SettingsError::NotWhole { key, .. } if key == "cap")
        }),
        "setting `cap` takes a whole number of at least 1, not `0`"
    );
    assert_eq!(
        text(MctsSettings::parse(Some("200000000")).unwrap_err(), |e| {
            matches!(e, SettingsError::TooManyPlayouts { .. })
        }),
        "policy `mcts`: at most 100000000 playouts a decision"
    );
    assert_eq!(
        text(AlphaBetaSettings::parse(None).unwrap_err(), |e| {
            matches!(e, SettingsError::NoBudget { .. })
        }),
        "policy `alphabeta` takes its depth and optional settings: alphabeta:N[,nodes=...]"
    );
    assert_eq!(
        text(AlphaBetaSettings::parse(Some("65")).unwrap_err(), |e| {
            matches!(e, SettingsError::TooDeep { most: 64 })
        }),
        "policy `alphabeta`: a depth of at most 64"
    );
    assert_eq!(
        text(
            AlphaBetaSettings::parse(Some("3,nodes=5,nodes=2")).unwrap_err(),
            |e| matches!(e, SettingsError::Twice { key, .. } if key == "nodes")
        ),
        "policy `alphabeta`: `nodes` is given twice"
    );
}

/// The same position reached by two move orders has one content hash; a
/// different position another.
#[test]
fn content_hashes_follow_what_the_board_holds() {
    let opts = options("grande-acedrex", &[]);
    let play = |moves: &[&str]| {
        let mut g = GrandeAcedrex::new(&opts).unwrap();
        let mut legal = Vec::new();
        for m in moves {
            g.legal_moves(&mut legal);
            let mv = *legal.iter().find(|x| x.to_string() == *m).unwrap();
            g.play(mv, &mut Silent);
        }
        g.content_hash().unwrap()
    };
    let a = play(&["a4-a5", "a9-a8", "l4-l5", "l9-l8"]);
    let b = play(&["l4-l5", "a9-a8", "a4-a5", "l9-l8"]);
    let c = play(&["l4-l5", "l9-l8", "a4-a5", "a9-a8"]);
    assert_eq!(a, b);
    assert_eq!(a, c);
    assert_ne!(a, play(&["a4-a5", "a9-a8", "l4-l5", "k9-k8"]));
}

/// Rithmomachy's evaluation (boardspace.net's robots' measure): zero-sum,
/// within -1..1, even at the start, and it moves with every capture, the
/// capturer's way; the content hash is Position::key.
#[test]
fn rithmomachy_evaluation_counts_pieces_and_half_their_value() {
    use ludus::games::rithmomachy::Rithmomachy;
    use ludus::games::rithmomachy::piece::Side;
    let opts = options("rithmomachy", &[("rules", "boardspace")]);
    let mut g = Rithmomachy::new(&opts).unwrap();
    assert_eq!(g.evaluate(0), Some(0.0));
    let mut rng = stream(3, Stream::Seat(0));
    let mut legal = Vec::new();
    let mut last = 0.0;
    let mut moved = 0;
    while let Turn::Decide(_) = g.turn() {
        g.legal_moves(&mut legal);
        let mv = legal[ludus::core::seed::below(&mut rng, legal.len() as u32) as usize];
        let mover = g.position().to_move();
        let before = g.position().captured(mover).pieces;
        g.play(mv, &mut Silent);
        let (w, b) = (g.evaluate(0).unwrap(), g.evaluate(1).unwrap());
        assert_eq!(w, -b);
        assert!((-1.0..=1.0).contains(&w), "{w}");
        let seat = if mover == Side::White { 0 } else { 1 };
        if g.position().captured(mover).pieces > before {
            assert!(g.evaluate(seat).unwrap() > if seat == 0 { last } else { -last });
            moved += 1;
        }
        last = w;
        assert_eq!(g.content_hash(), Some(g.position().key()));
    }
    assert!(moved > 0, "a random game with no capture");
}

/// A search tree has a bound (issue 55, defect 2): `mcts:N` grew about
/// 3 KB a playout in Rithmomachy without one, and a large budget aborted
/// the host. With a small bound the tree stops growing, the playouts still
/// run (the work counts every one) and the choice is a legal move; the
/// same budget without the bound keeps a node a playout.
#[test]
fn an_mcts_tree_stops_growing_at_its_bound() {
    use ludus::games::rithmomachy::Rithmomachy;
    use ludus::policies::mcts::{MAX_TREE_BYTES, Mcts, MctsSettings};
    let opts = options("rithmomachy", &[("rules", "dagonell")]);
    let g = Rithmomachy::new(&opts).unwrap();
    let mut moves = Vec::new();
    g.legal_moves(&mut moves);
    let settings = MctsSettings::parse(Some("2000,cap=20")).unwrap();
    let bound = 256 << 10;
    let mut small = Mcts::<Rithmomachy>::new(settings).with_tree_bytes(bound);
    let mut rng = stream(5, Stream::Seat(0));
    let pick = small.choose(&g, &moves, &mut rng).unwrap();
    assert!(pick < moves.len());
    assert_eq!(small.work(), 2000);
    // Past the bound by at most the one node listed when it was reached.
    let one_node = moves.len() * 128;
    assert!(
        small.tree_size() <= bound + one_node,
        "{} bytes",
        small.tree_size()
    );
    let mut free = Mcts::<Rithmomachy>::new(settings);
    free.choose(&g, &moves, &mut stream(5, Stream::Seat(0)))
        .unwrap();
    assert!(free.tree_size() > 4 * bound, "{} bytes", free.tree_size());
    assert!(free.tree_size() < MAX_TREE_BYTES);
}

/// `mcts` keeps the subtree of the position reached between a seat's
/// decisions (issue 60): in three men's morris, two searchers playing
/// each other find each new position among the replies their last
/// search tried, and start from the playouts it spent there; with
/// `keep=no` every decision starts afresh.
#[test]
fn mcts_keeps_the_subtree_of_the_position_reached() {
    use ludus::policies::mcts::{Mcts, MctsSettings};
    let opts = options("three-men", &[("first", "seat1")]);
    let play = |setting: &str| {
        let settings = MctsSettings::parse(Some(setting)).unwrap();
        let mut seats = [
            Mcts::<ThreeMen>::new(settings),
            Mcts::<ThreeMen>::new(settings),
        ];
        let mut rngs = [stream(3, Stream::Seat(0)), stream(3, Stream::Seat(1))];
        let mut g = ThreeMen::new(&opts).unwrap();
        let mut moves = Vec::new();
        let mut kept = Vec::new();
        // Twelve decisions: the game itself has no move limit.
        while let Turn::Decide(s) = g.turn() {
            if kept.len() == 12 {
                break;
            }
            g.legal_moves(&mut moves);
            let before = seats[s].reused();
            let k = seats[s].choose(&g, &moves, &mut rngs[s]).unwrap();
            kept.push(seats[s].reused() - before);
            g.play(moves[k], &mut Silent);
        }
        kept
    };
    // Each seat's first search has nothing to start from; every later
    // one starts from the playouts its last spent on the reply played.
    let kept = play("300");
    assert!(kept.len() >= 6, "{kept:?}");
    assert!(kept[..2].iter().all(|&k| k == 0), "{kept:?}");
    assert!(kept[2..].iter().all(|&k| k > 0), "{kept:?}");
    assert!(play("300,keep=no").iter().all(|&k| k == 0));
}

/// alphabeta's transposition table has a bound too (issue 55): with a
/// small one it stops storing new positions, the search still finishes
/// every depth and chooses a legal move; without it the same search
/// stores many times more.
#[test]
fn an_alphabeta_table_stops_growing_at_its_bound() {
    use ludus::games::rithmomachy::Rithmomachy;
    use ludus::policies::alphabeta::{AlphaBeta, AlphaBetaSettings};
    let opts = options("rithmomachy", &[("rules", "dagonell")]);
    let g = Rithmomachy::new(&opts).unwrap();
    let mut moves = Vec::new();
    g.legal_moves(&mut moves);
    let settings = AlphaBetaSettings::parse(Some("3")).unwrap();
    let mut small = AlphaBeta::<Rithmomachy>::new(settings).with_table_bytes(2 << 10);
    let pick = small
        .choose(&g, &moves, &mut stream(5, Stream::Seat(0)))
        .unwrap();
    assert!(pick < moves.len());
    assert!(small.table_bound() > 0);
    assert!(small.table_len() <= small.table_bound());
    let mut free = AlphaBeta::<Rithmomachy>::new(settings);
    free.choose(&g, &moves, &mut stream(5, Stream::Seat(0)))
        .unwrap();
    assert!(
        free.table_len() > 4 * small.table_bound(),
        "{} positions, bound {}",
        free.table_len(),
        small.table_bound()
    );
}
