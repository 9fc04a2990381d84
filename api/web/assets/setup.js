// traveler: the director's setup forms. Shows only the chosen law code's
// options (the others are disabled, so only the chosen code's are sent),
// and wires the print buttons. The forms work without it.
(function () {
  "use strict";
  var law = document.getElementById("law");
  function showChosenLaw() {
    document.querySelectorAll("fieldset.law-options").forEach(function (box) {
      var on = box.getAttribute("data-law") === law.value;
      box.hidden = !on;
      box.disabled = !on;
    });
  }
  if (law) {
    law.addEventListener("change", showChosenLaw);
    law.addEventListener("input", showChosenLaw);
    if (law.form) { law.form.addEventListener("submit", showChosenLaw); }
    showChosenLaw();
  }
  document.querySelectorAll("[data-print]").forEach(function (b) {
    b.addEventListener("click", function () { window.print(); });
  });
})();
