{% load static %}/*
 * The service worker of Eye for an Eye tournaments (served at /sw.js by
 * tournament/views/app_shell.py; docs/offline.md).
 *
 * - Installing, it keeps the static files every page needs (cache "{{ static_cache }}").
 * - The pages players and staff open at a table (an event, a private "my table" page,
 *   standings, a round's tables, the referee desk and its tables) go to the network first;
 *   each answer is kept under its full address (with any private token in it), and when the
 *   network fails the last copy is served with the mark offline.js turns into the
 *   "Offline - last updated hh:mm" banner.
 * - Nothing else is kept: no POST, no sign-in or admin page, no API answer, no redirect.
 * - The scripts' strings (/jsi18n/<language>/, one address per language) are kept like those
 *   pages, so an offline page still speaks its language.
 * - The page it shows offline for a page never seen is in the language of the request that
 *   fetched this worker (the visitor's): a visitor who switches language gets a new worker on
 *   the next page they open, as with any change of this file.
 * - Web Push is in js/sw-push.js, imported below; a notice's title and body come already
 *   translated in the push message (the recipient's language, notifications/logic/texts.py).
 */
importScripts("{% static 'js/sw-push.js' %}");

var STATIC_CACHE = "{{ static_cache }}";
var PAGE_CACHE = "{{ page_cache }}";
var PRECACHE = [{% for url in precache %}"{{ url|escapejs }}"{% if not forloop.last %}, {% endif %}{% endfor %}];
var STATIC_PREFIX = "{{ static_prefix|escapejs }}";
var APP_PAGES = [{% for pattern in app_pages %}new RegExp("{{ pattern|escapejs }}"){% if not forloop.last %}, {% endif %}{% endfor %}];
var OFFLINE_MARK = 'data-offline-copy="0"';
var OFFLINE_LANGUAGE = "{{ offline.language|force_escape|escapejs }}";
var OFFLINE_TITLE = "{{ offline.title|force_escape|escapejs }}";
var OFFLINE_TEXT = "{{ offline.text|force_escape|escapejs }}";

self.addEventListener("install", function (event) {
  event.waitUntil(
    caches.open(STATIC_CACHE).then(function (cache) { return cache.addAll(PRECACHE); })
      .then(function () { return self.skipWaiting(); })
  );
});

self.addEventListener("activate", function (event) {
  event.waitUntil(
    caches.keys().then(function (names) {
      return Promise.all(names.filter(function (name) {
        return name.indexOf("eye-static-") === 0 && name !== STATIC_CACHE;
      }).map(function (name) { return caches.delete(name); }));
    }).then(function () { return self.clients.claim(); })
  );
});

function isAppPage(url) {
  return APP_PAGES.some(function (pattern) { return pattern.test(url.pathname); });
}

function keepable(response) {
  return response && response.status === 200 && response.type === "basic" && !response.redirected;
}

/* The cached copy of a page, marked as such (offline.js shows the banner). */
function offlineCopy(cached) {
  return cached.text().then(function (html) {
    return new Response(html.replace(OFFLINE_MARK, 'data-offline-copy="1"'), {
      status: 200,
      headers: cached.headers
    });
  });
}

function notSeenOffline() {
  var html = "<!doctype html><html lang='" + OFFLINE_LANGUAGE + "'><meta charset=utf-8>" +
    "<meta name=viewport content='width=device-width'><title>" + OFFLINE_TITLE + "</title>" +
    "<p style='font:1.1rem system-ui;margin:2rem'>" + OFFLINE_TEXT + "</p>";
  return new Response(html, { status: 503, headers: { "Content-Type": "text/html; charset=utf-8" } });
}

function networkFirst(request) {
  return fetch(request).then(function (response) {
    if (keepable(response)) {
      var copy = response.clone();
      caches.open(PAGE_CACHE).then(function (cache) { return cache.put(request.url, copy); });
    }
    return response;
  }).catch(function () {
    return caches.open(PAGE_CACHE).then(function (cache) {
      return cache.match(request.url);
    }).then(function (cached) {
      return cached ? offlineCopy(cached) : notSeenOffline();
    });
  });
}

function cacheFirst(request) {
  return caches.match(request).then(function (cached) {
    return cached || fetch(request);
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") return;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.indexOf(STATIC_PREFIX) === 0) {
    event.respondWith(cacheFirst(request));
  } else if (isAppPage(url)) {
    event.respondWith(networkFirst(request));
  }
});
