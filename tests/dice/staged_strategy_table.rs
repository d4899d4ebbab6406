//! The table of optimal play made from the equilibrium solved by stages
//! (src/analysis/strategy_table.rs, `staged_strategy_table`) against the
//! one made from the whole game's: the same rows, terms, counts and rule
//! where both can be solved, and a rule in words that says how often it
//! agrees (src/analysis/strategy_rule.rs).

use ludus::analysis::equilibrium::Objective;
use ludus::analysis::staged_equilibrium::staged_equilibrium;
use ludus::analysis::strategy_rule::RuleNode;
use ludus::analysis::strategy_table::{StrategyTable, staged_strategy_table, strategy_table};
use ludus::core::game::Game;
use ludus::core::options::Options;
use ludus::core::presentation::Presentation;
use ludus::core::stages::Stages;
use ludus::games::dice::growing_hazard::GrowingHazard;
use ludus::games::dice::half_hazard::HalfHazard;

/// A row's seat, terms, and spans (from, to, choice).
type Choices = (usize, Vec<i64>, Vec<(i64, i64, String)>);

/// The choices of a table's rows, without the counts of mixed ones.
fn choices(t: &StrategyTable) -> Vec<Choices> {
    t.rows
        .iter()
        .map(|r| {
            let spans = r
                .spans
                .iter()
                .map(|s| {
                    let named: String = s.choice.chars().filter(|c| !c.is_ascii_digit()).collect();
                    (s.from, s.to, named)
                })
                .collect();
            (r.seat, r.given.clone(), spans)
        })
        .collect()
}

/// `counted_alike`: whether the whole game's states are each met from
/// one stage start only. Where the rules merge states met from two
/// starts (Growing Hazard's), the table by stages counts such a state
/// once for each, and only the choices are compared.
fn same_table<G: Game + Stages + Presentation>(given: &[(&str, &str)], counted_alike: bool) {
    let o = Options::of(G::option_specs(), given).unwrap();
    let g = G::new(&o).unwrap();
    for objective in [Objective::Win, Objective::Payoff] {
        let whole = strategy_table(&g, objective, 5_000_000).unwrap();
        let solved = staged_equilibrium(&g, objective, 5_000_000)
            .unwrap()
            .expect("the game plays in stages");
        let staged = staged_strategy_table(&solved, 50_000_000).unwrap();
        assert_eq!(whole.terms, staged.terms, "{given:?} {objective:?}");
        assert_eq!(whole.left_out, staged.left_out, "{given:?} {objective:?}");
        assert_eq!(choices(&whole), choices(&staged), "{given:?} {objective:?}");
        if counted_alike {
            assert_eq!(whole.decisions, staged.decisions, "{given:?} {objective:?}");
            assert_eq!(whole.rows, staged.rows, "{given:?} {objective:?}");
            assert_eq!(whole.rule, staged.rule, "{given:?} {objective:?}");
        } else {
            assert!(whole.decisions <= staged.decisions);
        }
        assert_eq!(staged.stage_starts, Some(solved.starts.games.len()));
        let rule = staged.rule.expect("decisions are made");
        assert_eq!(rule.decisions, staged.decisions);
        assert!(rule.agree <= rule.decisions);
    }
}

#[test]
fn half_hazard_tabled_by_stages_is_the_whole_table() {
    same_table::<HalfHazard>(&[("rounds", "2"), ("order", "fixed")], true);
    same_table::<HalfHazard>(&[("rounds", "3")], true);
}

#[test]
fn growing_hazard_tabled_by_stages_is_the_whole_table() {
    same_table::<GrowingHazard>(&[("rounds", "2")], false);
    same_table::<GrowingHazard>(
        &[("rounds", "3"), ("funds", "10"), ("order", "fixed")],
        false,
    );
}

/// Three turns of Half Hazard played for the win: the rule is exact, and
/// is the one a player would state: behind or level, throw until the
/// winnings would put you ahead, then stop; ahead, throw on.
#[test]
fn three_turns_of_half_hazard_have_a_rule_of_three_lines() {
    let o = Options::of(HalfHazard::option_specs(), &[("rounds", "3")]).unwrap();
    let t = strategy_table(&HalfHazard::new(&o).unwrap(), Objective::Win, 5_000_000).unwrap();
    let rule = t.rule.expect("decisions are made");
    assert_eq!(rule.agree, rule.decisions);
    let RuleNode::Split {
        low, high, at: 0, ..
    } = &rule.root
    else {
        panic!("{:?}", rule.root)
    };
    assert!(matches!(&**high, RuleNode::Choose { choice, .. } if choice == "throw"));
    let RuleNode::Split {
        low, high, at: 0, ..
    } = &**low
    else {
        panic!("{low:?}")
    };
    assert!(matches!(&**low, RuleNode::Choose { choice, .. } if choice == "throw"));
    assert!(matches!(&**high, RuleNode::Choose { choice, .. } if choice == "stop"));
}
