//! Throws of three dice and the names 004 gives them.
//!
//! 004: "Ilekroć mowa o przyporządkowaniu kombinacji lub liczby, chodzi o sumę
//! wszystkich oczek" — a combination or number always means the total of the
//! pips, not the faces; so the classes below are classes of totals.

/// Three dice as thrown.
pub type Three = [u8; 3];

/// The total of the pips.
#[inline]
pub fn total(t: Three) -> u32 {
    u32::from(t[0]) + u32::from(t[1]) + u32::from(t[2])
}

/// A Hazard total of three dice: 3-6 or 15-18 (004 d, e, j).
///
/// ```
/// use ludus::games::dice::throw::is_hazard;
/// assert!(is_hazard(3) && is_hazard(6) && is_hazard(15) && is_hazard(18));
/// assert!(!is_hazard(7) && !is_hazard(14));
/// ```
#[inline]
pub fn is_hazard(total: u32) -> bool {
    total <= 6 || total >= 15
}

/// A triple: three equal faces ("Trójki", 004 d).
#[inline]
pub fn is_triple(t: Three) -> bool {
    t[0] == t[1] && t[1] == t[2]
}

/// At least two equal faces (a pair or a triple).
#[inline]
pub fn has_pair(t: Three) -> bool {
    t[0] == t[1] || t[1] == t[2] || t[0] == t[2]
}

/// The faces sorted high to low, as 004 writes combinations ("6-5-4").
#[inline]
pub fn sorted(mut t: Three) -> Three {
    t.sort_unstable_by(|a, b| b.cmp(a));
    t
}

/// The throw as 004 writes it, e.g. `6-5-4=15`.
pub fn show(t: Three) -> String {
    let s = sorted(t);
    format!("{}-{}-{}={}", s[0], s[1], s[2], total(t))
}
