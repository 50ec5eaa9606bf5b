/*
 * sw-push.js - Web Push in the service worker (imported by /sw.js with importScripts).
 *
 * "push": shows the notification the server sent (notifications/logic/texts.py writes it as JSON:
 *   {"title", "body", "url", "tag"}); a newer one with the same tag (the topic: this event's
 *   table, this match's result) replaces the older on the device.
 * "notificationclick": focuses a window already showing the notification's page, else opens
 *   it. Only pages of this site are opened; anything else opens the home page.
 */
(function (scope) {
  "use strict";

  // the title when a push has none: the game's name, never translated (locale/glossary.md); a
  // push carries its title and body already in the recipient's language (the server words it)
  var FALLBACK_TITLE = "Eye for an Eye";

  function sameSite(url) {
    var origin = scope.location.origin;
    try {
      var resolved = new URL(url || "/", origin);
      if (resolved.origin === origin) return resolved.href;
    } catch (e) { /* not a URL: the home page below */ }
    return origin + "/";
  }

  function read(event) {
    if (!event.data) return {};
    try {
      var data = event.data.json();
      return data && typeof data === "object" ? data : {};
    } catch (e) {
      return { body: event.data.text() };
    }
  }

  function notification(data) {
    var tag = typeof data.tag === "string" ? data.tag.slice(0, 64) : "";
    var options = {
      body: typeof data.body === "string" ? data.body.slice(0, 300) : "",
      data: { url: sameSite(data.url) }
    };
    if (tag) {
      options.tag = tag;
      options.renotify = true; // a new table in the same topic buzzes again
    }
    var title = typeof data.title === "string" && data.title ? data.title.slice(0, 100) : FALLBACK_TITLE;
    return { title: title, options: options };
  }

  function focusOrOpen(url) {
    return scope.clients.matchAll({ type: "window", includeUncontrolled: true }).then(function (windows) {
      for (var i = 0; i < windows.length; i++) {
        if (windows[i].url === url && "focus" in windows[i]) return windows[i].focus();
      }
      return scope.clients.openWindow ? scope.clients.openWindow(url) : null;
    });
  }

  scope.addEventListener("push", function (event) {
    var shown = notification(read(event));
    event.waitUntil(scope.registration.showNotification(shown.title, shown.options));
  });

  scope.addEventListener("notificationclick", function (event) {
    event.notification.close();
    var data = event.notification.data || {};
    event.waitUntil(focusOrOpen(sameSite(data.url)));
  });
}(self));
