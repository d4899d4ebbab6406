//! The values a piece shows: the one place that says which numbers a plain
//! piece or a pyramid puts forward, to the captures (as attacker or victim,
//! with what a match takes) and to the victories.
//!
//! A plain piece shows its value. A pyramid shows, as its rule set's
//! [`PyramidValues`] says, its layers and its total, only its total, or its
//! total and its base (and as a victim also each layer and each sum of
//! several layers).

use crate::games::rithmomachy::board::Board;
use crate::games::rithmomachy::piece::{MAX_LAYERS, Piece};
use crate::games::rithmomachy::rules::PyramidValues;
use crate::games::rithmomachy::square::Square;

/// What a match with one value takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Taken {
    /// The whole piece or stack.
    Whole,
    /// One layer of a pyramid (its index, bottom = 0).
    Layer(u8),
    /// Several layers of a pyramid, one bit each (bottom = bit 0).
    Layers(u8),
}

/// The values one piece shows, each with what a match takes.
///
/// ```
/// use ludus::games::rithmomachy::piece::{Layer, Piece, Shape, Side};
/// use ludus::games::rithmomachy::rules::PyramidValues;
/// use ludus::games::rithmomachy::values::Shown;
/// let l = |shape, value| Layer { shape, value };
/// let p = Piece::pyramid(Side::Black, &[l(Shape::Square, 64), l(Shape::Round, 16)]).unwrap();
/// let every: Vec<u32> = Shown::every(&p).values().collect();
/// assert_eq!(every, [64, 16, 80]);
/// let total: Vec<u32> = Shown::as_victim(&p, PyramidValues::Total, true).values().collect();
/// assert_eq!(total, [80]);
/// // Seed 002: a victim shows its total and base (whole), each layer, and
/// // the sums of several layers (here only the total itself, left out).
/// let sums = Shown::as_victim(&p, PyramidValues::BaseAndSums, true);
/// assert_eq!(sums.all().map(|(v, _)| v).collect::<Vec<_>>(), [80, 64, 64, 16]);
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Shown {
    v: [(u32, Taken); MAX_LAYERS + 2],
    n: usize,
    /// A victim's layers whose sums of several it also shows, each taking
    /// those layers ([`PyramidValues::BaseAndSums`]; none otherwise).
    layers: [u32; MAX_LAYERS],
    n_layers: usize,
}

impl Shown {
    fn empty() -> Shown {
        Shown {
            v: [(0, Taken::Whole); MAX_LAYERS + 2],
            n: 0,
            layers: [0; MAX_LAYERS],
            n_layers: 0,
        }
    }

    #[inline]
    fn push(&mut self, x: u32, t: Taken) {
        self.v[self.n] = (x, t);
        self.n += 1;
    }

    /// The values `p` shows to a capture that would take it: a pyramid's
    /// layers (each taking that layer) and, where `total` is allowed, its
    /// total; or only its total; or its total and base (both taking it
    /// whole), each layer and each sum of several layers.
    #[inline]
    pub fn as_victim(p: &Piece, mode: PyramidValues, total: bool) -> Shown {
        Shown::of(p, mode, total, true)
    }

    /// The values `p` attacks with: a pyramid's layers and (where `total`
    /// is allowed) its total; or only its total; or its total and base.
    #[inline]
    pub fn as_attacker(p: &Piece, mode: PyramidValues, total: bool) -> Shown {
        Shown::of(p, mode, total, false)
    }

    /// Every value `p` shows to the victories: each layer and, for a
    /// pyramid, the total.
    #[inline]
    pub fn every(p: &Piece) -> Shown {
        Shown::of(p, PyramidValues::LayersAndTotal, true, false)
    }

    /// [`Shown::every`] of the piece on `s`.
    #[inline]
    pub fn every_at(board: &Board, s: Square) -> Shown {
        Shown::on(board, s, Shown::every)
    }

    /// [`Shown::as_victim`] of the piece on `s`.
    #[inline]
    pub fn as_victim_at(board: &Board, s: Square, mode: PyramidValues, total: bool) -> Shown {
        Shown::on(board, s, |p| Shown::as_victim(p, mode, total))
    }

    /// [`Shown::as_attacker`] of the piece on `s`.
    #[inline]
    pub fn as_attacker_at(board: &Board, s: Square, mode: PyramidValues, total: bool) -> Shown {
        Shown::on(board, s, |p| Shown::as_attacker(p, mode, total))
    }

    /// What the piece on `s` shows: a plain piece its value, read from the
    /// board (the captures and victories ask often, and most pieces are
    /// plain: the piece itself is not reached); a pyramid what `pyramid` says.
    #[inline]
    fn on(board: &Board, s: Square, pyramid: impl FnOnce(&Piece) -> Shown) -> Shown {
        match board.plain_value(s) {
            0 => pyramid(board.get(s).expect("a piece")),
            x => Shown::one(x as u32),
        }
    }

    /// A plain piece's value `x`, which takes it whole.
    #[inline]
    fn one(x: u32) -> Shown {
        let mut out = Shown::empty();
        out.push(x, Taken::Whole);
        out
    }

    /// The values that take `p` whole when it is matched by a piece moving
    /// onto it, or that it takes part with in seed 002's ambush by its
    /// neighbours: a plain piece's value, a pyramid's total, and under
    /// [`PyramidValues::BaseAndSums`] its base.
    #[inline]
    pub fn whole(p: &Piece, mode: PyramidValues) -> Shown {
        let layers = p.layers();
        if !p.pyramid {
            return Shown::one(layers[0].value as u32);
        }
        let mut out = Shown::empty();
        out.push(p.total() as u32, Taken::Whole);
        if mode == PyramidValues::BaseAndSums {
            out.push(layers[0].value as u32, Taken::Whole);
        }
        out
    }

    /// Whether `p` may show one of the nonzero values of `wanted` to a
    /// capture, under `mode`: a quick test that rules out most pairs before
    /// the values are laid out. Never false where [`Shown::as_victim`] or
    /// [`Shown::as_attacker`] shows one (it answers for a layer, the total,
    /// and under [`PyramidValues::BaseAndSums`], whose sums of layers are
    /// many, always yes).
    #[inline]
    pub fn may_show(p: &Piece, mode: PyramidValues, wanted: [u32; 2]) -> bool {
        if mode == PyramidValues::BaseAndSums {
            return true;
        }
        let hit = |x: u32| x != 0 && wanted.contains(&x);
        hit(p.total() as u32) || p.layers().iter().any(|l| hit(l.value as u32))
    }

    /// Whether [`Shown::whole`] of `p` holds `x`: one value tested without
    /// laying them all out.
    #[inline]
    pub fn whole_shows(p: &Piece, mode: PyramidValues, x: u32) -> bool {
        let layers = p.layers();
        if !p.pyramid {
            return layers[0].value as u32 == x;
        }
        p.total() as u32 == x || (mode == PyramidValues::BaseAndSums && layers[0].value as u32 == x)
    }

    /// Whether [`Shown::as_attacker`] of `p` holds `x`: one value tested
    /// without laying them all out.
    #[inline]
    pub fn attacks_with(p: &Piece, mode: PyramidValues, total: bool, x: u32) -> bool {
        let layers = p.layers();
        if !p.pyramid {
            return layers[0].value as u32 == x;
        }
        let is_total = || p.total() as u32 == x;
        match mode {
            PyramidValues::Total => is_total(),
            PyramidValues::LayersAndTotal => {
                layers.iter().any(|l| l.value as u32 == x) || (total && is_total())
            }
            PyramidValues::BaseAndSums => is_total() || layers[0].value as u32 == x,
        }
    }

    #[inline]
    fn of(p: &Piece, mode: PyramidValues, total: bool, victim: bool) -> Shown {
        let layers = p.layers();
        if !p.pyramid {
            return Shown::one(layers[0].value as u32);
        }
        let mut out = Shown::empty();
        match mode {
            PyramidValues::Total => out.push(p.total() as u32, Taken::Whole),
            PyramidValues::LayersAndTotal => {
                for (i, l) in layers.iter().enumerate() {
                    out.push(l.value as u32, Taken::Layer(i as u8));
                }
                if total {
                    out.push(p.total() as u32, Taken::Whole);
                }
            }
            PyramidValues::BaseAndSums => {
                out.push(p.total() as u32, Taken::Whole);
                out.push(layers[0].value as u32, Taken::Whole);
                if victim {
                    for (i, l) in layers.iter().enumerate() {
                        out.push(l.value as u32, Taken::Layer(i as u8));
                    }
                    for (o, l) in out.layers.iter_mut().zip(layers) {
                        *o = l.value as u32;
                    }
                    out.n_layers = layers.len();
                }
            }
        }
        out
    }

    #[inline]
    fn v_iter(&self) -> impl Iterator<Item = (u32, Taken)> + '_ {
        self.v[..self.n].iter().copied()
    }

    /// Every value with what it takes, the sums of several layers last.
    #[inline]
    pub fn all(&self) -> impl Iterator<Item = (u32, Taken)> + '_ {
        self.v_iter().chain(self.sums())
    }

    /// The values, without the sums of several layers (an attacker's, or
    /// the victories').
    #[inline]
    pub fn values(&self) -> impl Iterator<Item = u32> + '_ {
        self.v[..self.n].iter().map(|x| x.0)
    }

    /// How many [`Shown::values`] there are.
    #[inline]
    pub fn len(&self) -> usize {
        self.n
    }

    /// Whether it shows no value (never: every piece shows one).
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.n == 0
    }

    /// The `i`-th of [`Shown::values`].
    #[inline]
    pub fn value(&self, i: usize) -> u32 {
        self.v[i].0
    }

    /// Whether `x` is one of [`Shown::values`].
    #[inline]
    pub fn has(&self, x: u32) -> bool {
        self.values().any(|y| y == x)
    }

    /// The values that take the piece whole.
    #[inline]
    pub fn wholes(&self) -> impl Iterator<Item = u32> + '_ {
        self.v_iter().filter(|x| x.1 == Taken::Whole).map(|x| x.0)
    }

    /// The sums of two or more layers, short of all of them (the total).
    #[inline]
    fn sums(&self) -> Sums<'_> {
        let n = self.n_layers;
        Sums {
            layers: &self.layers[..n],
            mask: 0,
            all: if n == 0 { 0 } else { (1u32 << n) - 1 },
        }
    }
}

/// The sums of several layers of a [`Shown`], each with the layers it takes.
struct Sums<'a> {
    layers: &'a [u32],
    mask: u32,
    all: u32,
}

impl Iterator for Sums<'_> {
    type Item = (u32, Taken);

    #[inline]
    fn next(&mut self) -> Option<(u32, Taken)> {
        loop {
            self.mask += 1;
            if self.mask >= self.all {
                self.mask = self.all;
                return None;
            }
            let m = self.mask;
            if m.count_ones() >= 2 {
                let sum = (0..self.layers.len())
                    .filter(|i| m & (1 << i) != 0)
                    .map(|i| self.layers[i])
                    .sum();
                return Some((sum, Taken::Layers(m as u8)));
            }
        }
    }
}
