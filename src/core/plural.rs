//! Counts with their nouns, for messages: "1 piece", "2 pieces".

/// `n` followed by `noun`, in the plural unless `n` is 1; `noun` is the
/// singular, and its plural adds "s", "es" after a hiss ("batches"), or
/// "ies" for a consonant and "y" ("policy", "policies"): the nouns ludus
/// counts need no more.
///
/// ```
/// use ludus::core::plural::plural;
/// assert_eq!(plural(1, "piece"), "1 piece");
/// assert_eq!(plural(0, "piece"), "0 pieces");
/// assert_eq!(plural(2, "policy"), "2 policies");
/// assert_eq!(plural(1, "policy"), "1 policy");
/// assert_eq!(plural(3, "day"), "3 days");
/// assert_eq!(plural(2, "batch"), "2 batches");
/// ```
pub fn plural(n: usize, noun: &str) -> String {
    if n == 1 {
        return format!("1 {noun}");
    }
    match noun.strip_suffix('y') {
        Some(stem) if !stem.ends_with(['a', 'e', 'i', 'o', 'u']) => format!("{n} {stem}ies"),
        _ if noun.ends_with(['s', 'x']) || noun.ends_with("ch") || noun.ends_with("sh") => {
            format!("{n} {noun}es")
        }
        _ => format!("{n} {noun}s"),
    }
}
