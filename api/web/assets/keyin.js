// traveler's key-in page: the director types each line of a traveler (or a
// pair's pickup slips) in one field. As the line is typed the server checks
// it (the same form, do=check) and the page shows what it read and the
// score; Enter stores it (do=store) and the cursor goes to the next empty
// line, which the server chooses. Without this script the forms post and
// the server redirects to the next empty line: the script only saves the
// page loads.
(function () {
  'use strict';
  var data = JSON.parse(document.getElementById('keyin-data').textContent);
  var statusEl = document.getElementById('keyin-status');
  var forms = Array.prototype.slice.call(document.querySelectorAll('form.keyin-line'));
  var seq = new WeakMap();

  function field(form, name) { return form.querySelector('[name="' + name + '"]'); }
  function lineField(form) { return field(form, 'line'); }

  function newKey() {
    var b = new Uint8Array(16);
    crypto.getRandomValues(b);
    return 'keyin-' + Array.prototype.map.call(b, function (x) { return ('0' + x.toString(16)).slice(-2); }).join('');
  }

  // send posts the line's form with do=what and reads the JSON answer.
  function send(form, what) {
    var body = new URLSearchParams(new FormData(form));
    body.set('do', what);
    return fetch(data.action, { method: 'POST', body: body, credentials: 'same-origin', cache: 'no-store',
      headers: { Accept: 'application/json' } }).then(function (res) {
      return res.json().catch(function () { return { error: 'the server answered ' + res.status }; })
        .then(function (a) { a.status = res.status; return a; });
    });
  }

  function showError(form, a) {
    var el = form.querySelector('.line-error');
    Array.prototype.forEach.call(form.querySelectorAll('[aria-invalid]'), function (f) { f.removeAttribute('aria-invalid'); });
    form.classList.toggle('is-refused', !!a);
    if (!a) { el.hidden = true; el.textContent = ''; return; }
    el.textContent = a.error + (a.allowed && a.allowed.length && a.error.indexOf('allowed:') < 0 ? ' (allowed: ' + a.allowed.join(', ') + ')' : '');
    el.hidden = false;
    var name = (a.field || 'line').replace(/\[.*$/, '');
    var f = field(form, name) || form.querySelector('[name^="' + name + '"]') || lineField(form);
    f.setAttribute('aria-invalid', 'true');
    if (f !== lineField(form)) lineField(form).setAttribute('aria-invalid', 'true');
  }

  // showScore writes "what: score" (the score in bold) and the score's items.
  function showScore(form, text, items, pending, score) {
    var p = form.querySelector('.line-score'), ul = form.querySelector('.line-items');
    p.textContent = text || '';
    if (score) { var b = document.createElement('strong'); b.textContent = score; p.appendChild(b); }
    p.classList.toggle('pending', !!pending);
    ul.innerHTML = '';
    (items || []).forEach(function (t) { var li = document.createElement('li'); li.textContent = t; ul.appendChild(li); });
  }

  // fillParts shows in the structured fields what the server read from the line.
  function fillParts(form, a) {
    if (a.contract === undefined && a.declarer === undefined) return;
    var set = function (name, v) { var f = field(form, name); if (f && document.activeElement !== f) f.value = v === undefined || v === null ? '' : String(v); };
    set('contract', a.contract); set('declarer', a.declarer); set('tricks', a.tricks); set('lead', a.lead);
  }

  // lineOfParts writes the structured fields as a typed line.
  function lineOfParts(form) {
    var c = field(form, 'contract').value.trim().toUpperCase();
    if (c === 'PASS' || c === 'P') return 'PASS';
    return [c, field(form, 'declarer').value, field(form, 'tricks').value.trim(), field(form, 'lead').value.trim().toUpperCase()]
      .filter(function (x) { return x; }).join(' ');
  }

  // check asks the server to read and score the line as typed, showing
  // what it read, the score, or what the line still needs.
  function check(form) {
    var n = (seq.get(form) || 0) + 1;
    seq.set(form, n);
    if (!lineField(form).value.trim() && !field(form, 'contract').value.trim()) { showScore(form, ''); showError(form, null); return; }
    send(form, 'check').then(function (a) {
      if (seq.get(form) !== n) return;
      fillParts(form, a);
      if (a.ok) { showError(form, null); showScore(form, 'Checked, not stored: ', a.items, false, a.score); }
      else showScore(form, a.error, [], true);
    }, function () { if (seq.get(form) === n) showScore(form, 'No answer from the server: is the network down?', [], true); });
  }

  // store stores the line and moves the cursor to the next empty line.
  function store(form) {
    var n = (seq.get(form) || 0) + 1;
    seq.set(form, n);
    form.classList.add('is-sending');
    send(form, 'store').then(function (a) {
      form.classList.remove('is-sending');
      field(form, 'key').value = newKey();
      if (!a.ok) {
        if (a.id) { field(form, 'id').value = a.id; field(form, 'version').value = a.version; form.classList.add('is-stored'); }
        fillParts(form, a);
        showScore(form, '');
        showError(form, a);
        lineField(form).focus();
        return;
      }
      showError(form, null);
      if (!field(form, 'id').value) missing(-1);
      field(form, 'id').value = a.id;
      field(form, 'version').value = a.version;
      if (a.line) lineField(form).value = a.line;
      fillParts(form, a);
      form.classList.add('is-stored');
      form.classList.remove('is-current');
      showScore(form, 'Stored: ' + (a.line || '') + (a.score ? ' · ' : ''), a.items, false, a.score);
      statusEl.textContent = a.done + '.';
      count();
      if (a.next) { go(document.getElementById(a.next)); return; }
      if (a.next_url) { location.href = a.next_url + '&done=' + encodeURIComponent(a.done); return; }
      lineField(form).blur();
    }, function () {
      form.classList.remove('is-sending');
      showError(form, { error: 'no answer from the server (is the network down?); the line is still here: press Enter to try again', field: 'line' });
    });
  }

  // go puts the cursor on a line.
  function go(form) {
    if (!form) return;
    forms.forEach(function (f) { f.classList.toggle('is-current', f === form); });
    var f = lineField(form);
    if (!f) return;
    f.focus();
    f.select();
    form.scrollIntoView({ block: 'nearest' });
  }

  // count shows how many lines of the page are still to key in.
  function count() {
    var empty = forms.filter(function (f) { return lineField(f) && !f.classList.contains('is-stored'); }).length;
    var el = document.getElementById('keyin-count');
    if (el) el.innerHTML = '<strong>' + empty + '</strong> ' + (empty === 1 ? 'line' : 'lines') + ' here to key in';
  }

  // missing counts a line of the section keyed in.
  function missing(by) {
    var el = document.querySelector('#keyin-missing strong');
    if (el) el.textContent = String(Math.max(0, +el.textContent + by));
  }

  var timers = new WeakMap();
  function later(form) {
    clearTimeout(timers.get(form));
    timers.set(form, setTimeout(function () { check(form); }, 200));
  }

  forms.forEach(function (form, i) {
    var line = lineField(form);
    if (!line) return;
    line.addEventListener('input', function () {
      // The parts are read from the line: emptied as it changes, filled again by the check.
      ['contract', 'declarer', 'tricks', 'lead'].forEach(function (name) { field(form, name).value = ''; });
      later(form);
    });
    line.addEventListener('keydown', function (ev) {
      var to = ev.key === 'ArrowDown' ? i + 1 : ev.key === 'ArrowUp' ? i - 1 : -1;
      while (to >= 0 && to < forms.length && !lineField(forms[to])) to += ev.key === 'ArrowDown' ? 1 : -1;
      if (to >= 0 && to < forms.length) { ev.preventDefault(); go(forms[to]); }
    });
    ['contract', 'declarer', 'tricks', 'lead'].forEach(function (name) {
      field(form, name).addEventListener('change', function () { line.value = lineOfParts(form); later(form); });
    });
    form.addEventListener('change', function (ev) {
      if (/^(honours|chicane|revoke)/.test(ev.target.name || '')) later(form);
    });
    form.addEventListener('submit', function (ev) {
      ev.preventDefault();
      clearTimeout(timers.get(form));
      if (ev.submitter && ev.submitter.value === 'check') check(form); else store(form);
    });
  });
  var first = forms.filter(function (f) { return f.classList.contains('is-current'); })[0];
  if (first) go(first);
}());
