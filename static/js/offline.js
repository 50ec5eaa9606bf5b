/*
 * offline.js - the site as an app that copes with bad wifi (no dependencies; docs/offline.md).
 *
 * 1. Registers the service worker (/sw.js), which keeps the pages players and staff open.
 * 2. Shows "Offline - last updated hh:mm" when the phone is offline or the page shown is the
 *    copy the worker kept (it marks such a copy: <body data-offline-copy="1">); hh:mm is when
 *    the server made the page (<body data-rendered-at>, seconds since 1970).
 * 3. Keeps every result form marked [data-offline-form] (a player's report, confirmation or
 *    dispute; the desk's entry or correction) in IndexedDB before sending it, with an
 *    idempotency key made when the form is first sent, and sends what waits on load, when the
 *    network returns and every 8 s. The server takes each key once. The list
 *    [data-offline-actions] says, per action, "Saved on this phone", "Sent" or
 *    "Refused: <why>" (keeping what was typed); offline, a note beside the tapped button says
 *    it was saved. A player's page whose own action is sent follows it (not the desk's).
 * 4. On the referee desk, keeps every table's page for offline use and remembers the round's
 *    tables, so "Save and go to the next table" works through a round offline.
 *
 * Its words come from the page's language (Django's catalogue, /jsi18n/<language>/, loaded
 * before it; the worker keeps it for offline pages).
 */
(function () {
  "use strict";

  var DB_NAME = "eye-offline";
  var STORE = "actions";
  var PAGE_CACHE = "eye-pages-v1";
  var RETRY_MS = 8000;  // only what waits is sent; a phone with nothing waiting sends nothing
  var KEEP_SENT_MS = 24 * 3600 * 1000;
  var SKIP_FIELDS = { csrfmiddlewaretoken: true, idempotency_key: true, action: true, match: true,
                      version: true, intent: true, then: true };
  var body = document.body;
  var flushing = false;

  /* --- where we are -------------------------------------------------------------------- */

  function scopeOf(path) {
    var desk = /^(\/events\/[^/]+\/desk\/)/.exec(path);
    return desk ? desk[1] : path;
  }
  var scope = scopeOf(location.pathname);

  function hhmm(date) {
    return ("0" + date.getHours()).slice(-2) + ":" + ("0" + date.getMinutes()).slice(-2);
  }

  /* --- 1. the service worker ---------------------------------------------------------- */

  if ("serviceWorker" in navigator && body.getAttribute("data-service-worker")) {
    navigator.serviceWorker.register(body.getAttribute("data-service-worker")).catch(function () {});
  }

  /* --- 2. the banner ------------------------------------------------------------------ */

  var banner = document.createElement("p");
  banner.className = "offline-banner";
  banner.setAttribute("role", "status");
  banner.setAttribute("data-offline-banner", "");
  banner.hidden = true;
  var main = document.getElementById("main") || body;
  main.insertBefore(banner, main.firstChild);

  function renderedAt() {
    var seconds = Number(body.getAttribute("data-rendered-at"));
    return seconds ? new Date(seconds * 1000) : null;
  }

  function showBanner() {
    var copy = body.getAttribute("data-offline-copy") === "1";
    var at = renderedAt();
    banner.textContent = "";
    if (copy || !navigator.onLine) {
      banner.appendChild(document.createTextNode(at
        ? interpolate(gettext("Offline - last updated %(time)s"), { time: hhmm(at) }, true)
        : gettext("Offline")));
    }
    if (copy && navigator.onLine) {
      // the phone believes it has a network, yet this page came from the kept copy
      banner.appendChild(document.createTextNode(" \u00b7 "));
      var link = document.createElement("a");
      link.href = location.href;
      link.textContent = gettext("Try again");
      banner.appendChild(link);
    }
    banner.hidden = banner.textContent === "";
  }

  /* --- 3. the actions kept on this phone ---------------------------------------------- */

  function openDb() {
    return new Promise(function (resolve, reject) {
      if (!window.indexedDB) { reject(new Error("no IndexedDB")); return; }
      var request = indexedDB.open(DB_NAME, 1);
      request.onupgradeneeded = function () {
        var store = request.result.createObjectStore(STORE, { keyPath: "key" });
        store.createIndex("scope", "scope");
      };
      request.onsuccess = function () { resolve(request.result); };
      request.onerror = function () { reject(request.error); };
    });
  }

  function withStore(mode, work) {
    return openDb().then(function (db) {
      return new Promise(function (resolve, reject) {
        var tx = db.transaction(STORE, mode);
        var result = work(tx.objectStore(STORE));
        tx.oncomplete = function () { db.close(); resolve(result && result.result); };
        tx.onerror = function () { db.close(); reject(tx.error); };
      });
    });
  }

  function put(entry) { return withStore("readwrite", function (s) { s.put(entry); }); }
  function remove(key) { return withStore("readwrite", function (s) { s.delete(key); }); }
  function all() {
    return withStore("readonly", function (s) { return s.getAll(); }).then(function (list) {
      return (list || []).sort(function (a, b) { return a.savedAt - b.savedAt; });
    });
  }

  function newKey() {
    if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
    var b = crypto.getRandomValues(new Uint8Array(16));
    b[6] = (b[6] & 15) | 64; b[8] = (b[8] & 63) | 128;
    var h = Array.prototype.map.call(b, function (x) { return ("0" + x.toString(16)).slice(-2); });
    return [h.slice(0, 4), h.slice(4, 6), h.slice(6, 8), h.slice(8, 10), h.slice(10)]
      .map(function (p) { return p.join(""); }).join("-");
  }

  function typed(entry) {
    return entry.fields.filter(function (pair) {
      return !SKIP_FIELDS[pair[0]] && pair[1] !== "";
    }).map(function (pair) { return pair[0] + ": " + pair[1]; });
  }

  function stateText(entry) {
    if (entry.state === "sent") return gettext("Sent");
    if (entry.state === "refused") {
      return interpolate(gettext("Refused: %(why)s"), { why: entry.message }, true);
    }
    return entry.message
      ? interpolate(gettext("Saved on this phone (%(why)s)"), { why: entry.message }, true)
      : gettext("Saved on this phone");
  }

  function render() {
    var section = document.querySelector("[data-offline-actions]");
    if (!section) return Promise.resolve();
    return all().then(function (entries) {
      var mine = entries.filter(function (e) { return e.scope === scope; }).reverse();
      var list = section.querySelector("[data-offline-list]");
      list.textContent = "";
      mine.forEach(function (entry) {
        var item = document.createElement("li");
        item.className = "offline-action offline-" + entry.state;
        item.setAttribute("data-offline-state", entry.state);
        var label = document.createElement("strong");
        label.textContent = entry.label;
        item.appendChild(label);
        item.appendChild(document.createTextNode(" (" + hhmm(new Date(entry.savedAt)) + "): "));
        var state = document.createElement("span");
        state.setAttribute("data-offline-outcome", "");
        state.textContent = stateText(entry);
        item.appendChild(state);
        if (entry.state === "refused") {
          var what = typed(entry).concat(entry.problems || []);
          if (what.length) {
            var details = document.createElement("details");
            var summary = document.createElement("summary");
            summary.textContent = gettext("What you typed");
            details.appendChild(summary);
            var text = document.createElement("p");
            text.textContent = what.join("; ");
            details.appendChild(text);
            item.appendChild(details);
          }
          var forget = document.createElement("button");
          forget.type = "button";
          forget.className = "link";
          forget.textContent = gettext("Forget it");
          forget.addEventListener("click", function () { remove(entry.key).then(render); });
          item.appendChild(forget);
        }
        list.appendChild(item);
      });
      section.hidden = mine.length === 0;
      markDeskRows(entries);
    }).catch(function () {});
  }

  function send(entry) {
    var form = new URLSearchParams();
    entry.fields.forEach(function (pair) { form.append(pair[0], pair[1]); });
    return fetch(entry.url, {
      method: "POST",
      body: form,
      credentials: "same-origin",
      headers: { "X-Offline-Sync": "1", "Accept": "application/json" }
    }).then(function (response) {
      var json = (response.headers.get("Content-Type") || "").indexOf("application/json") === 0;
      if (!json) {
        if (response.redirected && response.url.indexOf("/accounts/login/") !== -1) {
          entry.message = gettext("sign in again to send it");
        } else if (response.status >= 500 || response.status === 429) {
          entry.message = gettext("the server is busy; it will be sent again");
        } else {
          entry.state = "refused";
          entry.message = interpolate(gettext("the server answered %(status)s"),
            { status: response.status }, true);
        }
        return put(entry).then(function () { return entry; });
      }
      return response.json().then(function (answer) {
        entry.state = answer.outcome === "sent" ? "sent" : "refused";
        entry.message = answer.message || "";
        entry.problems = answer.problems || [];
        entry.next = answer.next || null;
        entry.sentAt = Date.now();
        return put(entry).then(function () { return entry; });
      });
    });
    // a network failure rejects: the entry stays "saved" and is sent again later
  }

  function flush() {
    if (flushing || !navigator.onLine) return Promise.resolve([]);
    flushing = true;
    var sent = [];
    return all().then(function (entries) {
      var now = Date.now();
      var old = entries.filter(function (e) { return e.state === "sent" && now - e.sentAt > KEEP_SENT_MS; });
      var waiting = entries.filter(function (e) { return e.state === "saved"; });
      return old.reduce(function (p, e) { return p.then(function () { return remove(e.key); }); },
                        Promise.resolve())
        .then(function () {
          return waiting.reduce(function (p, e) {
            return p.then(function () {
              return send(e).then(function (done) {
                if (done.state === "sent") sent.push(done);
                return render();
              }, function () {});
            });
          }, Promise.resolve());
        });
    }).catch(function () {}).then(function () { flushing = false; return render(); })
      .then(function () { return sent; });
  }

  function nextOfflineTable(entries) {
    // the round's tables as the desk last listed them; the first still open and not done here
    var tables;
    try { tables = JSON.parse(localStorage.getItem("eye-desk:" + scope) || "[]"); } catch (e) { tables = []; }
    var here = location.href.split("#")[0].split("?")[0];
    var done = {};
    entries.forEach(function (e) { if (e.state !== "refused") done[e.url] = true; });
    var open = tables.filter(function (t) {
      return t.status !== "accepted" && t.url !== here && !done[t.url];
    });
    return open.length ? open[0].url : null;
  }

  function sayBesideButton(form, button) {
    // "Saved on this phone" where the finger is, not in the list at the top of the page
    var note = form.querySelector("[data-offline-here]");
    if (!note) {
      note = document.createElement("p");
      note.className = "offline-here";
      note.setAttribute("role", "status");
      note.setAttribute("data-offline-here", "");
      var anchor = button && form.contains(button) ? button : form.lastElementChild;
      if (anchor && anchor.parentNode) anchor.parentNode.insertBefore(note, anchor.nextSibling);
      else form.appendChild(note);
    }
    var section = document.querySelector("[data-offline-actions]");
    note.textContent = (section && section.getAttribute("data-saved-here")) ||
      gettext("Saved on this phone: it is sent when the network returns.");
    if (note.scrollIntoView) note.scrollIntoView({ block: "nearest" });
  }

  /* back online, a player's page follows what was sent: the stale form and the banner go */

  var leaving = false;   // a navigation is under way (a link, a reload, this script's own)
  var typing = false;    // something was typed into a form since the last send
  window.addEventListener("beforeunload", function () { leaving = true; });
  window.addEventListener("pageshow", function () { leaving = false; });
  document.addEventListener("input", function (event) {
    if (event.target && event.target.form) typing = true;
  }, true);
  document.addEventListener("submit", function () { typing = false; }, true);

  function here() { return location.href.split("#")[0]; }

  function mayFollow() {
    // only a player's page (never the desk, which walks a round's tables offline), never over
    // typing or a navigation already under way
    return /^\/me\//.test(location.pathname) && !typing && !leaving && navigator.onLine;
  }

  function go(url) { leaving = true; location.replace(url); }

  function followSent(sent) {
    // this page's own action went: show the page as it is now, where the form would have gone
    var mine = (sent || []).filter(function (e) { return e.url === here(); });
    if (mine.length && mayFollow()) go(mine[mine.length - 1].next || here());
    return mine.length > 0;
  }

  function backOnline() {
    showBanner();
    flush().then(function (sent) {
      // a kept copy shown offline is old news once the network is back: fetch the page
      if (!followSent(sent) && body.getAttribute("data-offline-copy") === "1" && mayFollow()) {
        go(here());
      }
    });
  }

  function afterSavedOffline(form, entry, button) {
    if (!form.hasAttribute("data-offline-done")) {
      sayBesideButton(form, button);
      return render();
    }
    // the desk: go on to the next table (or back to the list) as the form would have
    return all().then(function (entries) {
      var next = entry.then === "next" ? nextOfflineTable(entries) : null;
      leaving = true;
      location.href = next || form.getAttribute("data-offline-done");
    });
  }

  function onSubmit(event) {
    var form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.hasAttribute("data-offline-form")) return;
    if (event.defaultPrevented || !window.indexedDB || !window.fetch) return;
    event.preventDefault();
    var keyField = form.querySelector('input[name="idempotency_key"]');
    if (keyField && !keyField.value) keyField.value = newKey();
    var data = new FormData(form, event.submitter || null);
    var fields = [];
    data.forEach(function (value, name) { if (typeof value === "string") fields.push([name, value]); });
    var entry = {
      key: keyField ? keyField.value : newKey(),
      url: new URL(form.getAttribute("action") || location.href.split("#")[0], location.href).href,
      scope: scope,
      label: form.getAttribute("data-offline-form"),
      fields: fields,
      then: data.get("then") || "",
      state: "saved",
      message: "",
      savedAt: Date.now()
    };
    var buttons = form.querySelectorAll("button[type=submit], button:not([type])");
    Array.prototype.forEach.call(buttons, function (b) { b.disabled = true; });
    function release() { Array.prototype.forEach.call(buttons, function (b) { b.disabled = false; }); }
    put(entry).then(render).then(function () {
      if (!navigator.onLine) { release(); return afterSavedOffline(form, entry, event.submitter); }
      return send(entry).then(function (done) {
        if (done.state === "sent") {
          leaving = true;
          location.href = done.next || location.href.split("#")[0];
        } else if (done.state === "refused") {
          // the server's own page shows the refusal beside the fields, with what was typed
          if (keyField) keyField.value = "";
          release();
          render();
          HTMLFormElement.prototype.submit.call(form);
        } else {
          release();
          render();
        }
      }, function () { release(); return afterSavedOffline(form, entry, event.submitter); });
    }).catch(function () {
      // no IndexedDB after all (a private window): send the form as it is
      release();
      HTMLFormElement.prototype.submit.call(form);
    });
  }

  /* --- 4. the referee desk ------------------------------------------------------------ */

  function markDeskRows(entries) {
    var links = document.querySelectorAll("a[data-offline-table]");
    Array.prototype.forEach.call(links, function (link) {
      var entry = entries.filter(function (e) { return e.url === link.href; }).pop();
      var note = link.parentNode.querySelector("[data-offline-note]");
      if (!entry) { if (note) note.remove(); return; }
      if (!note) {
        note = document.createElement("span");
        note.className = "offline-note";
        note.setAttribute("data-offline-note", "");
        link.parentNode.appendChild(note);
      }
      note.textContent = " " + stateText(entry);
    });
  }

  function keepDeskTables() {
    var links = document.querySelectorAll("a[data-offline-table]");
    if (!links.length) return;
    var tables = Array.prototype.map.call(links, function (link) {
      return { url: link.href, table: link.getAttribute("data-offline-table"),
               status: link.getAttribute("data-offline-status") };
    });
    try { localStorage.setItem("eye-desk:" + scope, JSON.stringify(tables)); } catch (e) { /* full */ }
    if (!navigator.onLine || !window.caches || !navigator.serviceWorker) return;
    navigator.serviceWorker.ready.then(function () {
      return caches.open(PAGE_CACHE);
    }).then(function (cache) {
      // each table's page once, through the worker (which keeps it), one after the other
      return tables.reduce(function (p, t) {
        return p.then(function () {
          return cache.match(t.url).then(function (hit) {
            return hit || fetch(t.url, { credentials: "same-origin" }).catch(function () {});
          });
        });
      }, Promise.resolve());
    }).catch(function () {});
  }

  /* --- signing out forgets the kept pages --------------------------------------------- */

  function onSignOut(event) {
    var form = event.target;
    if (!(form instanceof HTMLFormElement)) return;
    if ((form.getAttribute("action") || "").indexOf("/accounts/logout/") === -1) return;
    if (window.caches) caches.delete(PAGE_CACHE);
  }

  document.addEventListener("submit", onSubmit);
  document.addEventListener("submit", onSignOut, true);
  window.addEventListener("online", backOnline);
  window.addEventListener("offline", showBanner);
  showBanner();
  render().then(flush).then(followSent);
  keepDeskTables();
  setInterval(function () { flush().then(followSent); }, RETRY_MS);
})();
