//! `ludus games`.

use crate::cli::Failure;

/// Prints every game, its options and its policies.
pub fn games() -> Result<(), Failure> {
    println!("Policies every game takes (see docs/policies.md):");
    for line in GENERIC {
        println!("    {line}");
    }
    println!();
    for g in ludus::registry::games() {
        println!("{}  —  {}", g.name(), g.title());
        for o in g.option_specs() {
            println!(
                "    --opt {}=<{}>  (default {})  {}",
                o.name,
                o.values(),
                o.default,
                o.doc
            );
        }
        let mut policies = vec!["random".to_string(), "mcts:N".to_string()];
        // alphabeta where the default options allow it (two seats, throws it can list).
        let defaults = ludus::core::options::Options::defaults(g.option_specs());
        let probe = ludus::policies::policy_spec::PolicySpec::parse("alphabeta:1")
            .expect("a well-formed policy");
        if g.options_in_force(&defaults)
            .is_ok_and(|o| g.check_policy(&probe, &o).is_ok())
        {
            policies.push("alphabeta:D".to_string());
        }
        policies.push("lua:<script.lua>{params}".to_string());
        policies.extend(
            g.native_policies()
                .iter()
                .map(|p| format!("{} ({})", p.name, p.doc)),
        );
        println!("    policies: {}", policies.join("; "));
        for v in g.views() {
            println!("    view {}: {}", v.name, v.doc);
        }
        if !g.record_formats().is_empty() {
            println!(
                "    records read (ludus position {} --record FILE): {}",
                g.name(),
                g.record_formats().join(", ")
            );
        }
        println!();
    }
    Ok(())
}

/// The policies that play any game, one line each.
const GENERIC: &[&str] = &[
    "random: each legal decision with equal probability, from the seat's stream",
    "mcts:N[,c=C][,cap=P][,keep=yes|no]: Monte Carlo tree search (UCT), N playouts a decision, exploration C (default 1.414), random playouts cut after P decisions (default the game's: 40 in Rithmomachy, nine-men, alquerque and rabbit, 200 elsewhere) and scored by the game's evaluation; the tree kept between decisions unless keep=no; chance sampled; a reward per seat",
    "alphabeta:D[,nodes=N]: minimax with alpha-beta pruning to depth D by iterative deepening, best moves first, a transposition table, the game's evaluation at the leaves; at most N nodes a decision; a throw of the dice weighed over its outcomes (expectiminimax) where it has at most 512 ways to fall; games of two seats",
    "lua:<script.lua>{params}: a Lua script (see scripts/README.md)",
];
