//! `ludus run` as a user meets it: the reports it writes (read as pandas or
//! R would), its progress, Ctrl-C, and the report folders it refuses.

mod control;
mod reports;
mod support;
