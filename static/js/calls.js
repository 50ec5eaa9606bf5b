/*
 * calls.js - the round clock's calls on the projector and the phones: "Yarra Mark!", the
 * scoring calls the clock makes ("Burraparay! Red scores", "King of the Hill!"), "Yarra Bung!".
 * Shown always; sounded (a chime and the words, through Web Audio and speech) only once
 * someone switches the sound on: off by default, remembered on the device.
 *
 * Inside a live container (live.js):
 *   <p data-call-text aria-live="assertive"></p>          the latest call
 *   <span data-call-focus hidden>                          shown while a flower is in focus:
 *     <span data-call-swatch></span> <b data-call-colour></b>   its swatch and name (Domination)
 *   <button data-call-sound hidden data-label-on=".." data-label-off="..">  the switch (shown
 *                                                  when sound works; says its state and action)
 *
 * With a flower deck per table (Domination), the container's data-call-table names its table:
 * the page shows that table's cards from the message's "tables"; a page of the whole hall (no
 * table) shows the call without a colour.
 *
 * The clock message carries the calls to come in game time (docs/realtime.md); a call is due
 * when the game time run reaches it, on the server's clock as live.js corrects it:
 *   elapsed = total_ms - (ends_at_ms - serverNow).
 * Nothing is counted on this device's own clock, so a phone whose clock is wrong hears the
 * call when the projector does. The container records the last call it made in
 * data-call-number, data-call-due-ms and data-call-made-ms (server time), for anyone to check.
 *
 * The words around the calls ("Red scores.", "Next: Blue.") are in the page's language (Django's
 * catalogue, loaded before this script); the calls themselves are the game's invented words and
 * never translated (locale/glossary.md). The voice speaks the page's language
 * (document.documentElement.lang): a voice of that language when the browser has one
 * (window.EyeCalls.pickVoice, the choice), else the browser's own for that language.
 */
(function () {
  "use strict";

  var TICK_MS = 100;
  var LATE_MS = 3000; // a call found later than this (a sleeping tab) is shown, not sounded
  var SOUND_KEY = "eye.sound";

  // the flower colours (engine FLOWER_COLOURS) as the page's language names them
  var COLOUR_NAMES = {
    red: pgettext("flower colour", "Red"),
    orange: pgettext("flower colour", "Orange"),
    yellow: pgettext("flower colour", "Yellow"),
    green: pgettext("flower colour", "Green"),
    blue: pgettext("flower colour", "Blue"),
    purple: pgettext("flower colour", "Purple")
  };

  function capitalise(word) {
    return word ? word.charAt(0).toUpperCase() + word.slice(1) : "";
  }

  function colourName(colour) {
    return colour ? COLOUR_NAMES[colour] || capitalise(colour) : "";
  }

  function normalLanguage(tag) {
    return String(tag || "").toLowerCase().replace(/_/g, "-");
  }

  // The voice for a page in ``language`` ("de", "en-gb") among the browser's ``voices``: one of
  // exactly that language ("en-GB"), else one of its main language ("de-AT" for "de"); the
  // browser's default voice first among equals. null when none speaks it.
  function pickVoice(voices, language) {
    var wanted = normalLanguage(language);
    if (!wanted || !voices) return null;
    var main = wanted.split("-")[0];
    var best = null;
    var bestRank = 0;
    for (var i = 0; i < voices.length; i++) {
      var lang = normalLanguage(voices[i].lang);
      var rank = lang === wanted ? 4 : lang.split("-")[0] === main ? 2 : 0;
      if (rank && voices[i]["default"]) rank += 1;
      if (rank > bestRank) { best = voices[i]; bestRank = rank; }
    }
    return best;
  }

  function pageLanguage() {
    return document.documentElement.getAttribute("lang") || "";
  }

  function Sound() {
    var Context = window.AudioContext || window.webkitAudioContext;
    this.supported = !!Context || "speechSynthesis" in window;
    this.Context = Context;
    this.audio = null;
    this.on = false;
  }

  Sound.prototype.switchOn = function (on) {
    this.on = on;
    // Browsers let a page make sound only after a tap: the switch is that tap.
    if (on && this.Context && !this.audio) this.audio = new this.Context();
  };

  Sound.prototype.chime = function (frequencies) {
    if (!this.audio) return;
    var audio = this.audio;
    frequencies.forEach(function (frequency, index) {
      var start = audio.currentTime + index * 0.18;
      var osc = audio.createOscillator();
      var gain = audio.createGain();
      osc.frequency.value = frequency;
      gain.gain.setValueAtTime(0.3, start);
      gain.gain.exponentialRampToValueAtTime(0.001, start + 0.6);
      osc.connect(gain);
      gain.connect(audio.destination);
      osc.start(start);
      osc.stop(start + 0.6);
    });
  };

  Sound.prototype.say = function (words, frequencies) {
    if (!this.on) return;
    this.chime(frequencies);
    if ("speechSynthesis" in window && window.SpeechSynthesisUtterance) {
      var utterance = new SpeechSynthesisUtterance(words);
      utterance.rate = 0.95;
      var language = pageLanguage();
      if (language) utterance.lang = language;
      var voice = pickVoice(window.speechSynthesis.getVoices(), language);
      if (voice) utterance.voice = voice;
      window.speechSynthesis.speak(utterance);
    }
  };

  var CHIMES = { start: [523, 784], scoring: [659, 880, 659], end: [392, 262] };

  // card ``index`` of a table's deck (0 = turned at "Yarra Mark!"), null when not sent
  function card(deck, index) {
    var at = index - deck.from;
    return at >= 0 && at < deck.flips.length ? deck.flips[at] : null;
  }

  function Caller(root) {
    this.root = root;
    this.live = root.__live;
    this.clock = null;
    this.fired = 0; // the number of the last scoring call made here
    this.bungDone = false;
    this.syncAsked = false;
    this.sound = new Sound();
    this.text = root.querySelectorAll("[data-call-text]");
    var self = this;
    root.addEventListener("live:message", function (event) {
      if (event.detail && event.detail.type === "clock") self.onClock(event.detail);
    });
    this.bindSwitch(root.querySelectorAll("[data-call-sound]"));
    setInterval(function () { self.tick(); }, TICK_MS);
  }

  Caller.prototype.bindSwitch = function (buttons) {
    var self = this;
    if (!this.sound.supported) return;
    var remembered = false;
    try { remembered = window.localStorage.getItem(SOUND_KEY) === "on"; } catch (e) { /* private mode */ }
    function show() {
      for (var i = 0; i < buttons.length; i++) {
        // the state and what a tap does, in the page's language (the template's labels)
        var label = buttons[i].getAttribute(self.sound.on ? "data-label-on" : "data-label-off");
        buttons[i].textContent = label ||
          (self.sound.on ? gettext("Sound: on \u2014 turn off") : gettext("Sound: off \u2014 turn on"));
        buttons[i].setAttribute("aria-pressed", self.sound.on ? "true" : "false");
      }
    }
    for (var i = 0; i < buttons.length; i++) {
      buttons[i].hidden = false;
      if (remembered) buttons[i].setAttribute("data-call-remembered", "on");
      buttons[i].addEventListener("click", function () {
        self.sound.switchOn(!self.sound.on);
        try { window.localStorage.setItem(SOUND_KEY, self.sound.on ? "on" : "off"); } catch (e) { /* ignore */ }
        show();
      });
    }
    show();
  };

  Caller.prototype.show = function (text, colour) {
    for (var i = 0; i < this.text.length; i++) this.text[i].textContent = text;
    if (colour !== undefined) this.showColour(colour);
  };

  Caller.prototype.showColour = function (colour) {
    var each = function (selector, fn) {
      var nodes = this.root.querySelectorAll(selector);
      for (var i = 0; i < nodes.length; i++) fn(nodes[i]);
    }.bind(this);
    each("[data-call-colour]", function (node) { node.textContent = colourName(colour); });
    each("[data-call-swatch]", function (node) { node.className = "flower flower-" + colour; });
    each("[data-call-focus]", function (node) { node.hidden = !colour; });
    this.root.setAttribute("data-call-flower", colour || "");
  };

  // this page's table's cards, when each table turns its own deck
  Caller.prototype.deck = function (calls) {
    var table = this.root.getAttribute("data-call-table");
    return table && calls && calls.tables ? calls.tables[table] || null : null;
  };

  // the colours of a call (scored, next) and the face-up colour now, for this page
  Caller.prototype.colours = function (calls, call) {
    var deck = this.deck(calls);
    if (!deck) {
      return { opening: calls.colour_at_start, current: calls.current_colour,
               scored: call && call.colour, next: call && call.next_colour };
    }
    return { opening: card(deck, 0), current: card(deck, calls.made),
             scored: call && card(deck, call.number - 1), next: call && card(deck, call.number) };
  };

  Caller.prototype.onClock = function (m) {
    var calls = m.calls;
    this.clock = m;
    var colours = calls ? this.colours(calls, null) : {};
    if (calls) this.showColour(colours.current);
    if (m.action === "start") {
      var focus = colours.opening
        ? " " + interpolate(gettext("%(colour)s first."), { colour: colourName(colours.opening) }, true)
        : "";
      this.show(m.call, undefined);
      this.sound.say(m.call + focus, CHIMES.start);
    } else if (m.action === "end") {
      this.bungDone = true;
      this.show(m.call);
      this.sound.say(m.call, CHIMES.end);
    } else if (m.state === "idle") {
      this.show("");
    } else if (m.state === "ended" && !this.bungDone) {
      this.bungDone = true;
      this.show(this.root.getAttribute("data-call-end") || gettext("Yarra Bung!"));
    }
    if (m.state === "running" || m.state === "paused") this.bungDone = false;
    if (calls) {
      this.syncAsked = false;
      // calls made before this message that this page has not shown: show the last one
      if (calls.last && calls.last.number > this.fired) this.fire(calls, calls.last, this.elapsed());
    }
  };

  Caller.prototype.elapsed = function () {
    var c = this.clock;
    if (!c) return 0;
    if (c.state === "running") {
      return c.total_ms - Math.max(0, c.ends_at_ms - this.live.serverNow());
    }
    return c.elapsed_ms;
  };

  Caller.prototype.fire = function (calls, call, elapsed) {
    this.fired = call.number;
    var colours = this.colours(calls, call);
    var colour = colourName(colours.scored);
    var words = calls.call +
      (colour ? " " + interpolate(gettext("%(colour)s scores."), { colour: colour }, true) : "");
    this.show(words, colours.next || colours.current);
    var due = this.clock.ends_at_ms - this.clock.total_ms + call.at_ms;
    this.root.setAttribute("data-call-number", String(call.number));
    this.root.setAttribute("data-call-due-ms", String(due));
    this.root.setAttribute("data-call-made-ms", String(Math.round(this.live.serverNow())));
    if (elapsed - call.at_ms <= LATE_MS) {
      var next = colours.next
        ? " " + interpolate(gettext("Next: %(colour)s."), { colour: colourName(colours.next) }, true)
        : "";
      this.sound.say(words + next, CHIMES.scoring);
    }
  };

  Caller.prototype.tick = function () {
    var c = this.clock;
    if (!c || c.state !== "running") return;
    var elapsed = this.elapsed();
    var calls = c.calls;
    if (calls) {
      var upcoming = calls.upcoming || [];
      for (var i = 0; i < upcoming.length; i++) {
        var call = upcoming[i];
        if (call.number > this.fired && call.at_ms <= elapsed) this.fire(calls, call, elapsed);
      }
      var last = upcoming[upcoming.length - 1];
      if (calls.more && !this.syncAsked && (!last || last.number <= this.fired)) {
        this.syncAsked = true; // the message held the next calls only: ask for the following
        window.EyeLive.send(this.root, { action: "sync" });
      }
    }
    if (elapsed >= c.total_ms && !this.bungDone) {
      // the time ran out on its own: that is "Yarra Bung!" too
      this.bungDone = true;
      var bung = this.root.getAttribute("data-call-end") || gettext("Yarra Bung!");
      this.show(bung);
      this.sound.say(bung, CHIMES.end);
    }
  };

  function start() {
    var nodes = document.querySelectorAll("[data-call-text]");
    for (var i = 0; i < nodes.length; i++) {
      var root = nodes[i].closest("[data-live-ws], [data-live-poll]");
      if (root && root.__live && !root.__caller) root.__caller = new Caller(root);
    }
  }

  window.EyeCalls = { pickVoice: pickVoice, colourName: colourName };

  // live.js starts its connections on DOMContentLoaded; start after it.
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
