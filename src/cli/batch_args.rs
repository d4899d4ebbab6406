//! The arguments `ludus run` and `ludus tournament` share: how a batch of
//! games is played (threads, seed, shard) and where its report goes.

use std::path::PathBuf;

use clap::Args;

use ludus::runner::shard::Shard;

use crate::cli::Failure;

/// The most worker threads `--threads` takes.
pub const MAX_THREADS: usize = 1024;

/// Arguments of a command that plays a batch of games into a report folder.
#[derive(Args, Debug)]
pub struct BatchArgs {
    /// Worker threads (default: every core). Results do not depend on it.
    #[arg(long)]
    threads: Option<usize>,
    /// The seed, replacing the file's `seed`.
    #[arg(long)]
    pub seed: Option<u64>,
    /// The report folder (default: reports/<the experiment's or
    /// tournament's name>).
    #[arg(long)]
    out: Option<PathBuf>,
    /// Play only shard K of N: the K-th of N contiguous ranges of the games
    /// of every cell (of every seating of every pairing). Writes
    /// partial.json (exact tallies) for `ludus merge`, not the report.
    #[arg(long, value_name = "K/N")]
    shard: Option<String>,
}

impl BatchArgs {
    /// The worker threads: `--threads`, or one per core.
    pub fn threads(&self) -> Result<usize, Failure> {
        match self.threads {
            Some(t) if !(1..=MAX_THREADS).contains(&t) => Err(Failure::Input(format!(
                "--threads must be 1-{MAX_THREADS}, not {t}"
            ))),
            Some(t) => Ok(t),
            None => Ok(std::thread::available_parallelism().map_or(1, |n| n.get())),
        }
    }

    /// The shard to play, if any.
    pub fn shard(&self) -> Result<Option<Shard>, Failure> {
        self.shard
            .as_deref()
            .map(Shard::parse)
            .transpose()
            .map_err(Failure::from)
    }

    /// The report folder of a batch called `name`: `--out`, or
    /// reports/`name` (a shard's in its shards/).
    pub fn dir(&self, name: &str, shard: Option<Shard>) -> PathBuf {
        self.out.clone().unwrap_or_else(|| {
            let report = PathBuf::from("reports").join(name);
            match shard {
                Some(s) => report
                    .join("shards")
                    .join(format!("shard-{}-of-{}", s.index, s.count)),
                None => report,
            }
        })
    }
}

/// A pool of `threads` worker threads.
pub fn pool(threads: usize) -> Result<rayon::ThreadPool, Failure> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| Failure::Io(format!("cannot start {threads} threads: {e}")))
}

/// The refusal of shard `shard` to keep game records: its `record` came
/// from `--record` if `flagged`, else from the file; `instead` is the
/// plain command that records a few games.
pub fn shard_cannot_record(shard: Shard, record: u64, flagged: bool, instead: &str) -> Failure {
    Failure::Input(format!(
        "--shard {shard}: a shard cannot keep game records ({}): it writes only \
         partial.json, which `ludus merge` adds up, and records.jsonl is not part \
         of it. Record a few games in a plain one instead (`{instead}`), and give the \
         shards --record 0",
        if flagged {
            format!("--record {record}")
        } else {
            format!("the file's `record = {record}`")
        },
    ))
}
