/*
 * console.js - small enhancements of the organiser console; every page works without it.
 *
 * - [data-console-filter="#list"] search form: filters the list's [data-name] items as you type.
 * - [data-console-job]: follows the pairing job's job.progress messages (live.js dispatches
 *   them as "live:message") and reloads the page when the job is done or failed.
 * - [data-console-projector]: shows "Yarra Mark!" / "Yarra Bung!" as the clock starts and ends,
 *   with an optional tone through the Web Audio API (off until someone switches it on).
 * - [data-console-desk]: marks a table as done when its result arrives, and offers a reload.
 */
(function () {
  "use strict";

  function each(selector, fn) {
    var nodes = document.querySelectorAll(selector);
    for (var i = 0; i < nodes.length; i++) fn(nodes[i]);
  }

  // --- search as you type -----------------------------------------------------------------
  each("[data-console-filter]", function (form) {
    var list = document.querySelector(form.getAttribute("data-console-filter"));
    var input = form.querySelector("input[type=search]");
    var count = document.querySelector("[data-console-count]");
    if (!list || !input) return;
    input.addEventListener("input", function () {
      var words = input.value.toLowerCase().trim().split(/\s+/).filter(Boolean);
      var shown = 0;
      each("#" + list.id + " [data-name]", function (item) {
        var name = item.getAttribute("data-name");
        var ok = words.every(function (w) { return name.indexOf(w) >= 0; });
        item.hidden = !ok;
        if (ok) shown += 1;
      });
      if (count) count.textContent = shown + " shown";
    });
  });

  // --- pairing job progress -----------------------------------------------------------------
  each("[data-console-job]", function (box) {
    var jobId = Number(box.getAttribute("data-console-job"));
    var running = box.getAttribute("data-console-job-running") === "1";
    box.addEventListener("live:message", function (event) {
      var m = event.detail;
      if (m.type !== "job.progress" || m.job !== jobId) return;
      var bar = box.querySelector("progress");
      if (bar) { bar.value = m.progress; bar.textContent = m.progress + "%"; }
      var set = function (sel, text) { var n = box.querySelector(sel); if (n) n.textContent = text; };
      set("[data-job-percent]", m.progress + "%");
      set("[data-job-message]", m.message || "");
      set("[data-job-status]", m.status);
      if (running && (m.status === "done" || m.status === "failed")) window.location.reload();
    });
  });

  // --- projector: calls and sound -------------------------------------------------------------
  each("[data-console-projector]", function (root) {
    var callNode = root.querySelector("[data-console-call]");
    var soundButton = root.querySelector("[data-console-sound]");
    var audio = null;
    var soundOn = false;
    var lastState = null;
    var AudioContext = window.AudioContext || window.webkitAudioContext;
    if (soundButton && AudioContext) {
      soundButton.hidden = false;
      soundButton.addEventListener("click", function () {
        soundOn = !soundOn;
        if (soundOn && !audio) audio = new AudioContext(); // needs a click: browsers' rule
        soundButton.textContent = soundOn ? "Sound on" : "Sound off";
        soundButton.setAttribute("aria-pressed", soundOn ? "true" : "false");
      });
    }
    function tone(frequency, seconds) {
      if (!soundOn || !audio) return;
      var osc = audio.createOscillator();
      var gain = audio.createGain();
      osc.frequency.value = frequency;
      gain.gain.setValueAtTime(0.3, audio.currentTime);
      gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + seconds);
      osc.connect(gain);
      gain.connect(audio.destination);
      osc.start();
      osc.stop(audio.currentTime + seconds);
    }
    function call(text, frequency) {
      if (callNode) callNode.textContent = text;
      tone(frequency, 1.2);
    }
    root.addEventListener("live:message", function (event) {
      var m = event.detail;
      if (m.type !== "clock") return;
      if (m.call) call(m.call, m.action === "end" ? 330 : 660);
      else if (m.state === "idle" || m.state === "paused") callNode.textContent = "";
      lastState = m.state;
    });
    // The time running out on its own is "Yarra Bung!" too.
    setInterval(function () {
      var state = root.getAttribute("data-live-clock-state");
      if (state === "ended" && lastState === "running") {
        lastState = "ended";
        call(root.getAttribute("data-call-end"), 330);
      }
    }, 250);
  });

  // --- referee desk: results arrive -------------------------------------------------------------
  each("[data-console-desk]", function (root) {
    var note = root.querySelector("[data-desk-note]");
    root.addEventListener("live:message", function (event) {
      var m = event.detail;
      if (m.type !== "result.accepted") return;
      var row = root.querySelector('[data-live-match="' + m.match + '"]');
      if (row) {
        var badge = row.querySelector("[data-desk-status]");
        if (badge) { badge.textContent = "Accepted"; badge.className = "badge badge-accepted"; }
        var link = row.querySelector("[data-desk-action]");
        if (link) link.firstChild.textContent = "View or correct";
      }
      if (note) {
        note.hidden = false;
        note.querySelector("[data-desk-note-text]").textContent =
          "Table " + m.table + " has a result now. ";
      }
    });
  });
})();
