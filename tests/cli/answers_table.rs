//! index.html opens on the answers: one table of every cell, named in
//! words that tell the cells apart, with the figures a designer asks
//! first, sortable; headings name only the settings off the defaults.

use crate::support::{ludus, scratch, stderr, write};

#[test]
fn the_page_opens_on_one_table_of_every_cell_named_apart() {
    let dir = scratch("answers");
    let exp = write(
        &dir,
        "exp.toml",
        "name = \"answers\"\nseed = 2\ngames = 200\n\
         [[cells]]\ngame = \"hazard\"\noptions = { order = \"fixed\" }\nsweep = { players = [2, 3] }\n\
         [[cells]]\ngame = \"half-hazard\"\noptions = { rounds = 1 }\nseats = [\"threshold:1\", \"threshold:3\"]\n\
         [[cells]]\ngame = \"half-hazard\"\noptions = { rounds = 1 }\n\
         [[cells]]\ngame = \"rithmomachy\"\ngames = 2\noptions = { rules = \"fulke\" }\n",
    );
    let out = dir.join("out");
    let o = ludus(&["run", &exp, "-q", "--out", out.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    let page = std::fs::read_to_string(out.join("index.html")).unwrap();
    let answers = page
        .find("<table class=\"answers\">")
        .expect("an answers table");
    let contents = page.find("<h2>Entries</h2>").unwrap();
    assert!(answers < contents, "the answers come first");
    let table = &page[answers..page[answers..].find("</table>").unwrap() + answers];
    // One row a cell, each named apart from the others.
    let names: Vec<&str> = table
        .split("<tr>")
        .skip(2)
        .map(|row| row.split("<td").nth(2).unwrap())
        .map(|td| &td[td.find('>').unwrap() + 1..td.find("</td>").unwrap()])
        .collect();
    assert_eq!(names.len(), 5, "{table}");
    let mut distinct = names.clone();
    distinct.sort_unstable();
    distinct.dedup();
    assert_eq!(distinct.len(), 5, "{names:?}");
    assert!(
        names[0].contains("order=fixed") && names[0].contains("players=2"),
        "{names:?}"
    );
    assert!(names[2].contains("threshold:1 vs threshold:3"), "{names:?}");
    // Hazard is solved: its exact win rates are in the row.
    assert!(table.contains("55.80% / 44.20%"), "{table}");
    // Sortable by a script that keeps the page well-formed.
    assert!(page.contains("<script>") && page.contains("data-v=\""));
    // Headings name what is off the defaults, in force, never `preset`.
    let headings: Vec<&str> = page
        .split("<h2>")
        .skip(1)
        .map(|h| &h[..h.find("</h2>").unwrap()])
        .collect();
    let fulke = headings.iter().find(|h| h.contains("Rithmomachy")).unwrap();
    assert!(
        fulke.contains("rules=fulke") && !fulke.contains("preset"),
        "{fulke}"
    );
    assert!(!fulke.contains("bodies="), "{fulke}");
    let hazard = headings.iter().find(|h| h.contains("entry 0")).unwrap();
    assert!(
        hazard.contains("by players") && !hazard.contains("funds"),
        "{hazard}"
    );
}

#[test]
fn no_heading_of_the_default_run_passes_80_characters() {
    let exp = ludus::plan::experiment::Experiment::default_experiment();
    let groups = ludus::reports::charts::entry_group::groups(&exp, &[]);
    let mut names = Vec::new();
    for g in &groups {
        let heading = g.heading();
        assert!(
            heading.chars().count() <= 80,
            "{} characters: {heading}",
            heading.chars().count()
        );
        names.push(g.name());
    }
    // The contents tell every entry apart by its words alone.
    let mut distinct = names.clone();
    distinct.sort_unstable();
    distinct.dedup();
    assert_eq!(distinct.len(), names.len(), "{names:?}");
}
