// traveler's table page: North enters each board, East–West agree (or call
// the director), and the result goes to the API with the table's token. Every
// confirmed entry waits in localStorage until the server has it, so entries
// made while the network is down are sent when it is back; the Idempotency-Key
// made at confirmation means a retry never stores a result twice.
(function () {
  'use strict';
  var data = JSON.parse(document.getElementById('table-data').textContent);
  var queueKey = 'traveler-queue:' + data.section + ':' + data.table;
  var statusEl = document.getElementById('queue-status');
  var stored = {}; // board → the result the server holds
  var sending = false;
  var previewSeq = {};
  data.results.forEach(function (r) { stored[r.board] = r; });

  var seatNames = { N: 'North', E: 'East', S: 'South', W: 'West' };
  var seats = ['N', 'E', 'S', 'W'];
  var features = data.features || {};

  function entryOf(board) { return document.querySelector('.board-entry[data-board="' + board + '"]'); }
  function field(entry, name) { return entry.querySelector('[name="' + name + '"]'); }
  function boardOf(n) { return data.boards.filter(function (b) { return b.number === n; })[0] || { number: n }; }
  function strainOf(code) { return data.contract.strains.filter(function (s) { return s.code === code; })[0]; }

  // --- contracts: built from the picker, read back for display and correction

  // contractOf returns the contract the form gives, as the law code writes it ("4SX", "NT", "PASS"), or "".
  function contractOf(entry) {
    var passed = field(entry, 'passed');
    if (passed && passed.checked) return 'PASS';
    var level = field(entry, 'level'), strain = field(entry, 'strain').value;
    var royal = field(entry, 'royal'), doubled = field(entry, 'doubled');
    if (!strain || (level && !level.value)) return '';
    return (level ? level.value : '') + strain + (royal && royal.checked ? 'R' : '') + (doubled ? doubled.value : '');
  }

  // parseContract splits a contract string into level, strain, royal and doublings.
  function parseContract(s) {
    s = s || ''; // an auction the server has not read yet gives no contract
    if (s === 'PASS') return { pass: true };
    var c = { level: '', strain: '', royal: false, doubles: '' }, rest = s;
    if (/^[1-7]/.test(rest)) { c.level = rest[0]; rest = rest.slice(1); }
    data.contract.strains.forEach(function (st) {
      if (rest.indexOf(st.code) === 0 && st.code.length > c.strain.length) c.strain = st.code;
    });
    rest = rest.slice(c.strain.length);
    if (rest[0] === 'R') { c.royal = true; rest = rest.slice(1); }
    c.doubles = rest;
    return c;
  }

  // typedAuction returns the calls typed in the auction box, or null.
  function typedAuction(entry) {
    var f = field(entry, 'auction');
    if (!f) return null;
    var calls = f.value.trim().toUpperCase().split(/[\s,;]+/).filter(function (c) { return c; });
    return calls.length ? calls : null;
  }

  // auctionOf returns the calls to send: those typed, or in the Bridge codes
  // the declaration the picker gives (the trump named by the dealer or, left
  // to him, his partner; one X a doubling; both opponents satisfied).
  function auctionOf(entry, contract) {
    if (!features.declaration) return typedAuction(entry);
    if (!contract || contract === 'PASS') return null;
    var c = parseContract(contract), calls = [];
    if (field(entry, 'declared') && field(entry, 'declared').value === 'partner') calls.push('LEAVE');
    calls.push(c.strain);
    for (var i = 0; i < c.doubles.length; i++) calls.push('X');
    return calls.concat(['PASS', 'PASS']);
  }

  // isSuit says whether a strain has trumps (honours are A K Q J 10 and chicane counts).
  function isSuit(code) { return code !== 'NT' && code !== 'NL'; }

  // describe writes a result in words: "4 ♠ Spades doubled by North, 10 tricks".
  function describe(r) {
    if (r.status === 'passed_out' || r.contract === 'PASS') return 'Passed out';
    if (r.status && r.status !== 'played') return r.status.replace('_', ' ');
    var c = parseContract(r.contract), st = strainOf(c.strain);
    var words = (c.level ? c.level + ' ' : '') + (st ? (st.symbol ? st.symbol + ' ' : '') + st.name : c.strain);
    if (c.royal) words += ' royal';
    var d = data.contract.doubles.filter(function (x) { return x.code === c.doubles; })[0];
    if (d && d.code) words += ' ' + d.name.toLowerCase();
    if (!r.contract && r.auction) words = 'auction ' + r.auction.join(' ');
    if (features.declaration && r.auction && r.auction[0] === 'LEAVE') words += ', left to partner';
    var t = words + ' by ' + (seatNames[r.declarer] || r.declarer || 'the auction\'s declarer') + ', ' + r.tricks + ' trick' + (r.tricks === 1 ? '' : 's');
    if (r.lead) t += ' · lead ' + r.lead;
    if (r.honours) t += ' · honours ' + seats.map(function (s) { return s + ' ' + (r.honours[s] || 0); }).join(', ');
    if (r.chicane && r.chicane.length) t += ' · void of trumps: ' + r.chicane.map(function (s) { return seatNames[s]; }).join(', ');
    (r.revokes || []).forEach(function (rv) {
      t += ' · revoke by ' + rv.side + (rv.penalty ? ' (' + (rv.penalty === 'tricks' ? '3 tricks' : features.revoke_points + ' points') + ')' : '');
    });
    return t;
  }

  function scoreText(ns) {
    if (ns > 0) return 'North–South ' + ns;
    if (ns < 0) return 'East–West ' + -ns;
    return '0 to either side';
  }

  // resultOf reads the form into a request body for the API.
  function resultOf(entry) {
    var r = { board: +entry.dataset.board, round: data.round, table: data.table, contract: contractOf(entry) };
    var typed = typedAuction(entry);
    if (typed) { // the auction gives the contract: the picker shows what it gave, if the server said
      r.auction = typed;
      r.contract = entry.dataset.auctionFor === typed.join(' ') ? entry.dataset.auctionContract : '';
    }
    if (r.contract !== 'PASS') {
      r.declarer = typed ? (r.contract ? entry.dataset.auctionDeclarer : '') : field(entry, 'declarer').value;
      var t = field(entry, 'tricks').value;
      if (t !== '') r.tricks = +t;
    }
    if (!typed) {
      var calls = auctionOf(entry, r.contract);
      if (calls) r.auction = calls;
    }
    if (!r.contract) delete r.contract;
    if (!r.declarer) delete r.declarer;
    if (r.contract === 'PASS') return r;
    var lead = leadOf(entry);
    if (lead) r.lead = lead;
    var strain = r.contract ? parseContract(r.contract).strain : '';
    if (honoursAsked(entry, strain)) {
      r.honours = {};
      seats.forEach(function (s) { r.honours[s] = +field(entry, 'honours-' + s).value; });
      var voids = seats.filter(function (s) { var f = field(entry, 'chicane-' + s); return f && f.checked && !f.disabled; });
      if (voids.length) r.chicane = voids;
    }
    var n = field(entry, 'revokes') ? +field(entry, 'revokes').value : 0, seen = {};
    var declSide = /^[NS]$/.test(r.declarer || '') ? 'NS' : /^[EW]$/.test(r.declarer || '') ? 'EW' : '';
    if (n > 0) r.revokes = [];
    for (var i = 0; i < n; i++) {
      var rv = { side: field(entry, 'revoke-side-' + i).value }, pen = field(entry, 'revoke-penalty-' + i);
      if (pen && !seen[rv.side] && rv.side !== declSide) rv.penalty = pen.value; // the declarer's choice: a defender's first revoke
      seen[rv.side] = true;
      r.revokes.push(rv);
    }
    return r;
  }

  // honoursAsked says whether the table gives the honours of this board in
  // this strain: the code scores them and there is no hand record.
  function honoursAsked(entry, strain) {
    if (!features.honours || !field(entry, 'honours-N')) return false;
    return !(strain === 'NL' && !features.nullo_honours);
  }

  // missing names the first control still to fill in, and what to do.
  function missing(entry, r) {
    if (r.auction && typedAuction(entry)) {
      var refused = auctionRefusal(entry, typedAuction(entry));
      if (refused) return ['auction', refused];
      if (r.contract === 'PASS') return null;
      if (r.tricks === undefined) return ['tricks', "Choose the tricks won by the declarer's side."];
      return leadProblem(r);
    }
    if (!r.contract) {
      var level = field(entry, 'level');
      return level && !level.value ? ['level', 'Choose the level of the contract.'] : ['strain', 'Choose the strain of the contract.'];
    }
    if (r.contract === 'PASS') return null;
    if (!r.declarer) return ['declarer', 'Choose the declarer.'];
    if (r.tricks === undefined) return ['tricks', "Choose the tricks won by the declarer's side."];
    return leadProblem(r);
  }

  // --- the opening lead (the director's option): a card, checked by the
  // server against the hand record when the entry is sent

  // leadOf returns the lead typed, in capitals, or ''.
  function leadOf(entry) {
    var f = field(entry, 'lead');
    return f ? f.value.trim().toUpperCase() : '';
  }

  // leadProblem names a typed lead that is not a card.
  function leadProblem(r) {
    if (!r.lead || /^([SHDC](10|[AKQJT2-9])|(10|[AKQJT2-9])[SHDC])$/.test(r.lead)) return null;
    return ['lead', 'The opening lead "' + r.lead + '" is not a card: write the suit, then the rank, e.g. SA, H7, DT (or D10).'];
  }

  function fillForm(entry, r) {
    var c = parseContract(r.contract), set = function (name, v) {
      var f = field(entry, name);
      if (!f) return;
      f.value = v;
      if (f.tagName === 'SELECT' && f.selectedIndex < 0) f.selectedIndex = 0; // a value the picker does not offer
    };
    var passed = field(entry, 'passed');
    if (passed) passed.checked = !!c.pass;
    if (!c.pass) {
      set('level', c.level); set('strain', c.strain); set('doubled', c.doubles);
      set('declarer', r.declarer || ''); set('tricks', r.tricks === undefined ? '' : String(r.tricks));
      var royal = field(entry, 'royal');
      if (royal) royal.checked = c.royal;
    }
    set('query', r.query || '');
    set('lead', r.lead || '');
    if (features.declaration) set('declared', r.auction && r.auction[0] === 'LEAVE' ? 'partner' : 'dealer');
    else set('auction', r.auction && !features.declaration ? r.auction.join(' ') : '');
    if (r.honours) seats.forEach(function (s) { set('honours-' + s, String(r.honours[s] || 0)); });
    seats.forEach(function (s) { var f = field(entry, 'chicane-' + s); if (f) f.checked = (r.chicane || []).indexOf(s) >= 0; });
    set('revokes', String((r.revokes || []).length));
    (r.revokes || []).forEach(function (rv, i) {
      set('revoke-side-' + i, rv.side);
      if (rv.penalty) set('revoke-penalty-' + i, rv.penalty);
    });
    syncChoices(entry);
  }

  // syncChoices keeps the picker to what the law code allows: no doubling
  // beyond the strain's limit, royal only where the strain has it, nothing
  // else when the board is passed out.
  function syncChoices(entry) {
    var passed = field(entry, 'passed'), isPass = !!(passed && passed.checked);
    entry.classList.toggle('is-passed', isPass);
    ['level', 'strain', 'royal', 'doubled', 'declarer', 'tricks'].forEach(function (n) {
      var f = field(entry, n);
      if (f) f.disabled = isPass;
    });
    var st = strainOf(field(entry, 'strain').value), doubled = field(entry, 'doubled'), royal = field(entry, 'royal');
    if (doubled) {
      var most = st ? st.max_doubles : data.contract.doubles.length - 1;
      Array.prototype.forEach.call(doubled.options, function (o, i) { o.disabled = i > most; });
      if (doubled.selectedIndex > most) doubled.value = '';
    }
    if (royal && !isPass) {
      royal.disabled = !!st && !st.royal;
      if (royal.disabled) royal.checked = false;
    }
    if (!(data.contract.levels || []).length && !field(entry, 'declarer').value) {
      field(entry, 'declarer').value = boardOf(+entry.dataset.board).dealer || ''; // the Bridge codes: the dealer declares
    }
    var typed = !isPass && typedAuction(entry);
    if (typed) { // the auction gives the contract and declarer
      ['passed', 'level', 'strain', 'royal', 'doubled', 'declarer'].forEach(function (n) { var f = field(entry, n); if (f) f.disabled = true; });
    } else if (passed) {
      passed.disabled = false;
    }
    entry.classList.toggle('has-auction', !!typed);
    syncHonours(entry, isPass);
    syncRevokes(entry, isPass);
  }

  // syncHonours asks for trump honours (0–5) in a suit, aces (0–4) at
  // no-trump and nullo, chicane only in a suit; with a hand record it shows
  // what the record gives in the strain chosen.
  function syncHonours(entry, isPass) {
    var box = entry.querySelector('fieldset.honours');
    if (!box) return;
    var strain = field(entry, 'strain').value, suit = isSuit(strain);
    box.hidden = isPass || (strain === 'NL' && !features.nullo_honours);
    var derived = box.querySelector('.honours-derived'), b = boardOf(+entry.dataset.board);
    if (derived) {
      var h = b.holdings && b.holdings[strain];
      if (!h) { derived.textContent = 'Taken from the hand record once the ' + ((data.contract.levels || []).length ? 'strain' : 'trump') + ' is chosen.'; return; }
      var what = suit ? 'trump honours' : 'aces';
      derived.textContent = 'From the hand record, ' + what + ': ' + seats.map(function (s) { return seatNames[s] + ' ' + h.honours[s]; }).join(', ') +
        (suit && h.chicane.length ? '; void of trumps: ' + h.chicane.map(function (s) { return seatNames[s]; }).join(', ') : '') + '.';
      return;
    }
    var what = box.querySelector('.honours-what');
    if (what) what.textContent = suit ? 'No hand record: how many trump honours (A K Q J 10) each hand held.' : 'No hand record: how many aces each hand held.';
    seats.forEach(function (s) {
      var sel = field(entry, 'honours-' + s);
      Array.prototype.forEach.call(sel.options, function (o) { o.disabled = !suit && +o.value > 4; });
      if (!suit && +sel.value > 4) sel.value = '4';
      var c = field(entry, 'chicane-' + s);
      if (c) { c.disabled = !suit; if (!suit) c.checked = false; }
    });
    var ch = box.querySelector('.chicane-fields');
    if (ch) ch.hidden = !suit;
  }

  // syncRevokes shows a row for each revoke, and the declarer's choice of
  // penalty only for a defender's first revoke.
  function syncRevokes(entry, isPass) {
    var box = entry.querySelector('fieldset.revokes');
    if (!box) return;
    box.hidden = isPass;
    var n = +field(entry, 'revokes').value, seen = {}, decl = field(entry, 'declarer').value;
    var declSide = /^[NS]$/.test(decl) ? 'NS' : /^[EW]$/.test(decl) ? 'EW' : '';
    Array.prototype.forEach.call(box.querySelectorAll('.revoke-row'), function (row) {
      var i = +row.dataset.revoke, side = field(entry, 'revoke-side-' + i).value;
      row.hidden = i >= n;
      var pen = row.querySelector('.revoke-penalty');
      if (pen) pen.hidden = i >= n || seen[side] || side === declSide || !declSide;
      if (i < n) seen[side] = true;
    });
  }

  function showError(entry, message, fieldName) {
    var el = entry.querySelector('.entry-error');
    el.textContent = message || '';
    Array.prototype.forEach.call(entry.querySelectorAll('[aria-invalid]'), function (f) { f.removeAttribute('aria-invalid'); });
    var f = fieldName && field(entry, fieldName);
    if (f) { f.setAttribute('aria-invalid', 'true'); f.focus(); }
  }

  // --- the score as it is entered: POST /v1/score

  function preview(entry) {
    var out = entry.querySelector('.score-preview'), r = resultOf(entry), b = boardOf(r.board);
    showError(entry, '');
    var typed = typedAuction(entry);
    if (missing(entry, r) && !typed) { out.textContent = ''; showLines(entry.querySelector('.score-lines'), []); return; }
    var body = { law: data.law };
    if (r.contract) body.contract = r.contract;
    if (r.auction) { body.auction = r.auction; body.dealer = b.dealer; }
    if (typed) { delete body.contract; }
    if (b.vulnerable) body.vulnerable = b.vulnerable; // the hand record's, which may differ from the board number's
    if (data.options && Object.keys(data.options).length) body.options = data.options;
    if (b.deal) body.deal = b.deal;
    if (r.contract !== 'PASS') { if (!typed) body.declarer = r.declarer; body.tricks = r.tricks === undefined ? 0 : r.tricks; }
    ['honours', 'chicane', 'revokes'].forEach(function (k) { if (r[k]) body[k] = r[k]; });
    var seq = (previewSeq[r.board] || 0) + 1;
    previewSeq[r.board] = seq;
    out.textContent = 'working it out…';
    showLines(entry.querySelector('.score-lines'), []);
    api('POST', '/v1/score', body).then(function (res) {
      if (previewSeq[r.board] !== seq) return;
      if (typed) keepAuctionRefusal(entry, typed, res);
      if (typed && res.ok && res.body.contract) takeAuction(entry, typed, res.body.contract, res.body.declarer || '');
      if (typed && r.tricks === undefined && res.body.contract !== 'PASS') {
        out.textContent = res.ok ? 'the auction gives ' + res.body.contract + (res.body.declarer ? ' by ' + seatNames[res.body.declarer] : '') + ': choose the tricks' :
          'cannot be scored: ' + (res.body.error || 'status ' + res.status);
        return;
      }
      out.textContent = res.ok ? scoreText(res.body.ns_score) : 'cannot be scored: ' + (res.body.error || 'status ' + res.status);
      if (res.ok) showLines(entry.querySelector('.score-lines'), res.body.lines);
    }, function () {
      if (previewSeq[r.board] === seq) out.textContent = 'shown when the network is back';
    });
  }

  // keepAuctionRefusal remembers what the server said of the typed calls
  // when it refused them (an insufficient bid, a double of partner), so
  // Confirm shows that message instead of asking East–West to agree.
  function keepAuctionRefusal(entry, calls, res) {
    var about = (res.body && res.body.field) || '';
    if (!res.ok && res.status < 500 && about.indexOf('auction') === 0) {
      entry.dataset.auctionRefusedFor = calls.join(' ');
      entry.dataset.auctionRefusal = res.body.error || ('status ' + res.status);
    } else {
      delete entry.dataset.auctionRefusedFor;
      delete entry.dataset.auctionRefusal;
    }
  }

  // auctionRefusal is the server's refusal of these calls, or ''.
  function auctionRefusal(entry, calls) {
    if (!calls || entry.dataset.auctionRefusedFor !== calls.join(' ')) return '';
    var why = entry.dataset.auctionRefusal;
    if (!/[.!?]$/.test(why)) why += '.';
    return 'The auction cannot be played: ' + why + ' Correct the calls, or clear the box and use the picker.';
  }

  // takeAuction shows in the picker the contract and declarer the server
  // read from the typed auction, and keeps them for the entry.
  function takeAuction(entry, calls, contract, declarer) {
    entry.dataset.auctionFor = calls.join(' ');
    entry.dataset.auctionContract = contract;
    entry.dataset.auctionDeclarer = declarer;
    var c = parseContract(contract), set = function (name, v) { var f = field(entry, name); if (f) f.value = v; };
    var passed = field(entry, 'passed');
    if (passed) passed.checked = false;
    if (!c.pass) {
      set('level', c.level); set('strain', c.strain); set('doubled', c.doubles); set('declarer', declarer);
      var royal = field(entry, 'royal');
      if (royal) royal.checked = c.royal;
    }
    syncHonours(entry, !!c.pass);
    syncRevokes(entry, !!c.pass);
  }

  // showLines lists the score item by item, as the law code scores it.
  function showLines(ul, lines) {
    if (!ul) return;
    ul.innerHTML = '';
    (lines || []).forEach(function (l) {
      var li = document.createElement('li');
      li.textContent = l;
      ul.appendChild(li);
    });
  }

  function api(method, url, body, headers) {
    var h = { Authorization: 'Bearer ' + data.token, Accept: 'application/json' };
    if (body !== undefined) h['Content-Type'] = 'application/json';
    Object.keys(headers || {}).forEach(function (k) { h[k] = headers[k]; });
    return fetch(url, { method: method, headers: h, body: body === undefined ? undefined : JSON.stringify(body), cache: 'no-store' })
      .then(function (res) {
        return res.json().catch(function () { return {}; }).then(function (b) {
          return { status: res.status, ok: res.ok, body: b, kept: res.headers.get('Table-Entry-Refused') === 'kept' };
        });
      });
  }

  // --- the queue of confirmed entries, kept in localStorage

  function loadQueue() {
    try { return JSON.parse(localStorage.getItem(queueKey)) || []; } catch (e) { return []; }
  }
  function saveQueue(q) {
    try { localStorage.setItem(queueKey, JSON.stringify(q)); } catch (e) { /* private mode: kept in this page only */ }
    memoryQueue = q;
    showQueue();
  }
  var memoryQueue = loadQueue();
  function queue() { var q = loadQueue(); return q.length || !memoryQueue.length ? q : memoryQueue; }

  function showQueue() {
    if (!statusEl) return; // a table not in play this round has no queue line
    var n = queue().filter(function (i) { return !i.error; }).length;
    var offline = navigator.onLine === false;
    statusEl.textContent = n === 0 ? 'Nothing waiting to be sent.' :
      n + ' waiting to be sent' + (offline ? ': no network, they go as soon as it is back.' : '.');
    statusEl.textContent += refusedSummary();
    statusEl.classList.toggle('waiting', n > 0 || refusedItems().length > 0);
  }

  function newKey() {
    var b = new Uint8Array(16);
    crypto.getRandomValues(b);
    return 'table-' + Array.prototype.map.call(b, function (x) { return ('0' + x.toString(16)).slice(-2); }).join('');
  }

  // enqueue keeps the confirmed entry of a board (with the opponents' query, if any) and tries to send it.
  function enqueue(entry, query) {
    var r = resultOf(entry), prev = stored[r.board];
    if (query) r.query = query;
    var item = { key: newKey(), board: r.board, round: data.round, body: r };
    if (prev) { item.method = 'PUT'; item.url = '/v1/results/' + prev.id; item.version = prev.version; }
    else { item.method = 'POST'; item.url = '/v1/sections/' + data.section + '/results'; }
    withdrawReplacedRefusals(r.board, data.round);
    var q = queue().filter(function (i) { return !(i.board === r.board && i.round === data.round && i.error); });
    q.push(item);
    saveQueue(q);
    render(entry);
    nextBoard(r.board);
    flush();
  }

  // sameResult says whether the stored result cur is the entry body, so a
  // retry that meets its own earlier success counts as sent.
  function sameResult(cur, body) {
    if ((cur.query || '') !== (body.query || '')) return false;
    if (body.contract === 'PASS') return cur.status === 'passed_out';
    if (!body.contract) return cur.status === 'played' && cur.tricks === body.tricks; // the auction gave the contract
    return cur.status === 'played' && cur.contract === body.contract && cur.declarer === body.declarer && cur.tricks === body.tricks;
  }

  function removeItem(item) {
    saveQueue(queue().filter(function (i) { return i.key !== item.key; }));
  }

  function settle(item, result) {
    settledAt = Date.now();
    removeItem(item);
    stored[item.board] = result;
    var entry = item.round === data.round && entryOf(item.board);
    if (entry) render(entry);
    if (entry) openTravelerSoFar(entry);
  }

  function refuse(item, body, current) {
    item.error = body.error || 'refused';
    item.field = body.field || '';
    saveQueue(queue().map(function (i) { return i.key === item.key ? item : i; }));
    if (current && item.round === data.round) stored[item.board] = current; // correct the stored one instead
    var entry = item.round === data.round && entryOf(item.board);
    if (entry) render(entry);
    renderRefusedEntries();
  }

  // flush sends the waiting entries one by one, oldest first.
  function flush() {
    showQueue();
    if (sending || navigator.onLine === false) return;
    var item = queue().filter(function (i) { return !i.error; })[0];
    if (!item) return;
    sending = true;
    var headers = item.method === 'PUT' ? { 'If-Match': '"' + item.version + '"' } : { 'Idempotency-Key': item.key };
    headers['Table-Entry-Key'] = item.key; // a refusal is kept for the director (refused entries, below)
    api(item.method, item.url, item.body, headers).then(function (res) {
      sending = false;
      var cur = res.body && res.body.current;
      if (res.ok) settle(item, res.body);
      else if ((res.status === 409 || res.status === 412) && cur && sameResult(cur, item.body)) settle(item, cur);
      else if (res.status >= 500 || res.status === 429 || res.status === 408) { showQueue(); return; } // try again later
      else { item.kept = !!res.kept; refuse(item, res.body || {}, cur); }
      flush();
    }, function () {
      sending = false; // offline: the next try is on the online event or within 10 s
      showQueue();
    });
  }

  // --- refused entries: an entry the server refused stays on the phone (in
  // localStorage, so a reload keeps it) with the server's reason, a "Call the
  // director" button and a "Delete" button, until it is resolved: the
  // director enters or corrects the board (the server then no longer lists
  // it), or the table deletes it. The server keeps it too, for the
  // director's session board.

  function refusedItems() { return queue().filter(function (i) { return i.error; }); }

  // refusedSummary is what the status line adds about refused entries.
  function refusedSummary() {
    var n = refusedItems().length;
    return n ? ' ' + n + ' refused: see below.' : '';
  }

  // renderRefusedEntries lists every refused entry with its reason and actions.
  function renderRefusedEntries() {
    var box = document.getElementById('queue-errors');
    if (!box) return;
    box.innerHTML = '';
    refusedItems().forEach(function (item) {
      var div = document.createElement('div');
      div.className = 'refused-entry card';
      div.dataset.board = item.board; div.dataset.round = item.round;
      var p = document.createElement('p');
      p.className = 'error';
      var why = item.field && item.error.indexOf(item.field + ': ') === 0 ? item.error.slice(item.field.length + 2) : item.error;
      p.textContent = 'Not stored: board ' + item.board + ' of round ' + item.round + ' (' + describe(item.body) + '). ' + why.charAt(0).toUpperCase() + why.slice(1);
      div.appendChild(p);
      var note = document.createElement('p');
      note.className = 'refused-note';
      note.textContent = item.called ? 'The director has been called and sees this entry.' :
        item.kept ? 'The director sees this entry on the session board.' : 'Show this to the director.';
      div.appendChild(note);
      if (item.kept && !item.called) {
        var call = document.createElement('button');
        call.type = 'button'; call.className = 'danger call-director'; call.textContent = 'Call the director';
        call.addEventListener('click', function () { callDirectorAbout(item); });
        div.appendChild(call);
      }
      var del = document.createElement('button');
      del.type = 'button'; del.className = 'secondary delete-refused'; del.textContent = 'Delete this entry';
      del.addEventListener('click', function () {
        if (window.confirm('Delete the entry of board ' + item.board + ' of round ' + item.round + '? It will not be stored.')) deleteRefusedEntry(item);
      });
      div.appendChild(del);
      box.appendChild(div);
    });
    showQueueStatusOnly();
  }

  // showQueueStatusOnly refreshes the status line without rendering again.
  function showQueueStatusOnly() { if (statusEl) showQueue(); }

  function updateItem(item) {
    saveQueue(queue().map(function (i) { return i.key === item.key ? item : i; }));
  }

  // callDirectorAbout marks the refused entry as a call for the director.
  function callDirectorAbout(item) {
    api('POST', '/v1/sections/' + data.section + '/refusals/' + encodeURIComponent(item.key) + '/call').then(function (res) {
      if (res.ok) { item.called = true; updateItem(item); }
      else if (res.status === 404) { item.kept = false; updateItem(item); }
      renderRefusedEntries();
    }, function () { window.alert('No network: call the director over, or try again when the network is back.'); });
  }

  // deleteRefusedEntry gives the entry up, on the phone and on the server.
  function deleteRefusedEntry(item) {
    removeItem(item);
    api('DELETE', '/v1/sections/' + data.section + '/refusals/' + encodeURIComponent(item.key)).catch(function () {});
    var entry = item.round === data.round && entryOf(item.board);
    if (entry) render(entry);
    renderRefusedEntries();
  }

  // withdrawReplacedRefusals withdraws on the server the refused entries of
  // a board the table enters again.
  function withdrawReplacedRefusals(board, round) {
    refusedItems().forEach(function (i) {
      if (i.board === board && i.round === round && i.kept) {
        api('DELETE', '/v1/sections/' + data.section + '/refusals/' + encodeURIComponent(i.key)).catch(function () {});
      }
    });
  }

  // syncRefusedEntries drops the refused entries the server no longer holds
  // open: the director entered or corrected the board, or dismissed them.
  function syncRefusedEntries() {
    if (navigator.onLine === false || !refusedItems().some(function (i) { return i.kept; })) return;
    api('GET', '/v1/sections/' + data.section + '/refusals').then(function (res) {
      if (!res.ok || !Array.isArray(res.body)) return;
      var open = {};
      res.body.forEach(function (r) { open[r.key] = r; });
      var before = queue().length;
      saveQueue(queue().filter(function (i) { return !(i.error && i.kept && !open[i.key]); }));
      if (queue().length !== before) { renderRefusedEntries(); refresh(); }
    }, function () {});
  }

  // --- what each board shows: the form, the agreement step, waiting, or done

  function render(entry) {
    var board = +entry.dataset.board, form = entry.querySelector('.entry-form'), done = entry.querySelector('.entry-done');
    var item = queue().filter(function (i) { return i.board === board && i.round === data.round; }).pop();
    var r = stored[board];
    entry.querySelector('.agree-step').hidden = true;
    setLocked(entry, false);
    if (item && item.error) {
      form.hidden = false; done.hidden = true;
      fillForm(entry, item.body);
      showError(entry, item.error, item.field && field(entry, item.field) ? item.field : '');
      entry.classList.remove('is-done');
      roundDone();
      return;
    }
    if (item || r) {
      var what = item ? item.body : r;
      done.innerHTML = '';
      var p = document.createElement('p');
      p.textContent = describe(what) + ' · ' + (item ? 'waiting to be sent' : 'stored, score ' + scoreText(r.ns_score));
      done.appendChild(p);
      if (!item && r.lines && r.lines.length) {
        var ul = document.createElement('ul');
        ul.className = 'score-lines';
        showLines(ul, r.lines);
        done.appendChild(ul);
      }
      if (what.query) {
        var q = document.createElement('p');
        q.className = 'tag';
        q.textContent = 'Director called: ' + what.query;
        done.appendChild(q);
      }
      if (!item) {
        var b = document.createElement('button');
        b.type = 'button'; b.className = 'secondary correct'; b.textContent = 'Correct board ' + board;
        b.addEventListener('click', function () { startCorrection(entry); });
        done.appendChild(b);
        addTravelerSoFar(entry, board);
      }
      done.hidden = false; form.hidden = true;
      entry.classList.add('is-done');
    } else {
      done.hidden = true; form.hidden = false;
      entry.classList.remove('is-done');
    }
    roundDone();
  }

  function startCorrection(entry) {
    var r = stored[+entry.dataset.board];
    entry.querySelector('.entry-done').hidden = true;
    entry.querySelector('.entry-form').hidden = false;
    fillForm(entry, r);
    preview(entry);
    var first = entry.querySelector('.entry-form select, .entry-form input');
    if (first) first.focus();
  }

  function setLocked(entry, locked) {
    Array.prototype.forEach.call(entry.querySelectorAll('.contract select, .contract input, .play-fields select, .honours select, .honours input, .revokes select, .lead-fields input'), function (f) {
      f.disabled = locked;
    });
    entry.querySelector('.confirm').hidden = locked;
    if (!locked) syncChoices(entry);
  }

  function askAgreement(entry) {
    var r = resultOf(entry), gap = missing(entry, r);
    if (gap) { showError(entry, gap[1], gap[0]); return; }
    showError(entry, '');
    var step = entry.querySelector('.agree-step');
    entry.querySelector('.agree-summary').textContent = 'Board ' + r.board + ': ' + describe(r) + '. Score: ' +
      (entry.querySelector('.score-preview').textContent || 'worked out when sent') + '.';
    setLocked(entry, true);
    step.hidden = false;
    entry.querySelector('.agree').focus();
  }

  function nextBoard(board) {
    var entries = Array.prototype.slice.call(document.querySelectorAll('.board-entry'));
    var next = entries.filter(function (e) { return +e.dataset.board !== board && !e.classList.contains('is-done'); })[0];
    if (next) {
      var f = next.querySelector('.entry-form select, .entry-form input');
      next.scrollIntoView({ block: 'start' });
      if (f) f.focus();
    }
  }

  function roundDone() {
    var el = document.getElementById('round-done');
    if (!el) return;
    var open = document.querySelectorAll('.board-entry:not(.is-done)').length;
    el.hidden = open > 0;
  }

  // refresh reads what the server holds for this table and round.
  function refresh() {
    if (navigator.onLine === false) return;
    api('GET', '/v1/sections/' + data.section + '/results?round=' + data.round + '&table=' + data.table).then(function (res) {
      if (!res.ok || !Array.isArray(res.body)) return;
      res.body.forEach(function (r) { stored[r.board] = r; });
      Array.prototype.forEach.call(document.querySelectorAll('.board-entry'), function (e) {
        if (e.querySelector('.agree-step').hidden && !e.querySelector('.entry-form').contains(document.activeElement)) render(e);
      });
    }, function () {});
  }

  // bindEntry wires one board's form: the preview as it is filled in,
  // Confirm, Agree, the director's call and Change.
  function bindEntry(entry) {
    var form = entry.querySelector('.entry-form');
    form.addEventListener('change', function (ev) {
      if (ev.target.name === 'query') return;
      syncChoices(entry);
      preview(entry);
    });
    form.addEventListener('submit', function (ev) { ev.preventDefault(); askAgreement(entry); });
    entry.querySelector('.agree').addEventListener('click', function () { enqueue(entry, ''); });
    entry.querySelector('.dispute').addEventListener('click', function () {
      var why = field(entry, 'query').value.trim();
      enqueue(entry, why || 'East–West do not agree with this entry');
    });
    entry.querySelector('.change').addEventListener('click', function () {
      entry.querySelector('.agree-step').hidden = true;
      setLocked(entry, false);
      var f = entry.querySelector('.entry-form select');
      if (f) f.focus();
    });
    render(entry);
  }
  Array.prototype.forEach.call(document.querySelectorAll('.board-entry'), bindEntry);

  // --- the traveler so far (the director's option, as handheld terminals
  // show it): under a board the table has entered, the board's results
  // entered so far and this table's score on it, read when opened

  // addTravelerSoFar puts the closed "Traveler so far" box under board's entry.
  function addTravelerSoFar(entry, board) {
    if (!data.show_traveler) return;
    var box = document.createElement('details');
    box.className = 'traveler-so-far';
    var sum = document.createElement('summary');
    sum.textContent = 'Traveler so far and your score';
    var body = document.createElement('div');
    body.className = 'traveler-body';
    box.appendChild(sum);
    box.appendChild(body);
    box.addEventListener('toggle', function () { if (box.open) loadTraveler(board, body); });
    entry.querySelector('.entry-done').appendChild(box);
  }

  // openTravelerSoFar opens the box once the table's entry is stored.
  function openTravelerSoFar(entry) {
    var box = entry.querySelector('.traveler-so-far');
    if (box && !box.open) box.open = true;
  }

  // loadTraveler reads the board's traveler (GET /v1/sections/{id}/travelers/{board}) into body.
  function loadTraveler(board, body) {
    body.textContent = 'Reading the traveler…';
    api('GET', '/v1/sections/' + data.section + '/travelers/' + board).then(function (res) {
      if (!res.ok) { body.textContent = 'The traveler cannot be shown: ' + (res.body.error || 'status ' + res.status); return; }
      showTraveler(body, res.body);
    }, function () { body.textContent = 'The traveler shows when the network is back.'; });
  }

  // pointsText writes a side's points on the board: at matchpoints "5 of 8
  // matchpoints (62.5%)", else the points and what they are.
  function pointsText(points, top, method) {
    if (top > 0) return points + ' of ' + top + ' matchpoints (' + Math.round(points / top * 10000) / 100 + '%)';
    var unit = method === 'TOTAL' ? ' points' : method === 'AVERAGE' ? ' against the average' : ' IMPs';
    return (points > 0 ? '+' : '') + points + unit;
  }

  // showTraveler writes the table's own score on the board, then every line so far.
  function showTraveler(body, tr) {
    body.innerHTML = '';
    var own = tr.lines.filter(function (l) { return l.table === data.table && l.round === data.round; })[0];
    var p = document.createElement('p');
    p.className = 'own-score';
    p.textContent = own ? 'Your score so far: pair ' + own.ns + ' (North–South cards) ' + pointsText(own.ns_points, tr.top, tr.method) +
      ', pair ' + own.ew + ' (East–West cards) ' + pointsText(own.ew_points, tr.top, tr.method) + '; ' + tr.lines.length + ' result' + (tr.lines.length === 1 ? '' : 's') + ' so far.' :
      tr.lines.length + ' results so far.';
    body.appendChild(p);
    var table = document.createElement('table');
    table.className = 'traveler-lines';
    var head = table.createTHead().insertRow();
    ['Pairs', 'Contract', 'Tricks', 'Score NS', tr.top > 0 ? 'MP NS–EW' : 'NS–EW'].forEach(function (h) {
      var th = document.createElement('th'); th.scope = 'col'; th.textContent = h; head.appendChild(th);
    });
    var tb = table.createTBody();
    tr.lines.forEach(function (l) {
      var row = tb.insertRow();
      if (l === own) row.className = 'own';
      var contract = l.status === 'played' ? describeContract(l.contract) + ' ' + l.declarer : describe(l);
      [l.ns + '–' + l.ew, contract, l.status === 'played' ? String(l.tricks) : '', String(l.ns_score), l.ns_points + '–' + l.ew_points].forEach(function (v) {
        row.insertCell().textContent = v;
      });
    });
    body.appendChild(table);
  }

  // describeContract writes a contract short: "4♠X", "3NT".
  function describeContract(s) {
    var c = parseContract(s), st = strainOf(c.strain);
    if (c.pass) return 'Passed out';
    return c.level + (st && st.symbol ? st.symbol : c.strain) + (c.royal ? 'R' : '') + c.doubles;
  }

  // --- the next round: noticed by itself when the director starts it

  // watchRound asks the server for the table's round (GET /t/<token>/round,
  // a few bytes) every 10 s, when the phone wakes and when the network is
  // back; when it has changed (the director moved the round, or closed or
  // reopened one) the page turns to it.
  var roundAsked = false;
  var settledAt = 0; // when an entry was last stored: its "stored" stays in view a while before the page turns
  function watchRound() {
    if (roundAsked || navigator.onLine === false || document.hidden) return;
    roundAsked = true;
    fetch('/t/' + encodeURIComponent(data.token) + '/round', { cache: 'no-store', headers: { Accept: 'application/json' } })
      .then(function (res) { return res.ok ? res.json() : null; })
      .then(function (now) {
        roundAsked = false;
        if (!now || typeof now.round !== 'number' || now.round === data.round || chosenRound()) return;
        // A table that has just entered its round's last board reads where
        // its pairs go next: the page stays until the director announces a
        // later round or the players open the next one themselves.
        // Entries still waiting to be sent are sent, and shown stored, first.
        if (queue().some(function (i) { return !i.error; }) || Date.now() - settledAt < 8000) return;
        var done = document.getElementById('round-done');
        if (done && !done.hidden && !(now.announced > data.round)) return;
        turnRound(now.round, now.announced === now.round);
      }, function () { roundAsked = false; });
  }

  // midEntry says whether a board is being entered: East–West asked to
  // agree, or a board's form open with something chosen in it (an entry,
  // a correction); the page waits for it before it turns to another round,
  // which would put fresh, empty forms in place of the one being filled.
  function midEntry() {
    return Array.prototype.some.call(document.querySelectorAll('.agree-step'), function (s) { return !s.hidden; }) ||
      Array.prototype.some.call(document.querySelectorAll('.board-entry .entry-form'), function (f) {
        return !f.hidden && Array.prototype.some.call(f.querySelectorAll('select[name=level], select[name=strain], select[name=declarer], select[name=tricks], input[name=passed]'),
          function (x) { return x.type === 'checkbox' ? x.checked : x.value !== '' && !x.disabled && x.options && x.options.length > 1; });
      });
  }

  // chosenRound says whether the players opened this page on a round of
  // their choice (?round=, a round still open to them): it stays on it.
  function chosenRound() {
    return new URLSearchParams(location.search).has('round');
  }

  // turnRound shows round n in place: the page is fetched again and its
  // content put in place of the old, without a reload, so what waits in the
  // queue stays and goes on being sent.
  function turnRound(n, announced) {
    if (midEntry()) { showRoundWaiting(n); return; }
    fetch(location.href, { cache: 'no-store', headers: { Accept: 'text/html' } })
      .then(function (res) { return res.ok ? res.text() : null; })
      .then(function (html) {
        if (!html || midEntry()) return;
        var doc = new DOMParser().parseFromString(html, 'text/html');
        var fresh = doc.getElementById('main'), json = doc.getElementById('table-data');
        if (!fresh || !json) return;
        document.getElementById('main').replaceWith(fresh);
        document.title = doc.title;
        data = JSON.parse(json.textContent);
        features = data.features || {};
        stored = {};
        previewSeq = {};
        data.results.forEach(function (r) { stored[r.board] = r; });
        statusEl = document.getElementById('queue-status');
        Array.prototype.forEach.call(document.querySelectorAll('.board-entry'), bindEntry);
        var note = document.createElement('p');
        note.className = 'flash round-switched';
        note.setAttribute('role', 'status');
        note.textContent = announced ? 'The director has started round ' + data.round + '.' : 'Now round ' + data.round + '.';
        fresh.insertBefore(note, fresh.querySelector('#table-title'));
        document.documentElement.setAttribute('data-round', String(data.round));
        roundDone();
        renderRefusedEntries();
        flush();
      }, function () {});
  }

  // showRoundWaiting says the next round has started while East–West
  // are still asked to agree a board of this one.
  function showRoundWaiting(n) {
    var el = document.getElementById('round-waiting');
    if (!el) {
      el = document.createElement('p');
      el.id = 'round-waiting';
      el.className = 'flash round-switched';
      el.setAttribute('role', 'status');
      var main = document.getElementById('main');
      main.insertBefore(el, main.querySelector('#table-title'));
    }
    el.textContent = 'Round ' + n + ' is ready: finish this board, and the page turns to it.';
  }

  document.documentElement.setAttribute('data-round', String(data.round));
  setInterval(watchRound, 10000);
  document.addEventListener('visibilitychange', watchRound);
  window.addEventListener('online', watchRound);

  renderRefusedEntries();
  syncRefusedEntries();
  setInterval(syncRefusedEntries, 15000);
  window.addEventListener('online', flush);
  window.addEventListener('offline', showQueue);
  setInterval(flush, 10000);
  roundDone();
  refresh();
  flush();
}());
