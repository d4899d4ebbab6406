//! `records.html`: the kept games replayed on their boards, one page with
//! no link outside it. Each game's positions are computed in Rust
//! ([`crate::reports::replay_steps`]) and drawn as SVG
//! ([`crate::reports::replay_svg`]); the page's script only shows the
//! step asked for (buttons, the arrow keys, a click on a move), so that
//! it holds no rules of any game.

use serde_json::{Value, json};

use crate::core::picture::{BoardShape, MarkKind};
use crate::reports::charts::html::escape;
use crate::reports::replay_steps::{StepKind, replay};
use crate::reports::replay_svg::{
    board_svg, colours, dice_svg, layer_svg, marks, piece_style, size,
};
use crate::runner::game_record::GameRecord;

/// The file's name in a report folder, beside `records.jsonl`.
pub const FILE: &str = "records.html";

/// The most games one page replays: past it the page would weigh more
/// than a browser opens gladly (a long Rithmomachy game is some hundred
/// kilobytes); the rest stay in records.jsonl.
pub const MAX_GAMES: usize = 200;

/// The most bytes of games one page holds: a game that would pass it
/// is left to records.jsonl (the first game is always shown).
pub const MAX_BYTES: usize = 32 << 20;

/// A page being made, one game at a time, so that a run's records are
/// replayed as they are written and dropped.
#[derive(Debug, Default)]
pub struct ReplayPage {
    games: Vec<String>,
    bytes: usize,
    total: usize,
}

impl ReplayPage {
    /// An empty page.
    pub fn new() -> ReplayPage {
        ReplayPage::default()
    }

    /// Replays `record` onto the page; past [`MAX_GAMES`] or [`MAX_BYTES`],
    /// only counts it (and every game after it), so that the page shows
    /// the first games without a gap.
    pub fn add(&mut self, record: &GameRecord) {
        self.total += 1;
        if self.games.len() < MAX_GAMES && self.games.len() == self.total - 1 {
            let game = game_json(record).to_string();
            if self.games.is_empty() || self.bytes + game.len() <= MAX_BYTES {
                self.bytes += game.len();
                self.games.push(game);
            }
        }
    }

    /// The page, titled `title`.
    pub fn html(&self, title: &str) -> String {
        let data = format!("[{}]", self.games.join(","));
        // In a script element only `</` could end it early: JSON's
        // strings may write `<` as `\u003c`.
        let data = data.replace('<', "\\u003c");
        let more = if self.total > self.games.len() {
            format!(
                "<p>The first {} of {} games kept are replayed here; records.jsonl holds them all.</p>",
                self.games.len(),
                self.total
            )
        } else {
            String::new()
        };
        format!(
            r#"<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"/><title>{title}</title>
<style>{STYLE}{pieces}</style></head>
<body>
<h1>{title}</h1>
{more}<p class="pick"><label>Game <select id="game"></select></label> <span id="head"></span></p>
<div id="viewer">
<div id="left">
<svg id="board"><g id="bg"></g><g id="layer"></g></svg>
<div class="controls"><button id="first" title="start (Home)">&#x00AB;</button><button id="prev" title="back (left arrow)">&#x25C0;</button><span id="where"></span><button id="next" title="forward (right arrow)">&#x25B6;</button><button id="last" title="end (End)">&#x00BB;</button></div>
<div id="caption"></div>
<div id="key"></div>
<table id="panel"></table>
</div>
<ol id="moves"></ol>
</div>
<script type="application/json" id="replays">{data}</script>
<script>{SCRIPT}</script>
</body></html>
"#,
            title = escape(title),
            pieces = piece_style(),
        )
    }
}

/// The page of `records`, titled `title`: what `ludus play --html` writes.
pub fn page(title: &str, records: &[GameRecord]) -> String {
    let mut p = ReplayPage::new();
    for r in records {
        p.add(r);
    }
    p.html(title)
}

/// One game as the page's script reads it: its heading, board, key to
/// the colours, and each step's layer, panel and words.
fn game_json(record: &GameRecord) -> Value {
    let winner = record
        .winner
        .map_or_else(|| "a draw".to_string(), |w| format!("seat {w} won"));
    let head = format!(
        "{} · {} game {} · seed {} · {} · ended by {}, {winner}",
        record.game,
        record.place(),
        record.index,
        record.seed,
        (record.seats.iter().enumerate())
            .map(|(s, p)| format!("seat {}: {p}", s + 1))
            .collect::<Vec<_>>()
            .join(", "),
        record.ending
    );
    let name = format!("{} {} game {}", record.game, record.place(), record.index);
    let replay = match replay(record) {
        Ok(r) => r,
        Err(e) => return json!({ "name": name, "head": head, "error": e.to_string() }),
    };
    let first = &replay.steps[0].picture;
    let (width, height) = size(&first.board);
    let key: Vec<Value> = (first.sides.iter().enumerate())
        .map(|(s, name)| json!([name, colours(first, s as u8).0, colours(first, s as u8).1]))
        .collect();
    let mut before = None;
    let mut steps = Vec::with_capacity(replay.steps.len());
    for step in &replay.steps {
        let pic = &step.picture;
        let taken = marks(before, pic).iter().any(|m| m.kind == MarkKind::Taken);
        let mut dice = String::new();
        if !pic.dice.is_empty() && !matches!(pic.board, BoardShape::Table) {
            dice = format!(
                r#"<svg class="dice" width="{}" height="44">{}</svg>"#,
                pic.dice.len() * 48,
                dice_svg(&pic.dice, 2.0, 2.0)
            );
        }
        let kind = match step.kind {
            StepKind::Start => "start",
            StepKind::Move => "move",
            StepKind::Throw => "throw",
        };
        let who = step
            .seat
            .map(|s| first.sides.get(s).cloned().unwrap_or_default());
        steps.push(json!({
            "kind": kind,
            "who": who,
            "text": step.text,
            "said": step.said,
            "taken": taken,
            "layer": layer_svg(before, pic),
            "dice": dice,
            "panel": pic.panel,
        }));
        before = Some(pic);
    }
    json!({
        "name": name,
        "head": head,
        "width": width,
        "height": height,
        "board": board_svg(&first.board),
        "key": key,
        "stopped": replay.stopped,
        "steps": steps,
    })
}

/// The page's style.
const STYLE: &str = "
body { font-family: sans-serif; margin: 1.2em; color: #222; }
h1 { font-size: 1.3em; }
#viewer { display: flex; gap: 1.5em; align-items: flex-start; flex-wrap: wrap; }
#board { background: #fbf8ef; border: 1px solid #ccc; max-height: 82vh; }
#board text.coord { font-size: 12px; text-anchor: middle; fill: #555; font-weight: normal; font-family: sans-serif; }
#board text.point { font-size: 11px; fill: #777; text-anchor: start; font-weight: normal; font-family: sans-serif; }
.controls { margin: .5em 0; display: flex; gap: .4em; align-items: center; }
.controls button { font-size: 1.1em; min-width: 2.4em; }
#where { min-width: 8em; text-align: center; }
#caption { min-height: 2.6em; max-width: 40em; }
#caption .throw { color: #1d5e35; }
#key span { display: inline-block; margin-right: 1em; }
#key i { display: inline-block; width: .9em; height: .9em; border-radius: 50%; margin-right: .3em; vertical-align: middle; }
#panel td { padding: .1em .8em .1em 0; }
#moves { max-height: 82vh; overflow-y: auto; min-width: 16em; margin: 0; padding-left: 3.2em; border-left: 1px solid #ddd; }
#moves li { cursor: pointer; padding: .05em .3em; }
#moves li.throw { color: #1d5e35; font-style: italic; }
#moves li.taken::after { content: ' \\00D7'; color: #d11; font-weight: bold; }
#moves li.at { background: #f3d36b; }
.error { color: #a00; }
";

/// The page's script: shows a step's SVG and words, nothing more.
const SCRIPT: &str = r#"
(function () {
  var games = JSON.parse(document.getElementById('replays').textContent);
  var pick = document.getElementById('game');
  var board = document.getElementById('board');
  var list = document.getElementById('moves');
  var g = null, at = 0;
  function el(tag, text, cls) {
    var e = document.createElement(tag);
    if (text !== undefined) e.textContent = text;
    if (cls) e.className = cls;
    return e;
  }
  games.forEach(function (game, i) { pick.appendChild(el('option', game.name)).value = i; });
  function show(k) {
    if (!g || !g.steps) return;
    at = Math.max(0, Math.min(g.steps.length - 1, k));
    var s = g.steps[at];
    document.getElementById('layer').innerHTML = s.layer;
    document.getElementById('where').textContent = 'step ' + at + ' of ' + (g.steps.length - 1);
    var cap = document.getElementById('caption');
    cap.innerHTML = s.dice;
    var words = s.kind === 'move' ? s.who + ': ' + s.text : s.text;
    if (s.said.length) words += ' — ' + s.said.join('; ');
    cap.appendChild(el('div', words, s.kind === 'throw' ? 'throw' : ''));
    if (at === g.steps.length - 1 && g.stopped) cap.appendChild(el('div', 'replay stopped: ' + g.stopped, 'error'));
    var panel = document.getElementById('panel');
    panel.innerHTML = '';
    s.panel.forEach(function (row) {
      var tr = el('tr');
      tr.appendChild(el('td', row[0]));
      tr.appendChild(el('td', row[1]));
      panel.appendChild(tr);
    });
    Array.prototype.forEach.call(list.children, function (li, i) { li.classList.toggle('at', i === at); });
    var cur = list.children[at];
    if (cur && cur.scrollIntoView) cur.scrollIntoView({ block: 'nearest' });
  }
  function load(i) {
    g = games[i];
    document.getElementById('head').textContent = g.head;
    list.innerHTML = '';
    var key = document.getElementById('key');
    key.innerHTML = '';
    if (g.error) {
      document.getElementById('layer').innerHTML = '';
      document.getElementById('caption').innerHTML = '';
      document.getElementById('caption').appendChild(el('div', 'no replay: ' + g.error, 'error'));
      return;
    }
    board.setAttribute('viewBox', '0 0 ' + g.width + ' ' + g.height);
    board.setAttribute('width', g.width);
    board.setAttribute('height', g.height);
    document.getElementById('bg').innerHTML = g.board;
    g.key.forEach(function (k) {
      var span = el('span');
      var dot = el('i');
      dot.style.background = k[1];
      dot.style.border = '1px solid ' + k[2];
      span.appendChild(dot);
      span.appendChild(document.createTextNode(k[0]));
      key.appendChild(span);
    });
    g.steps.forEach(function (s, i) {
      var text = s.kind === 'move' ? s.who + ': ' + s.text : s.text;
      var li = el('li', text, s.kind + (s.taken ? ' taken' : ''));
      li.value = i;
      li.addEventListener('click', function () { show(i); });
      list.appendChild(li);
    });
    show(0);
  }
  pick.addEventListener('change', function () { load(+pick.value); });
  document.getElementById('first').onclick = function () { show(0); };
  document.getElementById('prev').onclick = function () { show(at - 1); };
  document.getElementById('next').onclick = function () { show(at + 1); };
  document.getElementById('last').onclick = function () { if (g && g.steps) show(g.steps.length - 1); };
  document.addEventListener('keydown', function (e) {
    if (e.target && e.target.tagName === 'SELECT') return;
    if (e.key === 'ArrowRight') { show(at + 1); e.preventDefault(); }
    else if (e.key === 'ArrowLeft') { show(at - 1); e.preventDefault(); }
    else if (e.key === 'Home') { show(0); e.preventDefault(); }
    else if (e.key === 'End' && g && g.steps) { show(g.steps.length - 1); e.preventDefault(); }
  });
  // `#game=G&step=S` opens game G (from 0) at step S: a link to a moment.
  var want = {};
  location.hash.slice(1).split('&').forEach(function (kv) { var p = kv.split('='); want[p[0]] = +p[1] || 0; });
  if (games.length) {
    var first = Math.min(want.game || 0, games.length - 1);
    pick.value = first;
    load(first);
    show(want.step || 0);
  }
})();
"#;
