// Test only: reads a PBN file with the npm package pbn (an independent
// reader, github.com/richardschneider/pbn) and prints every tag it parsed
// as one JSON object a line: name, value, and for a Note its number and
// text. A file the package cannot read exits 1 with its error on stderr.
'use strict';
const fs = require('fs');
const pbn = require('pbn');

const out = [];
fs.createReadStream(process.argv[2])
  .pipe(pbn())
  .on('data', (d) => {
    if (d.type === 'tag') {
      out.push(JSON.stringify({ name: d.name, value: d.value, number: d.number, text: d.text }));
    }
  })
  .on('error', (err) => {
    process.stderr.write(String(err && err.message || err) + '\n');
    process.exit(1);
  })
  .on('end', () => {
    process.stdout.write(out.join('\n') + '\n');
  });
