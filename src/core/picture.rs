//! A position as a picture, in no game's terms: a board (squares, or
//! points joined by lines), the pieces on it, marks, the dice and a panel
//! of named numbers. A game says what it holds ([`crate::core::presentation::Presentation::picture`]);
//! one renderer (`reports::replay_svg`) draws any of them, so that a
//! replay page knows no game and no game knows SVG.

/// Where a piece stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Spot {
    /// A square of a [`BoardShape::Grid`]: file from the left, rank from
    /// the bottom, both from 0.
    Square {
        /// The file, from 0 (`a`).
        file: u8,
        /// The rank, from 0 (`1`).
        rank: u8,
    },
    /// Point `n` (from 0) of a [`BoardShape::Points`].
    Point(u16),
}

/// The board the pieces stand on.
#[derive(Clone, Debug, PartialEq)]
pub enum BoardShape {
    /// Squares, `files` wide and `ranks` high, named `a1` at the bottom
    /// left as chess and Rithmomachy name them.
    Grid {
        /// Squares across.
        files: u8,
        /// Squares up.
        ranks: u8,
        /// Whether the squares are coloured alternately (`a1` dark).
        checkered: bool,
        /// Squares no piece enters (Four Seasons' centre), drawn filled.
        closed: Vec<Spot>,
    },
    /// Points joined by lines (the morris boards): each point's name and
    /// place (`x` right, `y` up, in steps of the board's lattice), and the
    /// lines as pairs of point indices.
    Points {
        /// Each point: its name and place.
        points: Vec<(String, f32, f32)>,
        /// The lines, as pairs of indices into `points`.
        lines: Vec<(u16, u16)>,
    },
    /// No board: a game of dice, shown by its panel and dice alone.
    Table,
}

/// How a piece is drawn: its family's own shapes, so that a reader
/// recognises it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PieceShape {
    /// A round (Rithmomachy's circle).
    Round,
    /// A triangle.
    Triangle,
    /// A square.
    Square,
    /// A pyramid: pieces stacked (its label gives its total).
    Pyramid,
    /// A man of a morris game: a plain disc.
    Man,
    /// A chess piece: a disc carrying its letter.
    Lettered,
}

impl PieceShape {
    /// The shape's name, as pages write it (`data-shape`).
    pub fn name(self) -> &'static str {
        match self {
            PieceShape::Round => "round",
            PieceShape::Triangle => "triangle",
            PieceShape::Square => "square",
            PieceShape::Pyramid => "pyramid",
            PieceShape::Man => "man",
            PieceShape::Lettered => "lettered",
        }
    }
}

/// One piece on the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PiecePicture {
    /// Where it stands.
    pub at: Spot,
    /// Its owner's seat, from 0: chooses its colour.
    pub side: u8,
    /// How it is drawn.
    pub shape: PieceShape,
    /// What it carries: a number (Rithmomachy), a letter (chess), or
    /// nothing.
    pub label: String,
}

/// What a mark says of a spot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum MarkKind {
    /// A piece left it in the last step.
    From,
    /// A piece came to it, or changed on it, in the last step.
    To,
    /// A piece was captured or removed from it in the last step.
    Taken,
}

impl MarkKind {
    /// The kind's name, as pages write it (`data-mark`).
    pub fn name(self) -> &'static str {
        match self {
            MarkKind::From => "from",
            MarkKind::To => "to",
            MarkKind::Taken => "taken",
        }
    }
}

/// A spot marked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Mark {
    /// The spot.
    pub at: Spot,
    /// What happened there.
    pub kind: MarkKind,
}

/// A position as a picture.
#[derive(Clone, Debug, PartialEq)]
pub struct Picture {
    /// The board.
    pub board: BoardShape,
    /// The sides' names, seat 1 first, for the key to the colours.
    pub sides: Vec<String>,
    /// The pieces on the board.
    pub pieces: Vec<PiecePicture>,
    /// What the game itself knows happened in the last step (a capture
    /// that a comparison of pictures cannot tell from a move); the
    /// renderer adds what the comparison shows.
    pub marks: Vec<Mark>,
    /// The faces of the last throw of the dice, if the game keeps it.
    pub dice: Vec<u8>,
    /// Named values beside the board: whose turn, purses, tallies, counts.
    pub panel: Vec<(String, String)>,
}

impl Picture {
    /// A picture of `board` for `sides`, empty otherwise.
    pub fn new(board: BoardShape, sides: &[&str]) -> Picture {
        Picture {
            board,
            sides: sides.iter().map(|s| s.to_string()).collect(),
            pieces: Vec::new(),
            marks: Vec::new(),
            dice: Vec::new(),
            panel: Vec::new(),
        }
    }

    /// Adds a row to the panel.
    pub fn say(&mut self, name: impl Into<String>, value: impl ToString) {
        self.panel.push((name.into(), value.to_string()));
    }

    /// The piece on `at`, if any.
    pub fn piece_at(&self, at: Spot) -> Option<&PiecePicture> {
        self.pieces.iter().find(|p| p.at == at)
    }

    /// The name of `at` on this picture's board: `c5` for a square, the
    /// point's own name for a point.
    ///
    /// ```
    /// use ludus::core::picture::{BoardShape, Picture, Spot};
    /// let p = Picture::new(BoardShape::Grid { files: 8, ranks: 16, checkered: false, closed: vec![] }, &["white", "black"]);
    /// assert_eq!(p.name(Spot::Square { file: 2, rank: 11 }), "c12");
    /// ```
    pub fn name(&self, at: Spot) -> String {
        match (at, &self.board) {
            (Spot::Point(n), BoardShape::Points { points, .. }) => points
                .get(usize::from(n))
                .map_or_else(|| format!("p{n}"), |p| p.0.clone()),
            (Spot::Point(n), _) => format!("p{n}"),
            (Spot::Square { file, rank }, _) => {
                format!("{}{}", (b'a' + file) as char, u16::from(rank) + 1)
            }
        }
    }
}
