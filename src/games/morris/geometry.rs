//! Point-and-line boards as data: the points, which are joined along a
//! line, which jumps run straight over a neighbour, and the lines of three.
//! Sets of points are `u32` bitboards (bit `i` = point `i`), so that every
//! board of the family (25 points at most) shares one move generator.

use std::sync::LazyLock;

/// A set of points, bit `i` for point `i`.
pub type Points = u32;

/// The padding of [`Geometry::lines_at`]: a "line" no set of men fills,
/// since it holds points beyond every board.
pub const NO_LINE: Points = u32::MAX;

/// One jump: over the neighbour `over` to the point `to` straight beyond.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Jump {
    /// The point jumped over.
    pub over: u8,
    /// The landing point.
    pub to: u8,
}

/// Which board a game is played on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BoardKind {
    /// The 25-point alquerque board (12 men's morris, Catch the Rabbit).
    Alquerque,
    /// The 24-point board of nine men's morris: three squares and four cross lines.
    NineMen,
    /// The 3x3 board of three men's morris with both long diagonals.
    ThreeDiagonal,
    /// The 3x3 board without diagonals.
    ThreeGrid,
}

impl BoardKind {
    /// The board's geometry.
    pub fn geometry(self) -> &'static Geometry {
        &BOARDS[self as usize]
    }
}

/// A board: its points and how lines join them.
#[derive(Debug)]
pub struct Geometry {
    /// Which board this is.
    pub kind: BoardKind,
    /// Each point's name (`a1`), in index order.
    pub names: Vec<&'static str>,
    /// Each point's (file, rank), for diagrams and directions.
    pub coords: Vec<(i8, i8)>,
    /// Each point's neighbours along a line.
    pub adjacent: Vec<Points>,
    /// Each point's jumps.
    pub jumps: Vec<Vec<Jump>>,
    /// The point a jump from `a` to `b` goes over, at `a * len + b`.
    between: Vec<u8>,
    /// Each point's jumpable neighbours: the points its jumps go over, so
    /// that a man with no enemy among them is passed over at once.
    pub jump_over: Vec<Points>,
    /// On square grids, the jumps grouped by direction: a jump from `p`
    /// goes over `p + shift` to `p + 2 * shift`, for `p` in the mask; the
    /// men that can jump are then found by shifting whole bitboards.
    /// Empty on boards whose points are not numbered as a grid.
    pub jump_shifts: Vec<(i8, Points)>,
    /// The lines of three (mills, three men's lines).
    pub lines: Vec<Points>,
    /// The lines of three through each point, padded with [`NO_LINE`].
    pub lines_at: Vec<[Points; 4]>,
    /// Every point.
    pub all: Points,
}

impl Geometry {
    /// How many points the board has.
    pub fn len(&self) -> usize {
        self.names.len()
    }

    /// Whether the board has no points (never: every board has some).
    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }

    /// The point called `name`, if the board has one.
    ///
    /// ```
    /// use ludus::games::morris::geometry::BoardKind;
    /// let g = BoardKind::NineMen.geometry();
    /// assert_eq!(g.name(g.point("d2").unwrap()), "d2");
    /// assert!(g.point("c2").is_none());
    /// ```
    pub fn point(&self, name: &str) -> Option<u8> {
        self.names.iter().position(|n| *n == name).map(|i| i as u8)
    }

    /// The name of point `p`.
    pub fn name(&self, p: u8) -> &'static str {
        self.names[p as usize]
    }

    /// How many links the board has (each counted once).
    pub fn edges(&self) -> usize {
        self.adjacent
            .iter()
            .map(|a| a.count_ones() as usize)
            .sum::<usize>()
            / 2
    }

    /// The men of `me` that can jump a man of `them` onto an empty point.
    #[inline]
    pub fn jumping_men(&self, me: Points, them: Points, empty: Points) -> Points {
        if self.jump_shifts.is_empty() {
            return bits(me & self.jumpers_near(them))
                .filter(|&p| {
                    self.jumps[p as usize]
                        .iter()
                        .any(|j| them & 1 << j.over != 0 && empty & 1 << j.to != 0)
                })
                .fold(0, |m, p| m | 1 << p);
        }
        self.jump_shifts
            .iter()
            .fold(0, |m, &(d, from)| m | jumps_along(d, from, me, them, empty))
    }

    /// The points from which some jump goes over a man of `them`.
    fn jumpers_near(&self, them: Points) -> Points {
        (0..self.len())
            .filter(|&p| self.jump_over[p] & them != 0)
            .fold(0, |m, p| m | 1 << p)
    }

    /// The point a jump from `from` to `to` goes over; panics if no jump joins them.
    pub fn between(&self, from: u8, to: u8) -> u8 {
        let over = self.between[from as usize * self.len() + to as usize];
        assert!(
            over != u8::MAX,
            "no jump joins {} and {}",
            self.name(from),
            self.name(to)
        );
        over
    }

    /// Whether `men` holds a whole line of three through `p`.
    #[inline]
    pub fn line_through(&self, p: u8, men: Points) -> bool {
        self.lines_at[p as usize].iter().any(|&l| l & !men == 0)
    }

    /// The men of `men` that stand in a whole line of three of `men`.
    pub fn in_lines(&self, men: Points) -> Points {
        self.lines
            .iter()
            .filter(|&&l| men & l == l)
            .fold(0, |acc, &l| acc | l)
    }

    fn build(
        kind: BoardKind,
        points: &[(&'static str, i8, i8)],
        links: &[(&str, &str)],
        lines: &[[&str; 3]],
    ) -> Geometry {
        let names: Vec<&'static str> = points.iter().map(|p| p.0).collect();
        let coords: Vec<(i8, i8)> = points.iter().map(|p| (p.1, p.2)).collect();
        let at = |n: &str| {
            names
                .iter()
                .position(|m| *m == n)
                .unwrap_or_else(|| panic!("no point {n}"))
        };
        let mut adjacent = vec![0u32; names.len()];
        for &(a, b) in links {
            let (a, b) = (at(a), at(b));
            adjacent[a] |= 1 << b;
            adjacent[b] |= 1 << a;
        }
        let dir = |a: usize, b: usize| {
            (
                (coords[b].0 - coords[a].0).signum(),
                (coords[b].1 - coords[a].1).signum(),
            )
        };
        // A jump runs over a neighbour and on along the same line: two links
        // in one direction, which on these boards are always one straight line.
        let jumps: Vec<Vec<Jump>> = (0..names.len())
            .map(|p| {
                let mut js = Vec::new();
                for q in bits(adjacent[p]) {
                    for r in bits(adjacent[q as usize]) {
                        if r as usize != p && dir(p, q as usize) == dir(q as usize, r as usize) {
                            js.push(Jump { over: q, to: r });
                        }
                    }
                }
                js
            })
            .collect();
        let lines: Vec<Points> = lines
            .iter()
            .map(|l| l.iter().fold(0, |m, n| m | 1 << at(n)))
            .collect();
        let lines_at = (0..names.len())
            .map(|p| {
                let mut at = [NO_LINE; 4];
                for (slot, l) in at
                    .iter_mut()
                    .zip(lines.iter().filter(|&&l| l & 1 << p != 0))
                {
                    *slot = *l;
                }
                at
            })
            .collect();
        let jump_over = jumps
            .iter()
            .map(|js| js.iter().fold(0, |m, j| m | 1 << j.over))
            .collect();
        let n = names.len();
        let mut between = vec![u8::MAX; n * n];
        for (p, js) in jumps.iter().enumerate() {
            for j in js {
                between[p * n + j.to as usize] = j.over;
            }
        }
        let mut jump_shifts: Vec<(i8, Points)> = Vec::new();
        let grid = kind != BoardKind::NineMen;
        for (p, js) in jumps.iter().enumerate().filter(|_| grid) {
            for j in js {
                let shift = j.over as i8 - p as i8;
                debug_assert_eq!(j.to as i8 - j.over as i8, shift, "a grid jump is straight");
                match jump_shifts.iter_mut().find(|(d, _)| *d == shift) {
                    Some((_, from)) => *from |= 1 << p,
                    None => jump_shifts.push((shift, 1 << p)),
                }
            }
        }
        Geometry {
            kind,
            all: ((1u64 << names.len()) - 1) as u32,
            names,
            coords,
            adjacent,
            jumps,
            between,
            jump_over,
            jump_shifts,
            lines,
            lines_at,
        }
    }
}

/// The men of `me` (among `from`) that jump over `p + d` to `p + 2d`.
#[inline]
pub fn jumps_along(d: i8, from: Points, me: Points, them: Points, empty: Points) -> Points {
    let back = |x: Points, by: i8| if by > 0 { x >> by } else { x << -by };
    me & from & back(them, d) & back(empty, 2 * d)
}

/// The points of a set, lowest first.
///
/// ```
/// use ludus::games::morris::geometry::bits;
/// assert_eq!(bits(0b1010).collect::<Vec<_>>(), vec![1, 3]);
/// ```
#[inline]
pub fn bits(mut set: Points) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let p = set.trailing_zeros() as u8;
            set &= set - 1;
            p
        })
    })
}

/// The names of a square grid's points, by rank then file.
const GRID: [[&str; 5]; 5] = [
    ["a1", "b1", "c1", "d1", "e1"],
    ["a2", "b2", "c2", "d2", "e2"],
    ["a3", "b3", "c3", "d3", "e3"],
    ["a4", "b4", "c4", "d4", "e4"],
    ["a5", "b5", "c5", "d5", "e5"],
];

fn grid_name(file: i8, rank: i8) -> &'static str {
    GRID[rank as usize][file as usize]
}

fn grid_points(size: i8) -> Vec<(&'static str, i8, i8)> {
    (0..size)
        .flat_map(|r| (0..size).map(move |f| (grid_name(f, r), f, r)))
        .collect()
}

/// Grid links of a `size`-square board, plus the diagonals that pass
/// through points accepted by `diagonal_at`.
fn grid_links(size: i8, diagonal_at: impl Fn(i8, i8) -> bool) -> Vec<(&'static str, &'static str)> {
    let mut links = Vec::new();
    for r in 0..size {
        for f in 0..size {
            let here = grid_name(f, r);
            if f + 1 < size {
                links.push((here, grid_name(f + 1, r)));
            }
            if r + 1 < size {
                links.push((here, grid_name(f, r + 1)));
            }
            if diagonal_at(f, r) {
                if f + 1 < size && r + 1 < size && diagonal_at(f + 1, r + 1) {
                    links.push((here, grid_name(f + 1, r + 1)));
                }
                if f > 0 && r + 1 < size && diagonal_at(f - 1, r + 1) {
                    links.push((here, grid_name(f - 1, r + 1)));
                }
            }
        }
    }
    links
}

fn alquerque() -> Geometry {
    // The diagonals run through the points whose file + rank is even
    // (a1, c1, e1, b2, ...): a1-e5, e1-a5 and the diamond a3-c1-e3-c5.
    let links = grid_links(5, |f, r| (f + r) % 2 == 0);
    Geometry::build(BoardKind::Alquerque, &grid_points(5), &links, &[])
}

fn three_men(diagonals: bool) -> Geometry {
    let kind = if diagonals {
        BoardKind::ThreeDiagonal
    } else {
        BoardKind::ThreeGrid
    };
    // With diagonals, the corners and b2 are the points whose file + rank is even.
    let links = grid_links(3, |f, r| diagonals && (f + r) % 2 == 0);
    let mut lines = vec![
        ["a1", "b1", "c1"],
        ["a2", "b2", "c2"],
        ["a3", "b3", "c3"],
        ["a1", "a2", "a3"],
        ["b1", "b2", "b3"],
        ["c1", "c2", "c3"],
    ];
    if diagonals {
        lines.push(["a1", "b2", "c3"]);
        lines.push(["c1", "b2", "a3"]);
    }
    Geometry::build(kind, &grid_points(3), &links, &lines)
}

/// The nine men's board: points named on a 7x7 grid as chess players
/// name them (a1 bottom left, d2 the middle square's bottom midpoint).
const NINE_MEN_POINTS: [&str; 24] = [
    "a1", "d1", "g1", "b2", "d2", "f2", "c3", "d3", "e3", "a4", "b4", "c4", "e4", "f4", "g4", "c5",
    "d5", "e5", "b6", "d6", "f6", "a7", "d7", "g7",
];

const NINE_MEN_LINES: [[&str; 3]; 16] = [
    ["a1", "d1", "g1"],
    ["g1", "g4", "g7"],
    ["a7", "d7", "g7"],
    ["a1", "a4", "a7"],
    ["b2", "d2", "f2"],
    ["f2", "f4", "f6"],
    ["b6", "d6", "f6"],
    ["b2", "b4", "b6"],
    ["c3", "d3", "e3"],
    ["e3", "e4", "e5"],
    ["c5", "d5", "e5"],
    ["c3", "c4", "c5"],
    ["d1", "d2", "d3"],
    ["d5", "d6", "d7"],
    ["a4", "b4", "c4"],
    ["e4", "f4", "g4"],
];

fn nine_men() -> Geometry {
    let points: Vec<(&'static str, i8, i8)> = NINE_MEN_POINTS
        .iter()
        .map(|n| {
            let b = n.as_bytes();
            (*n, (b[0] - b'a') as i8, (b[1] - b'1') as i8)
        })
        .collect();
    let links: Vec<(&str, &str)> = NINE_MEN_LINES
        .iter()
        .flat_map(|l| [(l[0], l[1]), (l[1], l[2])])
        .collect();
    Geometry::build(BoardKind::NineMen, &points, &links, &NINE_MEN_LINES)
}

static BOARDS: LazyLock<[Geometry; 4]> =
    LazyLock::new(|| [alquerque(), nine_men(), three_men(true), three_men(false)]);
