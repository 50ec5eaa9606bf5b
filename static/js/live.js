/*
 * live.js - the pages' live layer, without dependencies (docs/realtime.md has the contract).
 *
 * Mark a container:
 *   <section data-live-ws="/ws/rounds/12/" data-live-poll="/rounds/12/live.json"
 *            data-live-interval="10">
 *     <span data-live-clock>5:00</span>              remaining time of the round clock
 *     <span data-live-clock-state></span>            idle / running / paused / ended
 *     <span data-live-status></span>                 connection: live / reconnecting / polling
 *     <tr data-live-match="34"> <td data-live-field="status"></td> </tr>
 *     <div data-live-reload-on="standings.changed round.published"></div>
 *   </section>
 *
 * The socket reconnects with exponential backoff (1 s doubling to 30 s, with jitter). After
 * three failed attempts in a row it also polls data-live-poll (if given) every
 * data-live-interval seconds, until the socket is back.
 *
 * Nothing is missed between the page's drawing and its socket's joining: a container with
 * data-live-mark="..." (a player's table: where its result stands) reloads when a
 * "result.state" message carries another mark, and the match socket sends one as soon as it
 * has joined; when the page was drawn (data-live-after, or the poll URL's "after") goes along
 * to the socket, which sends what the event's feed published, or the round's results accepted,
 * since. A mark that still differs right after the reload it caused does not reload again (the
 * page says it has changed instead): a page and a server that disagree never loop. On such a
 * page a push about the result (data-live-reload-on="result.*") reloads only once the stored
 * mark, asked from data-live-poll, differs from the drawn one.
 *
 * The clock display corrects for the difference between this device's clock and the server's
 * (server_time_ms in every message, refined by ping/pong), so every phone shows the same time
 * left.
 *
 * A container with data-live-resync="5" (the projector) asks its socket every 5 seconds for what
 * moved since it last asked ({"action": "sync", "after": ...}), so a lost push is made up for.
 *
 * Other scripts may listen: the container receives a "live:message" CustomEvent per message
 * (detail = the message), and window.EyeLive.send(container, object) sends a command.
 *
 * Its words come from the page's language (Django's catalogue, /jsi18n/<language>/, loaded
 * before it); the data-live-state and data-live-clock-state attributes keep the English codes.
 */
(function () {
  "use strict";

  var MAX_BACKOFF_MS = 30000;
  var CONFIRMED_FOR_MS = 45000; // a clock the server has not confirmed for this long says so
  var RESYNC_AFTER_MS = 60000;
  var MAX_RTT_MS = 10000; // a slower answer says nothing useful about the time
  var OFFSET_KEY = "eye-live-offset";
  var POLL_AFTER_FAILURES = 3;
  var PING_EVERY_MS = 30000;
  // A slow round trip leaves the time uncertain by up to half of it (a busy server may stamp
  // its clock late in the trip): until one trip is this quick, ask again a second later, a few
  // times, and keep the quickest (as NTP does at start).
  var SETTLED_RTT_MS = 120;
  var SETTLING_PINGS = 6;
  var SETTLING_GAP_MS = 1000;
  // Many phones reload on the same push: spread the reloads so the server is not hit at once.
  // A push may say how widely (reload_spread_ms: round.published scales it to the event's size).
  var RELOAD_SPREAD_MS = 2500;
  var MAX_RELOAD_SPREAD_MS = 60000;
  // A busy server answers 503 with Retry-After (seconds): the polls wait that long (at most this).
  var MAX_RETRY_AFTER_MS = 60000;
  // A reload never takes away what someone is typing or sending: after a form's field was
  // changed the page stays and says it has changed; for a while after a form was sent (a
  // confirmation tapped just as another side's push arrived) the send's own answer replaces
  // the page instead.
  var SENDING_MS = 10000;

  // what the connection and the clock show, in the page's language (the codes stay English)
  var STATUS_TEXT = {
    live: pgettext("connection", "live"),
    reconnecting: pgettext("connection", "reconnecting"),
    polling: pgettext("connection", "polling"),
    updating: pgettext("connection", "updating")
  };
  // a result's status in words, as matches' MatchStatus says it (when a message has no label)
  var RESULT_STATUS_TEXT = {
    open: gettext("Waiting for a result"),
    reported: gettext("Reported, waiting for confirmation"),
    disputed: gettext("Disputed"),
    accepted: gettext("Accepted")
  };
  var CLOCK_STATE_TEXT = {
    idle: pgettext("clock", "idle"),
    running: pgettext("clock", "running"),
    paused: pgettext("clock", "paused"),
    ended: pgettext("clock", "ended")
  };
  var formTouched = false;
  var formSentAt = 0;
  document.addEventListener("input", function (event) {
    if (event.target && event.target.form) formTouched = true;
  }, true);
  document.addEventListener("submit", function () {
    formSentAt = Date.now();
    formTouched = false;
  }, true);

  function showChanged() {
    if (document.querySelector("[data-live-changed]")) return;
    var note = document.createElement("p");
    note.className = "live-changed";
    note.setAttribute("role", "status");
    note.setAttribute("data-live-changed", "");
    note.appendChild(document.createTextNode(gettext("This page has changed since you opened it.") + " "));
    var link = document.createElement("a");
    link.href = window.location.href.split("#")[0];
    link.textContent = gettext("Reload it");
    note.appendChild(link);
    var main = document.getElementById("main") || document.body;
    main.insertBefore(note, main.firstChild);
  }

  // The mark this page was last reloaded for (per address, for this tab): a second reload for the
  // same mark would find the same disagreement.
  var MARK_KEY = "eye-live-reloaded-for:" + window.location.pathname;
  function reloadedFor(mark) {
    try { return window.sessionStorage.getItem(MARK_KEY) === mark; } catch (e) { return false; }
  }
  function rememberReloadFor(mark) {
    try { window.sessionStorage.setItem(MARK_KEY, mark); } catch (e) { /* private mode */ }
  }

  function reloadUnlessBusy(connection) {
    var sending = Date.now() - formSentAt;
    if (sending < SENDING_MS) {
      // the send's answer is due to replace this page; if it does not come, reload after all
      setTimeout(function () { reloadUnlessBusy(connection); }, SENDING_MS - sending);
      return;
    }
    connection.reloading = false;
    // offline, a reload would only find the cached copy: say the page has changed instead
    if (formTouched || navigator.onLine === false) { showChanged(); return; }
    window.location.reload();
  }

  function LiveConnection(root) {
    this.root = root;
    this.wsPath = root.getAttribute("data-live-ws");
    this.pollUrl = root.getAttribute("data-live-poll");
    this.pollEvery = (parseFloat(root.getAttribute("data-live-interval")) || 10) * 1000;
    // The server's time is kept as a sync point on the monotonic clock (performance.now), so a
    // device whose own clock jumps (sleep, a time zone or NTP change) still counts correctly
    // between confirmations; until the first message it starts from the offset this device
    // measured last (localStorage), shown as not confirmed.
    this.syncServerMs = null;
    this.syncPerfMs = 0;
    this.bestRtt = Infinity;
    this.bestAtPerf = 0;
    this.settlingPings = 0;
    this.confirmedAtPerf = null; // when the server last told us its time
    this.confirmedAtServer = null;
    this.lastOffsetMs = storedOffset();
    this.failures = 0;
    this.socket = null;
    this.pollTimer = null;
    this.clock = null;
    this.lastSequence = {};
    this.reloading = false;
    this.busyUntil = 0;
    this.connect();
    var self = this;
    setInterval(function () { self.renderClock(); self.renderConfirmation(); }, 250);
    setInterval(function () { self.ping(); }, PING_EVERY_MS);
    var resync = parseFloat(root.getAttribute("data-live-resync"));
    if (resync > 0) setInterval(function () { self.resync(); }, Math.max(1, resync) * 1000);
  }

  // A page that must miss nothing (a projector) asks its socket now and then for what moved
  // since it last asked (data-live-resync, seconds): a push lost on the way (a starved server,
  // a dropped message) is made up for within that time, without a reload. The mark goes to
  // data-live-after too, so a reconnection asks from there.
  LiveConnection.prototype.resync = function () {
    var since = this.root.getAttribute("data-live-after");
    var now = Math.round(this.serverNow());
    var message = { action: "sync" };
    if (since !== null && isFinite(parseInt(since, 10))) message.after = parseInt(since, 10);
    if (this.send(message)) this.root.setAttribute("data-live-after", String(now));
  };

  function storedOffset() {
    try {
      var value = parseFloat(window.localStorage.getItem(OFFSET_KEY));
      return isFinite(value) ? value : 0;
    } catch (e) { return 0; }
  }

  function storeOffset(offset) {
    try { window.localStorage.setItem(OFFSET_KEY, String(Math.round(offset))); } catch (e) { /* private mode */ }
  }

  function clockTime(serverMs) {
    var d = new Date(serverMs);
    return ("0" + d.getHours()).slice(-2) + ":" + ("0" + d.getMinutes()).slice(-2);
  }

  // When the page was drawn goes along to the socket: the container's data-live-after, or the
  // poll URL's "after".
  function withAfter(path, root, pollUrl) {
    if (path.indexOf("after=") >= 0) return path;
    var after = root.getAttribute("data-live-after");
    if (after === null && pollUrl) after = new URL(pollUrl, window.location.href).searchParams.get("after");
    if (after === null) return path;
    return path + (path.indexOf("?") < 0 ? "?" : "&") + "after=" + encodeURIComponent(after);
  }

  // The page's private-link token (?token=) goes along to the socket and the poll URL, which
  // check the same rights; a URL that already carries a token keeps its own.
  function withToken(path) {
    var token = new URLSearchParams(window.location.search).get("token");
    if (token && path.indexOf("token=") < 0) {
      path += (path.indexOf("?") < 0 ? "?" : "&") + "token=" + encodeURIComponent(token);
    }
    return path;
  }

  LiveConnection.prototype.url = function () {
    var scheme = window.location.protocol === "https:" ? "wss://" : "ws://";
    return scheme + window.location.host + withAfter(withToken(this.wsPath), this.root, this.pollUrl);
  };

  LiveConnection.prototype.status = function (text) {
    var nodes = this.root.querySelectorAll("[data-live-status]");
    for (var i = 0; i < nodes.length; i++) nodes[i].textContent = STATUS_TEXT[text] || text;
    this.root.setAttribute("data-live-state", text);
  };

  LiveConnection.prototype.connect = function () {
    var self = this;
    if (!("WebSocket" in window) || !this.wsPath) { this.startPolling(); return; }
    var socket;
    try {
      socket = new WebSocket(this.url());
    } catch (e) {
      this.retry();
      return;
    }
    this.socket = socket;
    socket.onopen = function () {
      // After a lost connection the device's clock may have jumped: measure afresh.
      if (self.failures > 0) self.bestRtt = Infinity;
      self.settlingPings = 0;
      self.failures = 0;
      self.status("live");
      self.stopPolling();
      self.ping();
    };
    socket.onmessage = function (event) {
      var message;
      try { message = JSON.parse(event.data); } catch (e) { return; }
      self.handle(message);
    };
    socket.onclose = function () {
      self.socket = null;
      self.retry();
    };
  };

  LiveConnection.prototype.retry = function () {
    var self = this;
    this.failures += 1;
    this.status("reconnecting");
    if (this.failures >= POLL_AFTER_FAILURES) this.startPolling();
    var delay = Math.min(MAX_BACKOFF_MS, 1000 * Math.pow(2, this.failures - 1));
    delay = delay / 2 + Math.random() * delay / 2;
    setTimeout(function () { self.connect(); }, delay);
  };

  LiveConnection.prototype.send = function (obj) {
    if (this.socket && this.socket.readyState === 1) {
      this.socket.send(JSON.stringify(obj));
      return true;
    }
    return false;
  };

  LiveConnection.prototype.ping = function () {
    this.send({ action: "ping", client_time_ms: Date.now() });
  };

  // After a pong: while no round trip was quick enough to trust, ping again shortly.
  LiveConnection.prototype.settle = function () {
    if (this.bestRtt <= SETTLED_RTT_MS || this.settlingPings >= SETTLING_PINGS) return;
    this.settlingPings += 1;
    var self = this;
    setTimeout(function () { self.ping(); }, SETTLING_GAP_MS);
  };

  LiveConnection.prototype.startPolling = function () {
    var self = this;
    if (!this.pollUrl || this.pollTimer) return;
    this.status("polling");
    var poll = function () {
      if (Date.now() < self.busyUntil) return; // the server asked for a pause (503)
      self.askPoll()
        .then(function (messages) { messages.forEach(function (m) { self.handle(m); }); })
        .catch(function () { /* try again at the next tick */ });
    };
    poll();
    this.pollTimer = setInterval(poll, this.pollEvery);
  };

  // The poll URL's answer as a list of messages (empty for a refusal); rejects when unreachable.
  // A busy server's 503 rejects too, and its Retry-After holds the next polls back that long.
  LiveConnection.prototype.askPoll = function () {
    var self = this;
    return fetch(withToken(this.pollUrl), { headers: { Accept: "application/json" }, credentials: "same-origin" })
      .then(function (r) {
        if (r.status === 503) {
          var wait = parseFloat(r.headers.get("Retry-After")) * 1000;
          self.busyUntil = Date.now() + Math.min(MAX_RETRY_AFTER_MS, isFinite(wait) && wait > 0 ? wait : 5000);
          throw new Error("busy");
        }
        return r.ok ? r.json() : null;
      })
      .then(function (data) {
        if (!data) return [];
        return Array.isArray(data.messages) ? data.messages : [data];
      });
  };

  LiveConnection.prototype.stopPolling = function () {
    if (this.pollTimer) clearInterval(this.pollTimer);
    this.pollTimer = null;
  };

  LiveConnection.prototype.serverNow = function () {
    if (this.syncServerMs === null) return Date.now() + this.lastOffsetMs;
    return this.syncServerMs + (performance.now() - this.syncPerfMs);
  };

  // Take the server's time ``serverMs`` as it was at monotonic time ``perfMs``.
  LiveConnection.prototype.syncTo = function (serverMs, perfMs) {
    this.syncServerMs = serverMs;
    this.syncPerfMs = perfMs;
    this.confirmedAtPerf = performance.now();
    this.confirmedAtServer = this.serverNow();
    this.lastOffsetMs = serverMs - (Date.now() - (performance.now() - perfMs));
    storeOffset(this.lastOffsetMs);
  };

  // Whether the clock shown is one the server confirmed lately (a live socket pings every 30 s,
  // a poll answers every few seconds).
  LiveConnection.prototype.confirmed = function () {
    // data-live-confirmed-for (seconds) shortens the wait, for tests and kiosks
    var within = parseFloat(this.root.getAttribute("data-live-confirmed-for")) * 1000 ||
      CONFIRMED_FOR_MS;
    return this.confirmedAtPerf !== null && performance.now() - this.confirmedAtPerf < within;
  };

  LiveConnection.prototype.renderConfirmation = function () {
    if (!this.clock) return;
    var ok = this.confirmed();
    this.root.setAttribute("data-live-clock-confirmed", ok ? "yes" : "no");
    var text = "";
    if (!ok) {
      text = this.confirmedAtServer === null
        ? gettext("Not confirmed yet: counting from this device's last check")
        : interpolate(gettext("Not confirmed since %(time)s: no connection, still counting"),
          { time: clockTime(this.confirmedAtServer) }, true);
    }
    var notes = this.root.querySelectorAll("[data-live-clock-note]");
    for (var i = 0; i < notes.length; i++) {
      if (notes[i].textContent !== text) notes[i].textContent = text;
      notes[i].hidden = ok;
    }
  };

  LiveConnection.prototype.handle = function (m) {
    if (!m || typeof m.type !== "string") return;
    var perfNow = performance.now();
    if (m.type === "pong" && typeof m.client_time_ms === "number" &&
        typeof m.server_time_ms === "number") {
      // NTP-style: the server read its clock half-way through the round trip. The best
      // (shortest) trip wins; a best older than a minute gives way, so drift is corrected.
      var rtt = Date.now() - m.client_time_ms;
      var stale = perfNow - this.bestAtPerf > RESYNC_AFTER_MS;
      if (rtt >= 0 && rtt < MAX_RTT_MS && (rtt <= this.bestRtt || stale)) {
        this.bestRtt = rtt;
        this.bestAtPerf = perfNow;
        this.syncTo(m.server_time_ms, perfNow - rtt / 2);
      } else {
        this.confirmedAtPerf = perfNow; // the server answered: what we count is confirmed
      }
      this.settle();
    } else if (typeof m.server_time_ms === "number") {
      if (this.bestRtt === Infinity) this.syncTo(m.server_time_ms, perfNow); // rough until a pong
      else this.confirmedAtPerf = perfNow;
    }
    if (m.type === "clock") {
      this.clock = m;
      this.renderClock();
    } else if (m.type === "table.time") {
      this.renderTableTime(m);
    } else if (m.type === "result.accepted") {
      this.renderMatch(m.match, { status: m.status, placings: m.placings });
    } else if (m.type === "live.state" && m.match) {
      if (m.sequence < (this.lastSequence[m.match] || 0)) return; // an older state
      this.lastSequence[m.match] = m.sequence;
      this.renderMatch(m.match, { status: m.status, sequence: m.sequence });
    }
    var drawn = this.root.getAttribute("data-live-mark");
    if (m.type === "result.state" && drawn !== null && m.mark !== drawn) {
      if (reloadedFor(m.mark)) { showChanged(); return; }
      rememberReloadFor(m.mark);
      this.reload();
      return;
    }
    var reload = this.root.querySelectorAll("[data-live-reload-on]");
    for (var i = 0; i < reload.length; i++) {
      var types = reload[i].getAttribute("data-live-reload-on").split(/\s+/);
      if (types.indexOf(m.type) >= 0) {
        if (drawn !== null && m.type.indexOf("result.") === 0 && this.pollUrl) this.checkMark();
        else this.reload(m.reload_spread_ms);
        return;
      }
    }
    this.root.dispatchEvent(new CustomEvent("live:message", { detail: m }));
  };

  // A push about the result of a page drawn with its mark: ask where the result stands now, and
  // reload only if that is not what the page shows. The push can be about the very step this
  // page was drawn after (the player's own report, its redirect faster than the push), and a
  // reload would take the page's message away. Without an answer, reload as for any push.
  LiveConnection.prototype.checkMark = function () {
    var self = this;
    this.askPoll()
      .then(function (messages) {
        var state = messages.filter(function (m) { return m.type === "result.state"; })[0];
        if (!state || state.mark !== self.root.getAttribute("data-live-mark")) self.reload();
      })
      .catch(function () { self.reload(); });
  };

  // Reload the page soon (once, however many messages ask for it), unless someone is busy on it;
  // at a random moment of the spread the message asked for, or the default one.
  LiveConnection.prototype.reload = function (spreadMs) {
    if (this.reloading) return;
    this.reloading = true;
    this.status("updating");
    var spread = typeof spreadMs === "number" && spreadMs >= 0
      ? Math.min(spreadMs, MAX_RELOAD_SPREAD_MS) : RELOAD_SPREAD_MS;
    var self = this;
    setTimeout(function () { reloadUnlessBusy(self); }, 300 + Math.random() * spread);
  };

  // A table a referee gave extra time (data-live-extra-ms, changed by "table.time") ends that
  // much after the round's clock, and may still run once the round's clock has ended.
  LiveConnection.prototype.extraMs = function () {
    return parseInt(this.root.getAttribute("data-live-extra-ms"), 10) || 0;
  };

  LiveConnection.prototype.remainingMs = function () {
    var c = this.clock;
    if (!c) return null;
    var extra = this.extraMs();
    if (c.state === "running" || (c.state === "ended" && extra > 0 && c.ends_at_ms)) {
      return Math.max(0, c.ends_at_ms + extra - this.serverNow());
    }
    if (c.state === "ended") return 0;
    return c.remaining_ms + extra;
  };

  LiveConnection.prototype.renderTableTime = function (m) {
    this.renderMatch(m.match, { extension: m.label });
    if (this.root.getAttribute("data-live-table-match") !== String(m.match)) return;
    this.root.setAttribute("data-live-extra-ms", String(m.extra_ms));
    var notes = this.root.querySelectorAll("[data-table-time]");
    for (var i = 0; i < notes.length; i++) notes[i].hidden = !m.label;
    var labels = this.root.querySelectorAll("[data-live-table-time]");
    for (var j = 0; j < labels.length; j++) labels[j].textContent = m.label;
    this.renderClock();
  };

  LiveConnection.prototype.renderClock = function () {
    var left = this.remainingMs();
    if (left === null) return;
    var total = Math.ceil(left / 1000);
    var text = Math.floor(total / 60) + ":" + ("0" + (total % 60)).slice(-2);
    var state = this.clock.state === "running" && left === 0 ? "ended" : this.clock.state;
    if (state === "ended" && left > 0) state = "running"; // this table's extra time
    var nodes = this.root.querySelectorAll("[data-live-clock]");
    for (var i = 0; i < nodes.length; i++) nodes[i].textContent = text;
    nodes = this.root.querySelectorAll("[data-live-clock-state]");
    for (var j = 0; j < nodes.length; j++) nodes[j].textContent = CLOCK_STATE_TEXT[state] || state;
    this.root.setAttribute("data-live-clock-state", state);
  };

  LiveConnection.prototype.renderMatch = function (matchId, values) {
    var rows = this.root.querySelectorAll('[data-live-match="' + String(matchId) + '"]');
    for (var i = 0; i < rows.length; i++) {
      rows[i].setAttribute("data-live-updated", "1");
      var fields = rows[i].querySelectorAll("[data-live-field]");
      for (var k = 0; k < fields.length; k++) {
        var name = fields[k].getAttribute("data-live-field");
        var value = values[name];
        if (value === undefined) continue;
        if (name === "placings" && Array.isArray(value)) {
          value = value.map(function (p) { return p.place + ". " + p.name; }).join(", ");
        }
        fields[k].textContent = String(value);
      }
    }
  };

  var connections = [];
  function start() {
    var roots = document.querySelectorAll("[data-live-ws], [data-live-poll]");
    for (var i = 0; i < roots.length; i++) {
      if (!roots[i].__live) {
        roots[i].__live = new LiveConnection(roots[i]);
        connections.push(roots[i].__live);
      }
    }
  }

  window.EyeLive = {
    start: start,
    send: function (root, obj) { return root.__live ? root.__live.send(obj) : false; },
    connections: connections,
    statusLabel: function (status) { return RESULT_STATUS_TEXT[status] || status; }
  };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
