//! The captures: after each move, every capture the mover has anywhere on
//! the board happens at once, decided on the position after the move.

use crate::games::rithmomachy::board::Board;
use crate::games::rithmomachy::lines::{
    AXES, axis_line, first_in_line, first_on_axis, opposite, ring, steps,
};
use crate::games::rithmomachy::onto;
use crate::games::rithmomachy::piece::{MAX_LAYERS, Piece, Side};
use crate::games::rithmomachy::reach::Reach;
use crate::games::rithmomachy::rules::{
    AmbushReach, CaptureRule, Distance, EqualityReach, EruptionAttacker, Made, Op, PyramidValues,
    Rules, SiegeSides,
};
use crate::games::rithmomachy::square::{Bits, DIRECTIONS, Square, squares};

/// The capture rules, by name. When several take the same piece, the one
/// reported is the first in this order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum CaptureKind {
    /// Surrounded.
    Siege,
    /// Same value within reach.
    Equality,
    /// Smaller x distance = larger.
    Eruption,
    /// Two attackers combining into the victim's value.
    Ambush,
    /// Moving onto an enemy of equal value (seed 002).
    Assault,
    /// Moving onto an enemy of value x * n from x squares away (seed 002).
    Sally,
    /// Every normal move blocked by the mover's men (seed 003).
    Oblivion,
}

impl CaptureKind {
    /// The rule's name in reports and JSON.
    pub fn name(self) -> &'static str {
        match self {
            CaptureKind::Siege => "siege",
            CaptureKind::Equality => "equality",
            CaptureKind::Eruption => "eruption",
            CaptureKind::Ambush => "ambush",
            CaptureKind::Assault => "assault",
            CaptureKind::Sally => "sally",
            CaptureKind::Oblivion => "oblivion",
        }
    }
}

/// The capture rules of a rule set, flattened for the hot path.
#[derive(Clone, Debug, Default)]
pub struct CaptureRules {
    siege: Option<(bool, SiegeSides, bool)>,
    equality: Option<(EqualityReach, bool)>,
    eruption: bool,
    /// Which values a pyramid shows.
    pub(crate) values: PyramidValues,
    /// Seed 002's captures by moving onto the victim.
    pub(crate) assault: bool,
    pub(crate) sally: bool,
    /// Only the relations a move sets up are captured after it (seed 003).
    pub(crate) set_up: bool,
    /// Capture by oblivion: (own men block, the edge blocks).
    oblivion: Option<(bool, bool)>,
    /// Added to the steps between two pieces to give an eruption's distance.
    eruption_extra: i32,
    /// Whether only the smaller of the two may be the mover's.
    eruption_smaller_only: bool,
    ambush: Option<(AmbushReach, [bool; Op::ALL.len()])>,
}

impl CaptureRules {
    /// Flattens the capture rules of `rules`.
    pub fn new(rules: &Rules) -> CaptureRules {
        let mut c = CaptureRules {
            values: rules.pyramid_values,
            set_up: rules.made == Made::SetUp,
            ..CaptureRules::default()
        };
        for r in &rules.captures {
            match r {
                CaptureRule::Siege { edge, sides, safe } => c.siege = Some((*edge, *sides, *safe)),
                CaptureRule::Equality {
                    reach,
                    pyramid_total,
                } => c.equality = Some((*reach, *pyramid_total)),
                CaptureRule::Eruption { distance, attacker } => {
                    c.eruption = true;
                    c.eruption_extra = match distance {
                        Distance::BothEnds => 1,
                        Distance::Between => -1,
                    };
                    c.eruption_smaller_only = *attacker == EruptionAttacker::Smaller;
                }
                CaptureRule::Ambush { reach, ops } => {
                    let mut mask = [false; Op::ALL.len()];
                    for op in ops {
                        mask[*op as usize] = true;
                    }
                    c.ambush = Some((*reach, mask));
                }
                CaptureRule::Assault => c.assault = true,
                CaptureRule::Sally => c.sally = true,
                CaptureRule::Oblivion { own, edge } => c.oblivion = Some((*own, *edge)),
            }
        }
        c
    }

    /// The relation in which the mover's piece on `a`, reaching the enemy on
    /// `v`, takes `v` whole now: equality by movement, or a combination with
    /// another of the mover's pieces that reaches it (seed 003's capture by
    /// jumping onto a man already taken).
    pub(crate) fn standing(
        &self,
        board: &Board,
        reach: &Reach,
        mover: Side,
        a: Square,
        v: Square,
    ) -> Option<CaptureKind> {
        let vv = Values::of(board.get(v)?, true, self.values, true);
        let av = Values::of(board.get(a)?, true, self.values, false);
        if let Some((EqualityReach::Move, _)) = self.equality
            && vv.wholes().any(|x| av.nums().any(|y| y == x))
        {
            return Some(CaptureKind::Equality);
        }
        if let Some((AmbushReach::Move, ops)) = self.ambush {
            let mut movers = [Square(0); 64];
            let n = movers_to(board, reach, mover, v, &mut movers);
            for &b in movers[..n].iter().filter(|&&b| b != a) {
                let bv = Values::of(board.get(b)?, true, self.values, false);
                if vv.wholes().any(|x| combine(&av, &bv, x, ops)) {
                    return Some(CaptureKind::Ambush);
                }
            }
        }
        None
    }

    fn needs_movers(&self) -> bool {
        matches!(self.equality, Some((EqualityReach::Move, _)))
            || matches!(self.ambush, Some((AmbushReach::Move, _)))
    }
}

/// What one capture takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Taken {
    /// The whole piece or stack.
    Whole,
    /// One layer of a pyramid (its index, bottom = 0).
    Layer(u8),
    /// Several layers of a pyramid, one bit each (bottom = bit 0).
    Layers(u8),
}

/// Whether some value of each of two attackers combine into `x` by one of
/// the ways on in `ops`.
fn combine(av: &Values, bv: &Values, x: u32, ops: [bool; Op::ALL.len()]) -> bool {
    av.nums().any(|p| {
        bv.nums().any(|q| {
            Op::ALL
                .iter()
                .zip(ops)
                .any(|(op, on)| on && op.makes(p, q, x))
        })
    })
}

/// Keeps the rule reported for one capture: the first in [`CaptureKind`]'s order.
#[inline]
fn first_rule(slot: &mut Option<CaptureKind>, kind: CaptureKind) {
    if slot.is_none_or(|k| kind < k) {
        *slot = Some(kind);
    }
}

/// The sums of several layers of [`Values`], each with the layers it takes.
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

/// The values that take `p` whole when shown by a capture by replacement: a
/// plain piece's value, a pyramid's total, and under
/// [`PyramidValues::BaseAndSums`] its base.
#[inline]
pub(crate) fn whole_values(p: &Piece, mode: PyramidValues) -> ([u32; 2], usize) {
    let layers = p.layers();
    if !p.pyramid {
        return ([layers[0].value as u32, 0], 1);
    }
    match mode {
        PyramidValues::BaseAndSums => ([p.total() as u32, layers[0].value as u32], 2),
        _ => ([p.total() as u32, 0], 1),
    }
}

/// The values `p` attacks with: a plain piece's value; a pyramid's total,
/// and its base or each layer as [`PyramidValues`] says.
#[inline]
pub(crate) fn attack_values(p: &Piece, mode: PyramidValues) -> ([u32; MAX_LAYERS + 1], usize) {
    let mut out = [0; MAX_LAYERS + 1];
    let layers = p.layers();
    out[0] = if p.pyramid {
        p.total()
    } else {
        layers[0].value
    } as u32;
    if !p.pyramid {
        return (out, 1);
    }
    match mode {
        PyramidValues::Total => (out, 1),
        PyramidValues::BaseAndSums => {
            out[1] = layers[0].value as u32;
            (out, 2)
        }
        PyramidValues::LayersAndTotal => {
            for (o, l) in out[1..].iter_mut().zip(layers) {
                *o = l.value as u32;
            }
            (out, 1 + layers.len())
        }
    }
}

/// The values a piece shows to the captures, as victim (with what each
/// takes) or as attacker. A plain piece shows its one value, whole. A
/// pyramid shows, by [`PyramidValues`]: each layer and (when `total` is
/// allowed) its total; only its total; or, as attacker, its total and base,
/// and as victim its total and base (whole), each layer, and each sum of
/// several layers.
#[derive(Clone, Copy)]
pub(crate) struct Values {
    v: [(u32, Taken); MAX_LAYERS + 2],
    n: usize,
    /// A victim's layers whose sums of several it also shows, each taking
    /// those layers ([`PyramidValues::BaseAndSums`]; none otherwise).
    layers: [u32; MAX_LAYERS],
    n_layers: usize,
}

impl Values {
    #[inline]
    pub(crate) fn of(p: &Piece, total: bool, mode: PyramidValues, victim: bool) -> Values {
        let mut out = Values {
            v: [(0, Taken::Whole); MAX_LAYERS + 2],
            n: 0,
            layers: [0; MAX_LAYERS],
            n_layers: 0,
        };
        let layers = p.layers();
        if !p.pyramid {
            out.v[0] = (layers[0].value as u32, Taken::Whole);
            out.n = 1;
            return out;
        }
        let mut push = |x: u32, t: Taken| {
            out.v[out.n] = (x, t);
            out.n += 1;
        };
        match mode {
            PyramidValues::Total => push(p.total() as u32, Taken::Whole),
            PyramidValues::LayersAndTotal => {
                for (i, l) in layers.iter().enumerate() {
                    push(l.value as u32, Taken::Layer(i as u8));
                }
                if total {
                    push(p.total() as u32, Taken::Whole);
                }
            }
            PyramidValues::BaseAndSums => {
                push(p.total() as u32, Taken::Whole);
                push(layers[0].value as u32, Taken::Whole);
                if victim {
                    for (i, l) in layers.iter().enumerate() {
                        push(l.value as u32, Taken::Layer(i as u8));
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

    #[inline]
    fn iter(&self) -> impl Iterator<Item = (u32, Taken)> + '_ {
        self.v[..self.n].iter().copied().chain(self.sums())
    }

    /// Every value an attacker shows (attackers show no sums of layers).
    #[inline]
    pub(crate) fn nums(&self) -> impl Iterator<Item = u32> + '_ {
        debug_assert!(self.n_layers == 0, "an attacker's values");
        self.v[..self.n].iter().map(|x| x.0)
    }

    /// The values that take the piece whole.
    #[inline]
    pub(crate) fn wholes(&self) -> impl Iterator<Item = u32> + '_ {
        self.v[..self.n]
            .iter()
            .filter(|x| x.1 == Taken::Whole)
            .map(|x| x.0)
    }
}

/// What befalls one enemy piece: taken whole, or some of its layers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hit {
    /// The victim's square.
    pub at: Square,
    /// The rule that took it whole, if one did.
    pub whole: Option<CaptureKind>,
    /// The rule that took each layer, bottom first (pyramids only).
    pub layers: [Option<CaptureKind>; MAX_LAYERS],
}

impl Hit {
    /// The capture of the whole piece on `at` by `kind`.
    pub fn whole(at: Square, kind: CaptureKind) -> Hit {
        Hit {
            whole: Some(kind),
            ..Hit::new(at)
        }
    }

    fn new(at: Square) -> Hit {
        Hit {
            at,
            whole: None,
            layers: [None; MAX_LAYERS],
        }
    }

    #[inline]
    fn take(&mut self, t: Taken, kind: CaptureKind) {
        match t {
            Taken::Whole => first_rule(&mut self.whole, kind),
            Taken::Layer(i) => first_rule(&mut self.layers[i as usize], kind),
            Taken::Layers(mask) => {
                for (i, slot) in self.layers.iter_mut().enumerate() {
                    if mask & (1 << i) != 0 {
                        first_rule(slot, kind);
                    }
                }
            }
        }
    }

    /// Adds what `other` takes of the same piece.
    fn merge(&mut self, other: &Hit) {
        if let Some(k) = other.whole {
            first_rule(&mut self.whole, k);
        }
        for (mine, theirs) in self.layers.iter_mut().zip(other.layers) {
            if let Some(k) = theirs {
                first_rule(mine, k);
            }
        }
    }

    /// Drops what `before` already took of the same piece, by any rule: a
    /// man that could be taken before a move was not set up by it, and is
    /// taken only by jumping onto it.
    pub fn without(&mut self, before: &Hit) {
        if before.whole.is_some() {
            self.whole = None;
        }
        for (mine, theirs) in self.layers.iter_mut().zip(before.layers) {
            if theirs.is_some() {
                *mine = None;
            }
        }
    }

    /// Whether it takes anything.
    pub fn any(&self) -> bool {
        self.whole.is_some() || self.layers.iter().any(Option::is_some)
    }
}

/// The mover's pieces that could move to `v` were it empty.
pub(crate) fn movers_to(
    board: &Board,
    reach: &Reach,
    mover: Side,
    v: Square,
    out: &mut [Square; 64],
) -> usize {
    let own = board.occupied_by(mover);
    let occ = board.occupied();
    let mut seen: Bits = 0;
    let mut n = 0;
    for sh in 0..3 {
        for st in reach.to(sh, v) {
            let a = st.square;
            if own & a.bit() != 0
                && seen & a.bit() == 0
                && st.path & occ == 0
                && board.shapes_at(a) & (1 << sh) != 0
            {
                seen |= a.bit();
                out[n] = a;
                n += 1;
            }
        }
    }
    n
}

#[inline]
fn sieged(board: &Board, mover: Side, v: Square, edge: bool, sides: SiegeSides) -> bool {
    let own = board.occupied_by(mover);
    let diagonal_too = sides == SiegeSides::OrthogonalOrDiagonal;
    [false, true][..1 + diagonal_too as usize]
        .iter()
        .any(|&diagonal| {
            let around = ring(v, diagonal) & board.squares();
            // Every neighbour on the board is the mover's; off the board counts
            // only with `edge`.
            around & !own == 0 && (edge || around.count_ones() == 4)
        })
}

/// The move distance of each shape for equality by lines: 1 round, 2 triangle, 3 square.
#[inline]
fn shape_at_distance(shapes: u8, k: i8) -> bool {
    (1..=3).contains(&k) && shapes & (1 << (k - 1)) != 0
}

/// The captures of the enemy on `v` by the mover's piece on `a`, the first
/// piece in line `k` steps away: equality by lines and eruption.
#[inline(always)]
fn line_relation(board: &Board, rules: &CaptureRules, v: Square, a: Square, k: i8, hit: &mut Hit) {
    let (x, y) = (board.plain_value(v) as u32, board.plain_value(a) as u32);
    let by_lines = matches!(rules.equality, Some((EqualityReach::Lines, _)))
        && shape_at_distance(board.shapes_at(a), k);
    let dist = (k as i32 + rules.eruption_extra) as u32;
    if x != 0 && y != 0 {
        // Two plain pieces: the common case, without reaching the slots.
        if by_lines && x == y {
            hit.take(Taken::Whole, CaptureKind::Equality);
        }
        if rules.eruption && erupts(rules, x, y, dist) {
            hit.take(Taken::Whole, CaptureKind::Eruption);
        }
    } else {
        pyramid_line_relation(board, rules, v, a, by_lines, dist, hit);
    }
}

/// Whether the victim's value `x` and the attacker's `y`, `dist` apart, make
/// an eruption: the smaller times the distance is the larger.
#[inline(always)]
fn erupts(rules: &CaptureRules, x: u32, y: u32, dist: u32) -> bool {
    if rules.eruption_smaller_only {
        y * dist == x && x > y
    } else {
        x.min(y) * dist == x.max(y)
    }
}

/// [`line_relation`] when a pyramid is one of the two.
#[cold]
#[inline(never)]
fn pyramid_line_relation(
    board: &Board,
    rules: &CaptureRules,
    v: Square,
    a: Square,
    by_lines: bool,
    dist: u32,
    hit: &mut Hit,
) {
    let victim = board.get(v).expect("enemy piece");
    let attacker = board.get(a).expect("attacker");
    if by_lines && let Some((_, total)) = rules.equality {
        let av = Values::of(attacker, total, rules.values, false);
        for (x, t) in Values::of(victim, total, rules.values, true).iter() {
            if av.nums().any(|y| y == x) {
                hit.take(t, CaptureKind::Equality);
            }
        }
    }
    if rules.eruption {
        let av = Values::of(attacker, true, rules.values, false);
        for (x, t) in Values::of(victim, true, rules.values, true).iter() {
            if av.nums().any(|y| erupts(rules, x, y, dist)) {
                hit.take(t, CaptureKind::Eruption);
            }
        }
    }
}

/// The captures of the enemy on `v` that do not look along lines: siege,
/// equality by movement, and ambush.
fn local_relations(
    board: &Board,
    reach: &Reach,
    rules: &CaptureRules,
    mover: Side,
    v: Square,
    hit: &mut Hit,
    with_siege: bool,
) {
    let mut movers = [Square(0); 64];
    let own = board.occupied_by(mover);
    let victim = board.get(v).expect("enemy piece");
    if with_siege
        && let Some((edge, sides, safe)) = rules.siege
        && sieged(board, mover, v, edge, sides)
        && (!safe
            || squares(ring(v, false) & own)
                .all(|s| !threatened(board, reach, rules, mover.other(), s)))
    {
        hit.take(Taken::Whole, CaptureKind::Siege);
    }
    if let Some((own_men, edge)) = rules.oblivion
        && oblivion(board, reach, mover, v, own_men, edge)
    {
        hit.take(Taken::Whole, CaptureKind::Oblivion);
    }
    let n_movers = if rules.needs_movers() {
        movers_to(board, reach, mover, v, &mut movers)
    } else {
        0
    };
    if let Some((EqualityReach::Move, total)) = rules.equality {
        let vv = Values::of(victim, total, rules.values, true);
        for &a in &movers[..n_movers] {
            let av = Values::of(board.get(a).expect("attacker"), total, rules.values, false);
            for (x, t) in vv.iter() {
                if av.nums().any(|y| y == x) {
                    hit.take(t, CaptureKind::Equality);
                }
            }
        }
    }
    if let Some((how, ops)) = rules.ambush {
        let x = board.plain_value(v) as u32;
        let mut pair = |a: Square, b: Square| {
            let (p, q) = (board.plain_value(a) as u32, board.plain_value(b) as u32);
            if p != 0 && q != 0 && x != 0 {
                if Op::ALL
                    .iter()
                    .zip(ops)
                    .any(|(op, on)| on && op.makes(p, q, x))
                {
                    hit.take(Taken::Whole, CaptureKind::Ambush);
                }
                return;
            }
            let (pa, pb) = (
                board.get(a).expect("ambusher"),
                board.get(b).expect("ambusher"),
            );
            let vv = Values::of(victim, true, rules.values, true);
            let av = Values::of(pa, true, rules.values, false);
            let bv = Values::of(pb, true, rules.values, false);
            for (x, t) in vv.iter() {
                if combine(&av, &bv, x, ops) {
                    hit.take(t, CaptureKind::Ambush);
                }
            }
        };
        match how {
            AmbushReach::Move => {
                for i in 0..n_movers {
                    for j in i + 1..n_movers {
                        pair(movers[i], movers[j]);
                    }
                }
            }
            AmbushReach::Custodial => {
                // Only axes with the mover's pieces on both sides.
                if (ring(v, false) | ring(v, true)) & own != 0 {
                    for d in [0usize, 1, 4, 5] {
                        let (df, dr) = DIRECTIONS[d];
                        let (ef, er) = DIRECTIONS[opposite(d)];
                        if let (Some(a), Some(b)) = (v.offset(df, dr), v.offset(ef, er))
                            && own & a.bit() != 0
                            && own & b.bit() != 0
                        {
                            pair(a, b);
                        }
                    }
                }
            }
            AmbushReach::Adjacent => {
                let vv = Values::of(victim, true, rules.values, true);
                for (x, t) in vv.iter() {
                    if adjacent_ambush(
                        board,
                        own & (ring(v, false) | ring(v, true)),
                        x,
                        ops,
                        rules.values,
                    ) {
                        hit.take(t, CaptureKind::Ambush);
                    }
                }
            }
        }
    }
}

/// Whether two or more of the mover's pieces on `around` (the victim's
/// neighbours), each worth less than `x`, make `x` by their sum or their
/// product (seed 002: "45S could be captured by either 30T, 12T, & 3C (sum)
/// or 5C & 9C (product)"). A pyramid takes part by its total, or under
/// [`PyramidValues::BaseAndSums`] by its total or its base.
fn adjacent_ambush(
    board: &Board,
    around: Bits,
    x: u32,
    ops: [bool; Op::ALL.len()],
    mode: PyramidValues,
) -> bool {
    let mut alts = [[0u32; 2]; 8];
    let mut n = 0;
    for a in squares(around) {
        let pair = match board.plain_value(a) as u32 {
            0 => {
                let p = board.get(a).expect("ambusher");
                let base = match mode {
                    PyramidValues::BaseAndSums => p.layers()[0].value as u32,
                    _ => 0,
                };
                [p.total() as u32, base]
            }
            v => [v, 0],
        };
        // Only values below the victim's take part; 0 = no value.
        let pair = pair.map(|y| if y < x { y } else { 0 });
        if pair != [0, 0] {
            alts[n] = pair;
            n += 1;
        }
    }
    let ways = Ways {
        x,
        sum: ops[Op::Sum as usize],
        product: ops[Op::Product as usize],
    };
    ways.search(&alts[..n], 0, 1, 0)
}

/// The search of [`adjacent_ambush`]: the victim's value and the ways allowed.
struct Ways {
    x: u32,
    sum: bool,
    product: bool,
}

impl Ways {
    /// Whether some choice from `alts` (each neighbour left out or taken at
    /// one of its values), with the `count` taken so far adding to `sum` and
    /// multiplying to `product`, makes the victim's value.
    fn search(&self, alts: &[[u32; 2]], sum: u32, product: u64, count: u32) -> bool {
        let x = self.x;
        let sum_open = self.sum && sum <= x;
        let product_open = self.product && product <= x as u64;
        if !sum_open && !product_open {
            return false;
        }
        let Some((first, rest)) = alts.split_first() else {
            return count >= 2 && ((self.sum && sum == x) || (self.product && product == x as u64));
        };
        self.search(rest, sum, product, count)
            || first.iter().enumerate().any(|(i, &y)| {
                y != 0
                    && (i == 0 || y != first[0])
                    && self.search(rest, sum + y, product * y as u64, count + 1)
            })
    }
}

/// Seed 003's oblivion: the enemy on `v` can make no normal move, and the
/// first man on the way of each is the mover's (any man's with `own_men`);
/// a way that leaves the board counts as blocked only with `edge`. "To
/// capture a round piece that is on A by Oblivion, you must place men on B,
/// C, D, and E."
fn oblivion(
    board: &Board,
    reach: &Reach,
    mover: Side,
    v: Square,
    own_men: bool,
    edge: bool,
) -> bool {
    let occ = board.occupied();
    let blockers = if own_men {
        occ
    } else {
        board.occupied_by(mover)
    };
    let shapes = board.shapes_at(v);
    (0..3).filter(|sh| shapes & (1 << sh) != 0).all(|sh| {
        let ways = reach.vectors(sh).iter().filter(|w| !w.flying()).count();
        let free = reach.free(sh, v);
        let ways_out = reach.blockable_normal(sh, v);
        if !edge && free.count_ones() as usize + ways_out.len() < ways {
            return false;
        }
        free & !blockers == 0
            && ways_out.iter().all(|st| {
                // The nearest man on the way, the target included.
                let on_way = (st.path | st.square.bit()) & occ;
                squares(on_way)
                    .min_by_key(|&s| steps(v, s))
                    .is_some_and(|s| blockers & s.bit() != 0)
            })
    })
}

/// Whether `by` could take the piece on `s` now: by moving onto it, or by a
/// relation already standing against it (a siege aside, so that besiegers
/// guarding one another is not a loop).
fn threatened(board: &Board, reach: &Reach, rules: &CaptureRules, by: Side, s: Square) -> bool {
    if onto::threatened(board, reach, rules, by, s) {
        return true;
    }
    relations(board, reach, rules, by, s, false).any()
}

fn looks_along_lines(rules: &CaptureRules) -> bool {
    rules.eruption || matches!(rules.equality, Some((EqualityReach::Lines, _)))
}

/// Finds every capture `mover` has anywhere on `board`, looking at every
/// enemy piece; appends one [`Hit`] per victim to `out`, in square order.
/// The reference that [`find_near`] must agree with.
pub fn find_all(
    board: &Board,
    reach: &Reach,
    rules: &CaptureRules,
    mover: Side,
    out: &mut Vec<Hit>,
) {
    for v in squares(board.occupied_by(mover.other())) {
        let hit = at(board, reach, rules, mover, v);
        if hit.any() {
            out.push(hit);
        }
    }
}

/// Every capture `mover` has of the enemy on `v` (which must hold one).
pub fn at(board: &Board, reach: &Reach, rules: &CaptureRules, mover: Side, v: Square) -> Hit {
    relations(board, reach, rules, mover, v, true)
}

/// [`at`], sieges left out unless `with_siege`.
fn relations(
    board: &Board,
    reach: &Reach,
    rules: &CaptureRules,
    mover: Side,
    v: Square,
    with_siege: bool,
) -> Hit {
    let mut hit = Hit::new(v);
    local_relations(board, reach, rules, mover, v, &mut hit, with_siege);
    if looks_along_lines(rules) {
        let occ = board.occupied();
        for d in 0..8 {
            if let Some((a, k)) = first_in_line(v, d, occ)
                && board.owner(a) == mover.index() as u8 + 1
            {
                line_relation(board, rules, v, a, k, &mut hit);
            }
        }
    }
    hit
}

/// The captures between two pieces first in line with each other, if one is
/// the mover's and the other an enemy.
#[inline(always)]
fn line_pair(
    board: &Board,
    rules: &CaptureRules,
    mover: Side,
    x: Square,
    y: Square,
    out: &mut Vec<Hit>,
) {
    let (me, them) = (mover.index() as u8 + 1, mover.other().index() as u8 + 1);
    let (ox, oy) = (board.owner(x), board.owner(y));
    let (victim, attacker) = if ox == me && oy == them {
        (y, x)
    } else if oy == me && ox == them {
        (x, y)
    } else {
        return;
    };
    let mut hit = Hit::new(victim);
    line_relation(board, rules, victim, attacker, steps(x, y), &mut hit);
    if hit.any() {
        hit_at(out, victim).merge(&hit);
    }
}

/// The hit on `v` in `hits`, added if new.
fn hit_at(hits: &mut Vec<Hit>, v: Square) -> &mut Hit {
    match hits.iter().position(|h| h.at == v) {
        Some(i) => &mut hits[i],
        None => {
            hits.push(Hit::new(v));
            hits.last_mut().expect("just pushed")
        }
    }
}

/// As [`find_all`], but looks only at the relations a change on the
/// squares in `changed` can have made. Exact when `changed` holds every
/// square that changed since `mover`'s captures were last made: a relation
/// along a line joins the first pieces on either side of a changed square
/// (or the square's own piece and the first beyond it); the others need a
/// mover's piece that arrived beside the victim or within reach of it, a
/// square emptied on the way, or the victim itself to have arrived.
pub fn find_near(
    board: &Board,
    reach: &Reach,
    rules: &CaptureRules,
    mover: Side,
    changed: Bits,
    out: &mut Vec<Hit>,
) {
    let occ = board.occupied();
    let own = board.occupied_by(mover);
    let enemy = board.occupied_by(mover.other());
    let lines = looks_along_lines(rules);
    let mut local: Bits = 0;
    // Where oblivion counts the victim's own men, their arrival blocks too.
    let blocking = if matches!(rules.oblivion, Some((true, _))) {
        occ
    } else {
        own
    };
    for c in squares(changed) {
        let here = occ & c.bit() != 0;
        local |= c.bit();
        if blocking & c.bit() != 0 {
            local |= NEIGHBOURS.get()[c.0 as usize];
        }
        // Oblivion, too, turns on men arriving on or leaving the ways of a move.
        if rules.needs_movers() || rules.oblivion.is_some() {
            if blocking & c.bit() != 0 {
                local |= reach.from_here(c);
            } else if !here {
                local |= reach.passing(c);
            }
        }
        if !lines {
            continue;
        }
        for axis in 0..AXES.len() {
            // A relation needs a mover's piece and an enemy on the line.
            let line = axis_line(c, axis);
            if line & own == 0 || line & enemy == 0 {
                continue;
            }
            let (ahead, behind) = first_on_axis(c, axis, occ);
            if here {
                for p in [ahead, behind].into_iter().flatten() {
                    line_pair(board, rules, mover, c, p, out);
                }
            } else if let (Some(p), Some(q)) = (ahead, behind) {
                line_pair(board, rules, mover, p, q, out);
            }
        }
    }
    if let Some((_, _, true)) = rules.siege {
        // Whether a siege's besiegers are safe can turn on a change anywhere
        // (a line opened or closed far away): every closed ring is looked at.
        for v in squares(enemy & !local) {
            if ring(v, false) & !own == 0 {
                local |= v.bit();
            }
        }
    }
    for v in squares(local & enemy) {
        let mut hit = Hit::new(v);
        local_relations(board, reach, rules, mover, v, &mut hit, true);
        if hit.any() {
            hit_at(out, v).merge(&hit);
        }
    }
    out.sort_unstable_by_key(|h| h.at);
}

struct Neighbours(std::sync::OnceLock<[Bits; 128]>);

impl Neighbours {
    #[inline]
    fn get(&self) -> &[Bits; 128] {
        self.0.get_or_init(|| {
            let mut n = [0; 128];
            for (s, bits) in n.iter_mut().enumerate() {
                for (df, dr) in DIRECTIONS {
                    if let Some(t) = Square(s as u8).offset(df, dr) {
                        *bits |= t.bit();
                    }
                }
            }
            n
        })
    }
}

static NEIGHBOURS: Neighbours = Neighbours(std::sync::OnceLock::new());
