//! The games a tournament keeps whole (`record = N`): the first games of
//! each seating of each pairing, played again from their seeds after the
//! batch, as a run's are, so that the batch pays nothing for them.

use crate::plan::tournament::Tournament;
use crate::runner::game_record::GameRecord;

/// The records of tournament `t`: for each seating, in the order of
/// [`Tournament::seatings`], its games of index below `t.record` among the
/// `settled` ones (how many of its first games the batch played for
/// certain; an SPRT that stopped a match, or a failure, plays fewer). A
/// record's `cell` is its seating's index and its `pairing` the pairing's,
/// whose game seeds both seatings share. Each record is played when the
/// iterator reaches it, so that they can be written one at a time.
pub fn of_tournament<'a>(
    t: &'a Tournament,
    settled: &'a [u64],
) -> impl Iterator<Item = GameRecord> + 'a {
    t.seatings()
        .into_iter()
        .zip(settled)
        .enumerate()
        .flat_map(|(s, (plan, &played))| {
            (0..t.record.min(played)).map(move |k| GameRecord {
                cell: s,
                pairing: Some(plan.cell.index),
                ..GameRecord::of_cell(plan.game, &plan.cell, k)
            })
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tournament(record: u64) -> Tournament {
        let text = format!(
            "seed = 3\ngame = \"three-men\"\npolicies = [\"random\", \"mcts:5\", \"alphabeta:1\"]\n\
             games = 6\nrecord = {record}\n"
        );
        Tournament::parse(&text, "t.toml").unwrap()
    }

    /// Three policies make three pairings, six seatings; a seating keeps
    /// no more games than it settled, and each record's seats are its
    /// seating's, on its pairing's seeds.
    #[test]
    fn each_seating_keeps_its_first_settled_games_with_its_seats() {
        let t = tournament(2);
        let records: Vec<GameRecord> = of_tournament(&t, &[3, 3, 1, 0, 3, 3]).collect();
        let kept: Vec<(usize, Option<usize>, u64)> = records
            .iter()
            .map(|r| (r.cell, r.pairing, r.index))
            .collect();
        assert_eq!(
            kept,
            [
                (0, Some(0), 0),
                (0, Some(0), 1),
                (1, Some(0), 0),
                (1, Some(0), 1),
                (2, Some(1), 0),
                (4, Some(2), 0),
                (4, Some(2), 1),
                (5, Some(2), 0),
                (5, Some(2), 1),
            ]
        );
        let seatings = t.seatings();
        for r in &records {
            let seats: Vec<String> = seatings[r.cell]
                .cell
                .seats
                .iter()
                .map(ToString::to_string)
                .collect();
            assert_eq!(r.seats, seats);
        }
        // Both seatings of a pairing play game k on the same seed, with
        // the policies swapped.
        assert_eq!(records[0].seed, records[2].seed);
        assert_eq!(records[0].seats[0], records[2].seats[1]);
        assert_ne!(records[0].seed, records[1].seed);
    }

    #[test]
    fn record_zero_keeps_nothing() {
        assert!(of_tournament(&tournament(0), &[3; 6]).next().is_none());
    }
}
