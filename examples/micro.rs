use ludus::core::game::Game;
use ludus::games::rithmomachy::Rithmomachy;
use std::time::Instant;
fn main() {
    let e = ludus::registry::find("rithmomachy").unwrap();
    let o = ludus::core::options::Options::defaults(e.option_specs());
    let g = Rithmomachy::new(&o).unwrap();
    let mut buf = Vec::with_capacity(256);
    let t = Instant::now();
    let mut n = 0;
    for _ in 0..1_000_000 {
        g.legal_moves(&mut buf);
        n += buf.len();
    }
    println!(
        "generate: {:.1} ns/call ({} moves)",
        t.elapsed().as_nanos() as f64 / 1e6,
        n / 1_000_000
    );
    let t = Instant::now();
    let mut k = 0;
    for i in 0..1_000_000 {
        let mut h = g.clone();
        h.play(buf[i % buf.len()], &mut ludus::core::log::Silent);
        k += h.length();
    }
    println!(
        "clone+play: {:.1} ns/call {k}",
        t.elapsed().as_nanos() as f64 / 1e6
    );
    let t = Instant::now();
    for _ in 0..1_000_000 {
        let h = g.clone();
        k += h.length();
    }
    println!(
        "clone: {:.1} ns/call {k}",
        t.elapsed().as_nanos() as f64 / 1e6
    );
}
