// live.js keeps a live page current: it listens to the page's change
// stream (the element with data-live names it) and, at each change,
// fetches the page again and puts its new data-live element in place of
// the old. Without EventSource, or when the stream keeps failing or is
// refused, it reloads the page every 30 seconds, as the page's <noscript>
// refresh does without script.
(function () {
  "use strict";
  var root = document.querySelector("[data-live]");
  if (!root) {
    return;
  }
  function reloadEvery30s() {
    window.setTimeout(function () { window.location.reload(); }, 30000);
  }
  if (!window.EventSource || !window.fetch || !window.DOMParser) {
    reloadEvery30s();
    return;
  }
  var stream = new EventSource(root.getAttribute("data-live"));
  var first = true;
  var failures = 0;
  var fetching = false;
  var again = false;
  function refresh() {
    if (fetching) {
      again = true;
      return;
    }
    fetching = true;
    window.fetch(window.location.href, { credentials: "same-origin", headers: { Accept: "text/html" } })
      .then(function (r) {
        if (!r.ok) {
          throw new Error("HTTP " + r.status);
        }
        return r.text();
      })
      .then(function (html) {
        var fresh = new DOMParser().parseFromString(html, "text/html").querySelector("[data-live]");
        if (fresh) {
          root.replaceWith(fresh);
          root = fresh;
          root.setAttribute("data-updated", String(Date.now()));
        }
      })
      .catch(function () {})
      .then(function () {
        fetching = false;
        if (again) {
          again = false;
          refresh();
        }
      });
  }
  stream.addEventListener("changed", function () {
    failures = 0;
    document.documentElement.setAttribute("data-live-connected", "true");
    if (first) {
      first = false; // the page already shows what the first event says
      return;
    }
    refresh();
  });
  stream.onerror = function () {
    failures++;
    // CLOSED: the server answered with no stream (a 429 when this address
    // or token holds its bound of open streams), and EventSource does not
    // try again on its own.
    if (failures > 3 || stream.readyState === EventSource.CLOSED) {
      stream.close();
      document.documentElement.setAttribute("data-live-connected", "false");
      reloadEvery30s();
    }
  };
})();
