// traveler: picking the club's players as the director types (issue 22 §4).
// A player field (data-roster="name" or "number") or the pairs box
// (data-roster="pairs") offers the roster's players that match what is
// typed, asked of /director/players.json; ArrowDown/ArrowUp choose, Enter
// or a click picks, Escape closes. Picking fills the name and the number
// together (in the pairs box: "Ann Smith (100234)"). Without this script
// the fields keep their <datalist> of the roster, and the server fills a
// number from a name it knows, and a name from a number.
(function () {
  "use strict";
  var fields = document.querySelectorAll("[data-roster]");
  if (!fields.length || !window.fetch) { return; }
  var box = document.createElement("ul");
  box.id = "roster-suggestions";
  box.className = "roster-suggest";
  box.setAttribute("role", "listbox");
  box.hidden = true;
  document.body.appendChild(box);
  var field = null, items = [], active = -1, timer = 0, asked = 0, picked = false;

  // fragment is what the search is about: a field's whole value, or in the
  // pairs box the player being typed on the cursor's line (after "N:" or "&").
  function fragment(el) {
    if (el.getAttribute("data-roster") !== "pairs") {
      return { text: el.value.trim(), start: 0, end: el.value.length };
    }
    var v = el.value, at = el.selectionStart;
    var lineStart = v.lastIndexOf("\n", at - 1) + 1;
    var lineEnd = v.indexOf("\n", at); if (lineEnd < 0) { lineEnd = v.length; }
    var head = v.slice(lineStart, at);
    var cut = Math.max(head.lastIndexOf(":"), head.lastIndexOf("&"));
    if (cut < 0) { return { text: "", start: at, end: at }; }
    var start = lineStart + cut + 1;
    while (start < at && v.charAt(start) === " ") { start++; }
    var end = at;
    var rest = v.slice(at, lineEnd), amp = rest.indexOf("&");
    end = at + (amp < 0 ? rest.length : amp);
    while (end > start && v.charAt(end - 1) === " ") { end--; }
    return { text: v.slice(start, at).trim(), start: start, end: end };
  }

  function close() { box.hidden = true; items = []; active = -1; }

  function show(el, list) {
    box.textContent = "";
    items = list; active = list.length ? 0 : -1;
    if (!list.length) { close(); return; }
    list.forEach(function (p, i) {
      var li = document.createElement("li");
      li.setAttribute("role", "option");
      li.id = "roster-option-" + i;
      li.className = "roster-option";
      li.textContent = p.name + (p.number ? " · " + p.number : "");
      li.addEventListener("mousedown", function (ev) { ev.preventDefault(); pick(i); });
      box.appendChild(li);
    });
    var r = el.getBoundingClientRect();
    box.style.left = (window.scrollX + r.left) + "px";
    box.style.top = (window.scrollY + r.bottom) + "px";
    box.style.minWidth = Math.min(r.width, 320) + "px";
    box.hidden = false;
    mark();
  }

  function mark() {
    Array.prototype.forEach.call(box.children, function (li, i) {
      li.setAttribute("aria-selected", i === active ? "true" : "false");
    });
    if (field) { field.setAttribute("aria-activedescendant", active >= 0 ? "roster-option-" + active : ""); }
  }

  function pick(i) {
    var p = items[i], el = field;
    if (!p || !el) { return; }
    var kind = el.getAttribute("data-roster");
    if (kind === "pairs") {
      var f = fragment(el), text = p.name + (p.number ? " (" + p.number + ")" : "");
      el.value = el.value.slice(0, f.start) + text + el.value.slice(f.end);
      el.selectionStart = el.selectionEnd = f.start + text.length;
    } else {
      var name = kind === "name" ? el : document.getElementById(el.getAttribute("data-roster-name"));
      var number = kind === "number" ? el : document.getElementById(el.getAttribute("data-roster-number"));
      if (name) { name.value = p.name; }
      if (number) { number.value = p.number || ""; }
    }
    close();
    el.focus();
  }

  function ask(el) {
    var f = fragment(el);
    // Only for the field being typed in: a value set by a script (a form
    // refilled, a test) opens no list over the page.
    if (f.text.length < 1 || document.activeElement !== el) { close(); return; }
    var n = ++asked;
    fetch("/director/players.json?q=" + encodeURIComponent(f.text), { credentials: "same-origin", headers: { Accept: "application/json" } })
      .then(function (r) { return r.ok ? r.json() : []; })
      .then(function (list) { if (n === asked && field === el && document.activeElement === el) { show(el, list || []); } })
      .catch(function () { close(); });
  }

  Array.prototype.forEach.call(fields, function (el) {
    el.removeAttribute("list"); // this list searches the whole roster instead of the page's first players
    el.setAttribute("aria-autocomplete", "list");
    el.setAttribute("aria-controls", "roster-suggestions");
    el.addEventListener("input", function () {
      field = el;
      clearTimeout(timer);
      timer = setTimeout(function () { ask(el); }, 120);
    });
    el.addEventListener("keydown", function (ev) {
      if (box.hidden || field !== el) { return; }
      if (ev.key === "ArrowDown") { active = Math.min(active + 1, items.length - 1); mark(); ev.preventDefault(); }
      else if (ev.key === "ArrowUp") { active = Math.max(active - 1, 0); mark(); ev.preventDefault(); }
      else if (ev.key === "Enter" && active >= 0) { ev.preventDefault(); pick(active); picked = true; }
      else if (ev.key === "Escape") { close(); }
    });
    // The Enter that picked writes no new line, however the keyboard
    // sends its character.
    el.addEventListener("keypress", function (ev) { if (picked && ev.key === "Enter") { ev.preventDefault(); } });
    el.addEventListener("keyup", function () { picked = false; });
    el.addEventListener("blur", function () { setTimeout(function () { if (document.activeElement !== el) { close(); } }, 150); });
  });
})();
