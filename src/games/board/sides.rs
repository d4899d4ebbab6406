//! The sides' names, as files and scripts write them: a side's seat from its
//! name, and sets of seats to and from lists of names.

/// The seat of the side `name`; the error names the file's `key`.
pub(crate) fn side(sides: &[&str], name: &str, key: &str) -> Result<u8, String> {
    sides
        .iter()
        .position(|s| *s == name)
        .map(|i| i as u8)
        .ok_or_else(|| {
            format!(
                "{key}: `{name}` is not a side (sides: {})",
                sides.join(", ")
            )
        })
}

/// The seats of the sides `names`, as bits (seat 1 the lowest).
pub(crate) fn mask(sides: &[&str], names: &[String], key: &str) -> Result<u8, String> {
    names
        .iter()
        .try_fold(0u8, |m, n| Ok(m | 1 << side(sides, n, key)?))
}

/// The names of the seats in `mask`, seat 1 first.
pub(crate) fn names(sides: &[&'static str], mask: u8) -> Vec<&'static str> {
    (0..sides.len())
        .filter(|&s| (mask >> s) & 1 == 1)
        .map(|s| sides[s])
        .collect()
}
