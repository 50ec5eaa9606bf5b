/*
 * players.js - small additions to live.js for the players' pages (no dependencies).
 *
 * Listens to the "live:message" events live.js dispatches on each live container:
 *   result.accepted -> fills the place and points cells of the match's rows
 *                      ([data-live-match] [data-live-seat="<entrant>"] [data-live-cell])
 *                      and turns its status badge ([data-live-badge]) to "Accepted";
 *   result.reported, result.confirmed, result.disputed
 *                   -> turns the badge to the table's state ("Reported, waiting for
 *                      confirmation", "Disputed");
 *   live.state      -> redraws a hosted game's scoreboard ([data-scoreboard]).
 * A refused report's [data-error-summary] gets the focus when the page loads.
 * Without JavaScript the pages show the same facts as of the moment they were loaded.
 */
(function () {
  "use strict";

  function text(node, value) { if (node) node.textContent = value; }

  function fmt(n) {
    if (n === null || n === undefined) return "-";
    return String(Math.round(n * 100) / 100);
  }

  var statusLabel = window.EyeLive.statusLabel;

  function badge(status, label) {
    var span = document.createElement("span");
    span.className = "badge badge-" + status;
    var icon = document.createElement("span");
    icon.setAttribute("aria-hidden", "true");
    icon.textContent = { accepted: "\u2713", disputed: "!", reported: "\u2026" }[status] || "\u25cb";
    span.appendChild(icon);
    span.appendChild(document.createTextNode(" " + label));
    return span;
  }

  function resultAccepted(root, m) {
    var rows = root.querySelectorAll('[data-live-match="' + m.match + '"]');
    for (var i = 0; i < rows.length; i++) {
      (m.placings || []).forEach(function (p) {
        var seat = rows[i].querySelector('[data-live-seat="' + p.entrant + '"]');
        if (!seat) return;
        text(seat.querySelector('[data-live-cell="place"]'), p.place === null ? "-" : String(p.place));
        text(seat.querySelector('[data-live-cell="points"]'), fmt(p.points));
      });
    }
    showBadge(root, m.match, m.status, statusLabel(m.status));
  }

  function showBadge(root, matchId, status, label) {
    var rows = root.querySelectorAll('[data-live-match="' + matchId + '"]');
    for (var i = 0; i < rows.length; i++) {
      var holder = rows[i].querySelector("[data-live-badge]");
      if (holder) {
        holder.textContent = "";
        holder.appendChild(badge(status, label));
      }
    }
  }

  var WAITING = { "result.reported": true, "result.confirmed": true, "result.disputed": true };

  function el(tag, cls, content) {
    var node = document.createElement(tag);
    if (cls) node.className = cls;
    if (content !== undefined) node.textContent = content;
    return node;
  }

  function drawBoard(root, m) {
    var holder = root.querySelector("[data-board-sides]");
    if (!holder || !m.state) return;
    var namesNode = document.getElementById("side-names");
    var names = namesNode ? JSON.parse(namesNode.textContent) : {};
    var state = m.state;
    var chars = state.characters || {};
    holder.textContent = "";
    Object.keys(state.sides || {}).forEach(function (id) {
      var side = state.sides[id];
      var card = el("article", "side-card");
      card.appendChild(el("h3", "", names[id] || id));
      if (side.cup !== undefined) {
        // "Victory Cup: <strong>3</strong> tokens", the number in bold wherever the words put it
        var cupWords = interpolate(
          ngettext("Victory Cup: %(count)s token", "Victory Cup: %(count)s tokens", side.cup),
          { count: "\u0000" }, true).split("\u0000");
        var cup = el("p", "", cupWords[0]);
        cup.appendChild(el("strong", "", String(side.cup)));
        cup.appendChild(document.createTextNode(cupWords.slice(1).join("")));
        card.appendChild(cup);
      }
      if (side.characters) {
        var list = el("ul", "characters");
        side.characters.forEach(function (name) {
          var c = chars[name] || {};
          var item = el("li", c.knocked_out ? "out" : "", name + ": ");
          if (c.knocked_out) item.appendChild(el("strong", "", gettext("\u2717 knocked out")));
          else {
            item.appendChild(document.createTextNode("\u2665 " + interpolate(
              ngettext("%(count)s health", "%(count)s health", c.health), { count: c.health }, true)));
          }
          list.appendChild(item);
        });
        card.appendChild(list);
      } else {
        var counters = el("ul");
        Object.keys(side).sort().forEach(function (key) {
          var item = el("li", "", key.charAt(0).toUpperCase() + key.slice(1) + ": ");
          item.appendChild(el("strong", "", String(side[key])));
          counters.appendChild(item);
        });
        card.appendChild(counters);
      }
      holder.appendChild(card);
    });
    text(root.querySelector("[data-board-status]"), state.status || "setup");
    text(root.querySelector("[data-board-sequence]"), String(m.sequence));
  }

  function attach(root) {
    if (root.__players) return;
    root.__players = true;
    root.addEventListener("live:message", function (event) {
      var m = event.detail;
      if (m.type === "result.accepted") resultAccepted(root, m);
      else if (WAITING[m.type] && m.status) showBadge(root, m.match, m.status, m.label || statusLabel(m.status));
      else if (m.type === "live.state" && root.hasAttribute("data-scoreboard")) drawBoard(root, m);
    });
  }

  function start() {
    var roots = document.querySelectorAll("[data-live-ws], [data-live-poll]");
    for (var i = 0; i < roots.length; i++) attach(roots[i]);
    // A refused report: bring its summary into view and give it the focus, so a phone (and a
    // screen reader) meets it first instead of the top of the page.
    var summary = document.querySelector("[data-error-summary]");
    if (summary) {
      summary.scrollIntoView({ block: "start" });
      summary.focus();
    }
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
