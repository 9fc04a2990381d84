// Test only: ranks the pairs of a PBN results file as programs independent
// of traveler do: the npm package pbn (github.com/richardschneider/pbn)
// reads the games, the npm package bridge-scorer (github.com/
// richardschneider/bridge-scorer, both MIT) scores each board — its
// matchpoints (2 a score beaten, 1 a tie) or its cross-IMPs (the IMPs
// against each other score, averaged) — and this script adds each pair's
// boards up. At matchpoints a board played fewer times than the most any
// board of the section was is scaled to that many by Neuberg's formula,
// (raw + 1)·n/m − 1 (EBU Laws & Ethics, "The Neuberg Formula"), which
// bridge-scorer does not make. It prints one JSON object a line: section,
// pair, total, boards played and, at matchpoints, the sum of the boards'
// tops and the percentage. A game is a board played at a table: [Board], [Section],
// [PairId_NS], [PairId_EW], [Declarer], [Contract] ("Pass" for a passed-out
// board) and [Score] ("NS 420" or "EW 50"), as traveler writes them.
// Usage: node standings.js FILE MP|CROSS_IMP
'use strict';
const fs = require('fs');
const pbn = require('pbn');
const scorer = require('bridge-scorer');

const method = process.argv[3];
if (method !== 'MP' && method !== 'CROSS_IMP') {
  process.stderr.write('method must be MP or CROSS_IMP, not ' + method + '\n');
  process.exit(2);
}

const games = [];
let game = null;
fs.createReadStream(process.argv[2])
  .pipe(pbn())
  .on('data', (d) => {
    if (d.type === 'game') {
      game = {};
      games.push(game);
    } else if (d.type === 'tag' && game) {
      game[d.name] = d.value;
    }
  })
  .on('error', (err) => {
    process.stderr.write(String(err && err.message || err) + '\n');
    process.exit(1);
  })
  .on('end', () => rank());

// nsScore is a game's score for North-South, or null for a game no
// score was written for (a board not played).
function nsScore(g) {
  if (g.Contract === 'Pass') return 0;
  const m = /^(NS|EW) (-?\d+)$/.exec(g.Score || '');
  if (!m) return null;
  return m[1] === 'NS' ? Number(m[2]) : -Number(m[2]);
}

function rank() {
  const boards = new Map(); // section/board -> the games played on it
  for (const g of games) {
    const score = nsScore(g);
    if (score === null || !g.PairId_NS || !g.PairId_EW) continue;
    const key = (g.Section || '') + '/' + g.Board;
    if (!boards.has(key)) boards.set(key, []);
    const declarer = /^[NESW]$/.test(g.Declarer || '') ? g.Declarer : 'N';
    // bridge-scorer takes the declarer's score and its seat.
    const own = declarer === 'N' || declarer === 'S' ? score : -score;
    boards.get(key).push({
      section: g.Section || '', ns: g.PairId_NS, ew: g.PairId_EW,
      contract: score === 0 ? undefined : { declaror: declarer },
      score: own,
    });
  }
  const pairs = new Map(); // section/pair -> its figures
  const add = (section, pair, points, top) => {
    const key = section + '/' + pair;
    if (!pairs.has(key)) pairs.set(key, { section: section, pair: pair, total: 0, boards: 0, tops: 0 });
    const p = pairs.get(key);
    p.total += points;
    p.boards += 1;
    p.tops += top;
  };
  const most = new Map(); // section -> the most games any of its boards has
  for (const played of boards.values()) {
    const s = played[0].section;
    most.set(s, Math.max(most.get(s) || 0, played.length));
  }
  for (const played of boards.values()) {
    if (method === 'MP') {
      scorer.matchpoints(played);
      const n = most.get(played[0].section), m = played.length;
      const scaled = (raw) => (m === n ? raw : (raw + 1) * n / m - 1);
      const top = 2 * (n - 1);
      for (const g of played) {
        add(g.section, g.ns, scaled(g.matchpointsNS.value), top);
        add(g.section, g.ew, scaled(g.matchpointsEW.value), top);
      }
    } else {
      scorer.crossImps(played);
      for (const g of played) {
        add(g.section, g.ns, g.impsNS.value, 0);
        add(g.section, g.ew, g.impsEW.value, 0);
      }
    }
  }
  const out = [];
  for (const p of pairs.values()) {
    if (method === 'MP') p.percentage = p.tops > 0 ? 100 * p.total / p.tops : 0;
    out.push(JSON.stringify(p));
  }
  process.stdout.write(out.join('\n') + '\n');
}
