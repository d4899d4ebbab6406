//! A kit for board games: what every family of board games played on one
//! engine shares, whatever its board. A family writes its position (the
//! rules it plays by, its moves, how a position reads and prints) and
//! implements [`position::Position`] for it; each game of the family is a
//! [`variant::Variant`] that names the game and turns its options into the
//! family's rules; [`game::Board`] joins the two into a
//! [`crate::core::game::Game`]. The rest are the pieces families repeat:
//! how a game ended ([`ending`]), the sides' names ([`sides`]), the options
//! every board game declares alike ([`options`]), position files
//! ([`position_file`]) and the arguments of views ([`view_arg`]).

pub mod ending;
pub mod game;
pub mod options;
pub mod position;
pub mod position_file;
pub mod sides;
pub mod variant;
pub mod view_arg;
