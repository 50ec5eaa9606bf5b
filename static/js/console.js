/*
 * console.js - small enhancements of the organiser console; every page works without it.
 *
 * - [data-console-filter="#list"] search form: filters the list's [data-name] items as you type.
 * - [data-console-job]: follows the pairing job's job.progress messages (live.js dispatches
 *   them as "live:message") and reloads the page when the job is done or failed.
 * - [data-console-desk]: shows each table's new state as it arrives (reported, disputed,
 *   accepted), says which table changed, and offers a reload.
 * - [data-board-pages]: a projector board shows one [data-board-page] at a time, turning to the
 *   next every data-board-seconds (without scripts every page shows, one after another).
 * - [data-focus-on-load]: the answer to the form just sent gets the focus (and the view).
 * - [data-print]: a button that opens the browser's print dialogue (player cards, table slips).
 * - [data-console-round]: the round page follows the round live: a table's badge shows its
 *   result's state as it changes; when the clock is started, paused or ended elsewhere the
 *   page reloads for the matching buttons, unless something is being typed (then it says so)
 *   or the page already shows that clock (data-console-clock is the message's "setting").
 *   Its "Close the round" box follows the results too (which tables are still missing).
 */
(function () {
  "use strict";

  function each(selector, fn) {
    var nodes = document.querySelectorAll(selector);
    for (var i = 0; i < nodes.length; i++) fn(nodes[i]);
  }

  // A table's state from a live message ({status, label}), or null when the message is not
  // about a table's result. A confirmation leaves a report waiting: the same state.
  var WAITING = { "result.reported": true, "result.confirmed": true, "result.disputed": true };
  function tableState(m) {
    var label = window.EyeLive.statusLabel;
    if (m.type === "result.accepted") return { status: "accepted", label: label("accepted") };
    if (WAITING[m.type] && m.status) return { status: m.status, label: m.label || label(m.status) };
    return null;
  }

  // Show a table's state on its badge; false when the badge showed it already (a catch-up or a
  // poll repeats what the page knows).
  function showState(badge, state) {
    if (badge.classList.contains("badge-" + state.status)) return false;
    badge.textContent = state.label;
    badge.className = "badge badge-" + state.status;
    return true;
  }

  // the desk's news of a table, by its result's status
  var NEWS = {
    accepted: gettext("Table %(table)s has a result now."),
    reported: gettext("Table %(table)s reported a result; it waits for confirmation."),
    disputed: gettext("Table %(table)s is disputed: a referee is needed.")
  };
  // what the round page says when the clock was changed elsewhere
  var CLOCK_NEWS = {
    start: gettext("The clock was started."),
    pause: gettext("The clock was paused."),
    resume: gettext("The clock was resumed."),
    extend: gettext("The clock was extended."),
    end: gettext("The clock was ended.")
  };

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
      if (count) count.textContent = interpolate(ngettext("%(count)s shown", "%(count)s shown", shown), { count: shown }, true);
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

  // --- projector boards: page through a big field -------------------------------------------------
  each("[data-board-pages]", function (board) {
    var pages = board.querySelectorAll("[data-board-page]");
    var counter = board.querySelector("[data-board-counter]");
    if (pages.length < 2) return;
    var seconds = Number(board.getAttribute("data-board-seconds")) || 12;
    var shown = 0;
    var show = function (index) {
      for (var i = 0; i < pages.length; i++) pages[i].hidden = i !== index;
      if (counter) {
        var format = counter.getAttribute("data-board-counter-format") || gettext("page {page} of {pages}");
        counter.textContent = format.replace("{page}", index + 1).replace("{pages}", pages.length);
      }
      board.setAttribute("data-board-shown", String(index + 1));
    };
    show(0);
    setInterval(function () { shown = (shown + 1) % pages.length; show(shown); }, seconds * 1000);
  });

  // --- an answer to the form just sent (an error, a question): the focus goes to it -------------
  var answer = document.querySelector("[data-focus-on-load]");
  if (answer) {
    answer.focus();
    answer.scrollIntoView({ block: "start" });
  }

  // --- print buttons ------------------------------------------------------------------------
  each("[data-print]", function (button) {
    button.addEventListener("click", function () { window.print(); });
  });

  // The "Close the round" box lists the tables still without an accepted result (every page of
  // tables: data-open-tables); a result arriving takes its table off, a dispute puts it back.
  // With none left it says every table has its result and the close button is the main one.
  function followCloseBox(box, table, accepted) {
    var open = (box.getAttribute("data-open-tables") || "").split(",").filter(Boolean).map(Number);
    var known = open.indexOf(table) >= 0;
    if (accepted === !known) return;
    open = accepted ? open.filter(function (t) { return t !== table; }) : open.concat([table]);
    open.sort(function (a, b) { return a - b; });
    box.setAttribute("data-open-tables", open.join(","));
    var list = box.querySelector("[data-close-missing-list]");
    if (list) list.textContent = open.join(", ");
    var missing = box.querySelector("[data-close-missing]");
    if (missing) missing.hidden = !open.length;
    var allIn = box.querySelector("[data-close-all-in]");
    if (allIn) allIn.hidden = open.length > 0;
    var reason = box.querySelector("[data-close-reason]");
    if (reason) reason.hidden = !open.length;
    var main = box.querySelector("[data-close-main]");
    if (main) main.classList.toggle("primary", !open.length);
  }

  // --- the round page, live -------------------------------------------------------------------
  each("[data-console-round]", function (root) {
    var note = root.querySelector("[data-console-note]");
    var closeBox = root.querySelector("[data-close-round]");
    // A command sent from this page brings its own new page: never reload over that navigation
    // (a reload would show the new page again without its message).
    var leaving = false;
    document.addEventListener("submit", function () { leaving = true; }, true);
    var typing = function () {
      var active = document.activeElement;
      if (active && /^(INPUT|TEXTAREA|SELECT)$/.test(active.tagName)) return true;
      return Array.prototype.some.call(document.querySelectorAll("input[type=text], input[type=number], textarea"),
        function (input) { return input.value !== input.defaultValue; });
    };
    root.addEventListener("live:message", function (event) {
      var m = event.detail;
      var state = tableState(m);
      if (state) {
        var badge = root.querySelector('[data-live-match="' + m.match + '"] [data-console-status]');
        if (badge) showState(badge, state);
        if (closeBox && m.table) followCloseBox(closeBox, m.table, state.status === "accepted");
      } else if (m.type === "clock" && m.action) {
        if (leaving) return;
        // The command's push can come after its own redirect drew this page (the server was
        // busy): the page already shows that setting, and a reload would drop its message.
        if (m.setting && m.setting === root.getAttribute("data-console-clock")) return;
        if (!typing()) { window.location.reload(); return; }
        if (note) {
          note.hidden = false;
          note.querySelector("[data-console-note-text]").textContent =
            (CLOCK_NEWS[m.action] || gettext("The clock was changed.")) + " ";
        }
      }
    });
  });

  // --- referee desk: results arrive -------------------------------------------------------------
  each("[data-console-desk]", function (root) {
    var note = root.querySelector("[data-desk-note]");
    root.addEventListener("live:message", function (event) {
      var m = event.detail;
      var state = tableState(m);
      if (!state) return;
      var row = root.querySelector('[data-live-match="' + m.match + '"]');
      var badge = row && row.querySelector("[data-desk-status]");
      if (badge && !showState(badge, state)) return; // what the desk shows already is no news
      if (row) {
        row.className = "status-" + state.status;
        var link = row.querySelector("[data-desk-action]");
        if (link) {
          link.firstChild.textContent = state.status === "accepted"
            ? gettext("View or correct") : gettext("Enter result");
        }
      }
      if (note && NEWS[state.status]) {
        note.hidden = false;
        note.querySelector("[data-desk-note-text]").textContent =
          interpolate(NEWS[state.status], { table: m.table }, true) + " ";
      }
    });
  });

  // --- add a player: known players with a name like the one typed -----------------------------
  each("[data-suggest-url]", function (form) {
    var box = form.querySelector("[data-suggestions]");
    var name = form.querySelector("[name=name]");
    var club = form.querySelector("[name=club]");
    if (!box || !name) return;
    var timer = null;
    var asked = "";
    var show = function (found) {
      box.textContent = "";
      if (!found.length) return;
      var title = document.createElement("p");
      title.textContent = gettext("Played before? Choose them to keep their history together:");
      box.appendChild(title);
      found.forEach(function (s) {
        var button = document.createElement("button");
        button.type = "submit";
        button.name = "existing_player";
        button.value = String(s.player);
        button.className = "secondary";
        var who = s.club
          ? interpolate(gettext("Register %(name)s (%(club)s)"), { name: s.name, club: s.club }, true)
          : interpolate(gettext("Register %(name)s"), { name: s.name }, true);
        var events = interpolate(ngettext("%(count)s event", "%(count)s events", s.events),
          { count: s.events }, true);
        button.textContent = who + " \u00b7 " + events + (s.last_event
          ? ", " + interpolate(gettext("last %(event)s"), { event: s.last_event }, true) : "");
        box.appendChild(button);
      });
    };
    var ask = function () {
      var query = "name=" + encodeURIComponent(name.value.trim()) +
        "&club=" + encodeURIComponent(club ? club.value.trim() : "");
      if (name.value.trim().length < 2) { box.textContent = ""; asked = ""; return; }
      if (query === asked) return;
      asked = query;
      fetch(form.getAttribute("data-suggest-url") + "?" + query, { credentials: "same-origin" })
        .then(function (r) { return r.ok ? r.json() : { suggestions: [] }; })
        .then(function (data) { if (query === asked) show(data.suggestions || []); })
        .catch(function () { /* no hints offline: the server still asks before a duplicate */ });
    };
    var later = function () { clearTimeout(timer); timer = setTimeout(ask, 300); };
    name.addEventListener("input", later);
    if (club) club.addEventListener("input", later);
  });
})();
