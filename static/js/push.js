/*
 * push.js - the "Notify me" switch of the players' page and the referee desk
 * (templates/notifications/_switch.html; the server side is notifications/views.py).
 *
 * Shown only where the browser can receive Web Push (a service worker and the Push API).
 * "Notify me" asks the browser's permission, subscribes with the server's VAPID public key
 * (data-public-key) through the service worker at data-sw-url (its push handler is
 * static/js/sw-push.js) and posts the subscription to data-on-url; "Turn notifications off"
 * posts its endpoint to data-off-url and drops the browser's subscription. Which switches are
 * on is remembered on this device (localStorage, by data-owner: never the private link).
 */
(function () {
  "use strict";

  var panel = document.querySelector("[data-push]");
  if (!panel) return;
  if (!("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window)) {
    return; // the panel stays hidden: this browser cannot receive notifications
  }
  var status = panel.querySelector("[data-push-status]");
  var onButton = panel.querySelector("[data-push-on]");
  var offButton = panel.querySelector("[data-push-off]");
  var csrf = panel.querySelector("input[name=csrfmiddlewaretoken]");
  var remembered = "push-on:" + panel.getAttribute("data-owner");
  panel.hidden = false;
  if (/iPhone|iPad|iPod/.test(navigator.userAgent) && !navigator.standalone) {
    panel.querySelector("[data-push-ios]").hidden = false;
  }

  function remember(on) {
    try {
      if (on) localStorage.setItem(remembered, "1"); else localStorage.removeItem(remembered);
    } catch (e) { /* private mode: the switch just forgets */ }
  }

  function wasOn() {
    try { return localStorage.getItem(remembered) === "1"; } catch (e) { return false; }
  }

  function show(on, message) {
    status.textContent = message;
    onButton.hidden = on;
    offButton.hidden = !on;
    onButton.disabled = offButton.disabled = false;
  }

  function keyBytes(base64url) {
    var text = atob(base64url.replace(/-/g, "+").replace(/_/g, "/") +
      "====".slice((base64url.length % 4) || 4));
    var bytes = new Uint8Array(text.length);
    for (var i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
    return bytes;
  }

  function registration() {
    return navigator.serviceWorker.register(panel.getAttribute("data-sw-url"))
      .then(function () { return navigator.serviceWorker.ready; });
  }

  function post(url, body) {
    return fetch(url, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-CSRFToken": csrf ? csrf.value : "" },
      body: JSON.stringify(body)
    }).then(function (response) {
      if (response.ok) return response.json();
      return response.json().catch(function () { return {}; }).then(function (answer) {
        var words = answer.detail || Object.keys(answer).map(function (field) {
          return [].concat(answer[field]).join(" ");
        }).join(" ");
        throw new Error(words || interpolate(gettext("the server answered %(status)s"),
          { status: response.status }, true));
      });
    });
  }

  function turnOn() {
    onButton.disabled = true;
    status.textContent = gettext("Asking your browser…");
    Notification.requestPermission().then(function (permission) {
      if (permission !== "granted") {
        throw new Error(gettext("notifications are blocked for this site: allow them in your browser's settings."));
      }
      return registration();
    }).then(function (reg) {
      return reg.pushManager.getSubscription().then(function (existing) {
        return existing || reg.pushManager.subscribe({
          userVisibleOnly: true,
          applicationServerKey: keyBytes(panel.getAttribute("data-public-key"))
        });
      });
    }).then(function (subscription) {
      return post(panel.getAttribute("data-on-url"), subscription.toJSON());
    }).then(function () {
      remember(true);
      show(true, gettext("On: this device will be notified."));
    }).catch(function (error) {
      show(false, interpolate(gettext("Not turned on: %(why)s"), { why: error.message }, true));
    });
  }

  function turnOff() {
    offButton.disabled = true;
    registration().then(function (reg) {
      return reg.pushManager.getSubscription();
    }).then(function (subscription) {
      if (!subscription) return null;
      // the browser's subscription may serve another switch of this site: keep it then
      return post(panel.getAttribute("data-off-url"), { endpoint: subscription.endpoint });
    }).then(function () {
      remember(false);
      show(false, gettext("Off on this device."));
    }).catch(function (error) {
      show(true, interpolate(gettext("Still on: %(why)s"), { why: error.message }, true));
    });
  }

  onButton.addEventListener("click", turnOn);
  offButton.addEventListener("click", turnOff);
  if (wasOn() && Notification.permission === "granted") {
    show(true, gettext("On: this device will be notified."));
  }
}());
