// bench.js is bridge-scorer's half of the comparison (./run): it reads the
// results traveler.go gen wrote (lines of `traveler score` input) from
// stdin, scores them all with bridge-scorer's contractTricks once to warm
// up, then -runs times against the clock, and prints the median and the
// best nanoseconds a result: "median best". -scores gets each line's NS
// score, one a line.
//
//   node bench.js -runs 5 -scores bridge-scorer.txt < results.jsonl
'use strict';

const fs = require('fs');
const scorer = require('bridge-scorer');

function flag(name, fallback) {
    const i = process.argv.indexOf('-' + name);
    return i >= 0 && i + 1 < process.argv.length ? process.argv[i + 1] : fallback;
}

const runs = Number(flag('runs', '5'));
const scoresPath = flag('scores', '');
if (!(runs >= 1)) {
    throw new Error('-runs: at least 1');
}

// Each line becomes what contractTricks takes: the contract (level,
// denomination, risk; a pass is level 0), whether the declarer's side is
// vulnerable, the tricks it took; and the sign that turns the declarer's
// score into NS's.
const results = [];
for (const line of fs.readFileSync(0, 'utf8').split('\n')) {
    if (line === '') {
        continue;
    }
    const q = JSON.parse(line);
    if (q.law !== 'contract-2017') {
        throw new Error('not a contract-2017 result: ' + line);
    }
    const nsDeclares = q.declarer === 'N' || q.declarer === 'S';
    const contract = { level: 0, denomination: '', risk: '' };
    const m = /^([1-7])(C|D|H|S|NT)(X{0,2})$/.exec(q.contract);
    if (m) {
        contract.level = Number(m[1]);
        contract.denomination = m[2];
        contract.risk = m[3];
    } else if (q.contract !== 'PASS') {
        throw new Error('a contract bench.js cannot read: ' + line);
    }
    results.push({
        contract: contract,
        vulnerable: q.vulnerable === 'All' || q.vulnerable === (nsDeclares ? 'NS' : 'EW'),
        tricks: m ? q.tricks : 0,
        sign: nsDeclares ? 1 : -1,
    });
}
if (results.length === 0) {
    throw new Error('no results on stdin');
}

// scoreAll is the timed loop: the declarer's score of every result.
function scoreAll(out) {
    for (let i = 0; i < results.length; i++) {
        const r = results[i];
        out[i] = scorer.contractTricks(r.contract, r.vulnerable, r.tricks);
    }
}

const out = new Int32Array(results.length);
const perResult = [];
for (let run = 0; run <= runs; run++) {
    const start = process.hrtime.bigint();
    scoreAll(out);
    const ns = Number(process.hrtime.bigint() - start);
    if (run > 0) { // run 0 warms up
        perResult.push(ns / results.length);
    }
}

if (scoresPath !== '') {
    const lines = new Array(results.length);
    for (let i = 0; i < results.length; i++) {
        lines[i] = String(out[i] * results[i].sign);
    }
    fs.writeFileSync(scoresPath, lines.join('\n') + '\n');
}
perResult.sort((a, b) => a - b);
console.log(perResult[Math.floor(perResult.length / 2)].toFixed(2) + ' ' + perResult[0].toFixed(2));
