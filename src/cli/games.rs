//! `ludus games`.

use crate::cli::Failure;

/// Prints every game, its options and its policies.
pub fn games() -> Result<(), Failure> {
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
        let mut policies = vec![
            "random".to_string(),
            "lua:<script.lua>{params} (see scripts/README.md)".to_string(),
        ];
        policies.extend(
            g.native_policies()
                .iter()
                .map(|p| format!("{} ({})", p.name, p.doc)),
        );
        println!("    policies: {}", policies.join("; "));
        for v in g.views() {
            println!("    view {}: {}", v.name, v.doc);
        }
        println!();
    }
    Ok(())
}
