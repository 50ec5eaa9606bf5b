/*
 * report.js - makes a player's result form ([data-report-form]) quick on a phone
 * (no dependencies; without JavaScript the form is the same inputs, typed by hand).
 *
 * - Every number input gets a "-" and a "+" button (44 px) that keep to its min and max.
 * - Every side with a survivors input gets a "Mark knocked out" button: pressed, it sets
 *   survivors (and Health Tokens left, where the form asks for them) to 0 and reads "Knocked out
 *   · undo"; pressed again, it puts back what was there. It shows as pressed whenever survivors
 *   is 0 (the slot's data-label-on / data-label-off carry its words, translated).
 * - What was typed is kept in the tab's sessionStorage, so a reload (a live update, a lost
 *   connection, the phone putting the tab to sleep) does not lose it. A page that shows no form
 *   for a match forgets what was kept for it (the report went in, or the game is over).
 */
(function () {
  "use strict";

  var PREFIX = "eye-report:" + location.pathname + ":";
  var SKIP = { csrfmiddlewaretoken: true, action: true, match: true };

  function storage() {
    try { return window.sessionStorage; } catch (e) { return null; }
  }

  function labelOf(input) {
    var label = input.id ? document.querySelector('label[for="' + input.id + '"]') : null;
    return label ? label.textContent.trim() : input.name;
  }

  function sideName(input) {
    var side = input.closest("fieldset.side-row");
    var legend = side ? side.querySelector("legend") : null;
    return legend ? legend.textContent.split("\u00b7")[0].trim() : "";
  }

  function changed(input) {
    input.dispatchEvent(new Event("input", { bubbles: true }));
    input.dispatchEvent(new Event("change", { bubbles: true }));
  }

  function step(input, by) {
    var min = input.min === "" ? 0 : Number(input.min);
    var max = input.max === "" ? Infinity : Number(input.max);
    var now = input.value === "" || isNaN(Number(input.value)) ? min : Number(input.value);
    input.value = String(Math.min(max, Math.max(min, now + by)));
    changed(input);
  }

  function addStepper(input) {
    var wrap = document.createElement("span");
    wrap.className = "stepper";
    input.parentNode.insertBefore(wrap, input);
    var what = labelOf(input) + (sideName(input) ? ", " + sideName(input) : "");
    [["\u2212", -1, gettext("One less: %(what)s")], ["+", 1, gettext("One more: %(what)s")]].forEach(function (spec, index) {
      var button = document.createElement("button");
      button.type = "button";
      button.className = "step";
      button.textContent = spec[0];
      button.setAttribute("aria-label", interpolate(spec[2], { what: what }, true));
      // The input itself takes typed numbers; the buttons are for thumbs, not for the tab order.
      button.tabIndex = -1;
      button.addEventListener("click", function () { step(input, spec[1]); });
      if (index === 0) { wrap.appendChild(button); wrap.appendChild(input); }
      else wrap.appendChild(button);
    });
  }

  function addKnockout(slot) {
    var side = slot.closest("fieldset.side-row");
    var survivors = side.querySelector("[data-survivors] input");
    if (!survivors) return;
    var health = side.querySelector('input[name$="-health_left"]');
    var button = document.createElement("button");
    button.type = "button";
    button.className = "knockout";
    button.setAttribute("aria-pressed", "false");
    // the words say what a tap does now; the side's name is for screen readers (the side's
    // head shows it beside the button)
    var words = document.createElement("span");
    var name = document.createElement("span");
    name.className = "visually-hidden";
    name.textContent = ": " + slot.getAttribute("data-side-name");
    button.appendChild(words);
    button.appendChild(name);
    slot.appendChild(button);

    function sync() {
      var out = survivors.value === "0";
      button.setAttribute("aria-pressed", out ? "true" : "false");
      words.textContent = slot.getAttribute(out ? "data-label-on" : "data-label-off")
        || (out ? gettext("\u2717 Knocked out \u00b7 undo") : gettext("Mark knocked out"));
      side.classList.toggle("is-out", out);
    }
    button.addEventListener("click", function () {
      if (button.getAttribute("aria-pressed") === "true") {
        survivors.value = side.dataset.survivorsBefore || "";
        if (health) health.value = side.dataset.healthBefore || "";
      } else {
        side.dataset.survivorsBefore = survivors.value === "0" ? "" : survivors.value;
        survivors.value = "0";
        if (health) {
          side.dataset.healthBefore = health.value;
          health.value = "0";
        }
      }
      changed(survivors);
      if (health) changed(health);
    });
    survivors.addEventListener("input", sync);
    survivors.addEventListener("change", sync);
    sync();
  }

  function snapshot(form) {
    var values = {};
    Array.prototype.forEach.call(form.elements, function (el) {
      if (!el.name || SKIP[el.name] || el.type === "button" || el.type === "submit") return;
      if (el.type === "checkbox" || el.type === "radio") {
        if (!values[el.name]) values[el.name] = [];
        if (el.checked) values[el.name].push(el.value);
      } else {
        values[el.name] = el.value;
      }
    });
    return values;
  }

  function restore(form, values) {
    Array.prototype.forEach.call(form.elements, function (el) {
      if (!el.name || !(el.name in values) || SKIP[el.name]) return;
      var kept = values[el.name];
      if (el.type === "checkbox" || el.type === "radio") el.checked = kept.indexOf(el.value) !== -1;
      else el.value = kept;
      changed(el);
    });
  }

  function keep(form, store) {
    var key = PREFIX + form.getAttribute("data-report-form");
    // A refused report comes back from the server with what was sent: that wins.
    var refused = document.querySelector("[data-error-summary]");
    if (!refused) {
      try {
        var kept = store.getItem(key);
        if (kept) restore(form, JSON.parse(kept));
      } catch (e) { /* a damaged entry: start from the empty form */ }
    }
    function save() {
      try { store.setItem(key, JSON.stringify(snapshot(form))); } catch (e) { /* full or off */ }
    }
    form.addEventListener("input", save);
    form.addEventListener("change", save);
  }

  function forgetOthers(store, forms) {
    var current = {};
    forms.forEach(function (form) { current[PREFIX + form.getAttribute("data-report-form")] = true; });
    var stale = [];
    for (var i = 0; i < store.length; i++) {
      var key = store.key(i);
      if (key && key.indexOf(PREFIX) === 0 && !current[key]) stale.push(key);
    }
    stale.forEach(function (key) { store.removeItem(key); });
  }

  function start() {
    var forms = Array.prototype.slice.call(document.querySelectorAll("[data-report-form]"));
    var store = storage();
    if (store) forgetOthers(store, forms);
    forms.forEach(function (form) {
      form.querySelectorAll('.num-field input[type="number"]').forEach(addStepper);
      form.querySelectorAll("[data-knockout-slot]").forEach(addKnockout);
      if (store) keep(form, store);
    });
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
