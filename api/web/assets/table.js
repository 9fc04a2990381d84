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

  // describe writes a result in words: "4 ♠ Spades doubled by North, 10 tricks".
  function describe(r) {
    if (r.status === 'passed_out' || r.contract === 'PASS') return 'Passed out';
    if (r.status && r.status !== 'played') return r.status.replace('_', ' ');
    var c = parseContract(r.contract), st = strainOf(c.strain);
    var words = (c.level ? c.level + ' ' : '') + (st ? (st.symbol ? st.symbol + ' ' : '') + st.name : c.strain);
    if (c.royal) words += ' royal';
    var d = data.contract.doubles.filter(function (x) { return x.code === c.doubles; })[0];
    if (d && d.code) words += ' ' + d.name.toLowerCase();
    return words + ' by ' + (seatNames[r.declarer] || r.declarer) + ', ' + r.tricks + ' trick' + (r.tricks === 1 ? '' : 's');
  }

  function scoreText(ns) {
    if (ns > 0) return 'North–South ' + ns;
    if (ns < 0) return 'East–West ' + -ns;
    return '0 to either side';
  }

  // resultOf reads the form into a request body for the API.
  function resultOf(entry) {
    var r = { board: +entry.dataset.board, round: data.round, table: data.table, contract: contractOf(entry) };
    if (r.contract !== 'PASS') {
      r.declarer = field(entry, 'declarer').value;
      var t = field(entry, 'tricks').value;
      if (t !== '') r.tricks = +t;
    }
    return r;
  }

  // missing names the first control still to fill in, and what to do.
  function missing(entry, r) {
    if (!r.contract) {
      var level = field(entry, 'level');
      return level && !level.value ? ['level', 'Choose the level of the contract.'] : ['strain', 'Choose the strain of the contract.'];
    }
    if (r.contract === 'PASS') return null;
    if (!r.declarer) return ['declarer', 'Choose the declarer.'];
    if (r.tricks === undefined) return ['tricks', "Choose the tricks won by the declarer's side."];
    return null;
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
    if (missing(entry, r)) { out.textContent = ''; return; }
    var body = { law: data.law, contract: r.contract };
    if (b.vulnerable) body.vulnerable = b.vulnerable; // the hand record's, which may differ from the board number's
    if (data.options && Object.keys(data.options).length) body.options = data.options;
    if (b.deal) body.deal = b.deal;
    if (r.contract !== 'PASS') { body.declarer = r.declarer; body.tricks = r.tricks; }
    var seq = (previewSeq[r.board] || 0) + 1;
    previewSeq[r.board] = seq;
    out.textContent = 'working it out…';
    api('POST', '/v1/score', body).then(function (res) {
      if (previewSeq[r.board] !== seq) return;
      out.textContent = res.ok ? scoreText(res.body.ns_score) : 'cannot be scored: ' + (res.body.error || 'status ' + res.status);
    }, function () {
      if (previewSeq[r.board] === seq) out.textContent = 'shown when the network is back';
    });
  }

  function api(method, url, body, headers) {
    var h = { Authorization: 'Bearer ' + data.token, Accept: 'application/json' };
    if (body !== undefined) h['Content-Type'] = 'application/json';
    Object.keys(headers || {}).forEach(function (k) { h[k] = headers[k]; });
    return fetch(url, { method: method, headers: h, body: body === undefined ? undefined : JSON.stringify(body), cache: 'no-store' })
      .then(function (res) {
        return res.json().catch(function () { return {}; }).then(function (b) { return { status: res.status, ok: res.ok, body: b }; });
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
    var n = queue().filter(function (i) { return !i.error; }).length;
    var offline = navigator.onLine === false;
    statusEl.textContent = n === 0 ? 'Nothing waiting to be sent.' :
      n + ' waiting to be sent' + (offline ? ': no network, they go as soon as it is back.' : '.');
    statusEl.classList.toggle('waiting', n > 0);
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
    return cur.status === 'played' && cur.contract === body.contract && cur.declarer === body.declarer && cur.tricks === body.tricks;
  }

  function removeItem(item) {
    saveQueue(queue().filter(function (i) { return i.key !== item.key; }));
  }

  function settle(item, result) {
    removeItem(item);
    stored[item.board] = result;
    var entry = item.round === data.round && entryOf(item.board);
    if (entry) render(entry);
  }

  function refuse(item, body, current) {
    item.error = body.error || 'refused';
    item.field = body.field || '';
    saveQueue(queue().map(function (i) { return i.key === item.key ? item : i; }));
    if (current && item.round === data.round) stored[item.board] = current; // correct the stored one instead
    var entry = item.round === data.round && entryOf(item.board);
    if (entry) {
      render(entry);
      return;
    }
    var box = document.getElementById('queue-errors'), p = document.createElement('p');
    p.className = 'error';
    p.textContent = 'Board ' + item.board + ' of round ' + item.round + ' was not stored: ' + item.error + ' Tell the director.';
    box.appendChild(p);
    removeItem(item);
  }

  // flush sends the waiting entries one by one, oldest first.
  function flush() {
    showQueue();
    if (sending || navigator.onLine === false) return;
    var item = queue().filter(function (i) { return !i.error; })[0];
    if (!item) return;
    sending = true;
    var headers = item.method === 'PUT' ? { 'If-Match': '"' + item.version + '"' } : { 'Idempotency-Key': item.key };
    api(item.method, item.url, item.body, headers).then(function (res) {
      sending = false;
      var cur = res.body && res.body.current;
      if (res.ok) settle(item, res.body);
      else if ((res.status === 409 || res.status === 412) && cur && sameResult(cur, item.body)) settle(item, cur);
      else if (res.status >= 500 || res.status === 429 || res.status === 408) { showQueue(); return; } // try again later
      else refuse(item, res.body || {}, cur);
      flush();
    }, function () {
      sending = false; // offline: the next try is on the online event or within 10 s
      showQueue();
    });
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
    Array.prototype.forEach.call(entry.querySelectorAll('.contract select, .contract input, .play-fields select'), function (f) {
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

  Array.prototype.forEach.call(document.querySelectorAll('.board-entry'), function (entry) {
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
  });

  window.addEventListener('online', flush);
  window.addEventListener('offline', showQueue);
  setInterval(flush, 10000);
  roundDone();
  refresh();
  flush();
}());
