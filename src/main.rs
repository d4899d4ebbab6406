//! The `ludus` binary: see `ludus --help`.

mod cli;

fn main() {
    std::process::exit(cli::main());
}
