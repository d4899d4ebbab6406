//! "Did you mean": the known name nearest a mistyped one, for the
//! messages that refuse an unknown game, option or policy.

/// How alike (Jaro-Winkler, 0 to 1) a known name must be to the one given
/// to be offered: `hazzard` and `hazard` are 0.97, `player` and `players`
/// 0.97, `chess` and `hazard` 0.45.
const NEAR: f64 = 0.85;

/// The known name nearest `given`, if one is near enough to be what was
/// meant. Names are compared before any `:` (a policy's parameter), so
/// that `mcst:200` finds `mcts:N`.
///
/// ```
/// use ludus::core::suggest::nearest;
/// assert_eq!(nearest("hazzard", ["mayor", "hazard", "half-hazard"]), Some("hazard"));
/// assert_eq!(nearest("mcst:200", ["random", "mcts:N"]), Some("mcts:N"));
/// assert_eq!(nearest("chess", ["mayor", "hazard"]), None);
/// ```
pub fn nearest<'a>(given: &str, known: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let stem = |s: &str| s.split(':').next().unwrap_or("").to_string();
    let given = stem(given);
    known
        .into_iter()
        .map(|k| (strsim::jaro_winkler(&given, &stem(k)), k))
        .filter(|&(score, _)| score >= NEAR)
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, k)| k)
}

/// `; did you mean `x`?` where a known name is near `given`, else nothing:
/// the end of a message that refuses `given`.
pub fn did_you_mean<'a>(given: &str, known: impl IntoIterator<Item = &'a str>) -> String {
    nearest(given, known).map_or(String::new(), |k| format!("; did you mean `{k}`?"))
}
