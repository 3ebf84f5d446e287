/*
 * The only script on Bandroom's public pages (landing, blog, guides, policies) for
 * signed-out visitors, who get no framework bundle. Plain JavaScript served as-is from
 * /js/public.js; keep it under 10 KB gzip (a test checks).
 *
 * - Section views: each landing section (an element with data-section) counts once per
 *   page view, when half of it is on screen, or half the screen for a section taller
 *   than the screen. Sent with sendBeacon to /api/analytics, never for visitors whose
 *   browser sends Do Not Track or Global Privacy Control (the server drops those too).
 * - Closes the header's <details> menu after a link in it is followed, on Escape (the
 *   focus goes back to its button), when the focus leaves it, or on a click elsewhere
 *   (without JavaScript it simply stays open until toggled).
 * - Registers the service worker (/sw.js) in production builds (data-sw on the tag).
 * - Smooth scrolling to in-page anchors is CSS (scroll-behavior on <html>, only when the
 *   visitor has not asked for reduced motion); nothing to do here.
 *
 * The hydrated app loads this file too when a visitor navigates client-side to a static
 * page, and calls window.bandroomPublic.observeSections() itself.
 */
(function () {
  "use strict";
  if (window.bandroomPublic) return;

  var ENDPOINT = "/api/analytics";
  var script = document.currentScript;

  function optedOut() {
    return navigator.doNotTrack === "1" || window.doNotTrack === "1" || navigator.globalPrivacyControl === true;
  }

  function viewId() {
    var bytes = new Uint8Array(8);
    crypto.getRandomValues(bytes);
    return Array.prototype.map
      .call(bytes, function (byte) {
        return (byte % 36).toString(36);
      })
      .join("")
      .concat(Date.now().toString(36))
      .slice(0, 24);
  }

  function send(event) {
    var body = JSON.stringify(event);
    if (navigator.sendBeacon && navigator.sendBeacon(ENDPOINT, body)) return;
    fetch(ENDPOINT, { method: "POST", body: body, keepalive: true, headers: { "Content-Type": "application/json" } }).catch(function () {});
  }

  /** Starts counting the sections now on the page as one page view; returns a stop function. */
  function observeSections() {
    var sections = document.querySelectorAll("[data-section]");
    if (!sections.length || optedOut() || !("IntersectionObserver" in window)) return function () {};
    var view = viewId();
    var path = location.pathname;
    var thresholds = [];
    for (var i = 0; i <= 20; i++) thresholds.push(i / 20);
    var observer = new IntersectionObserver(
      function (entries) {
        entries.forEach(function (entry) {
          if (!entry.isIntersecting) return;
          var screen = entry.rootBounds ? entry.rootBounds.height : window.innerHeight;
          if (entry.intersectionRatio < 0.5 && entry.intersectionRect.height < screen / 2) return;
          observer.unobserve(entry.target);
          send({ name: "section_view", section: entry.target.getAttribute("data-section"), path: path, view: view });
        });
      },
      { threshold: thresholds },
    );
    sections.forEach(function (section) {
      observer.observe(section);
    });
    return function () {
      observer.disconnect();
    };
  }

  window.bandroomPublic = { observeSections: observeSections };

  function closeMenus(except) {
    document.querySelectorAll("details[data-menu][open]").forEach(function (menu) {
      if (menu !== except) menu.removeAttribute("open");
    });
  }
  document.addEventListener("click", function (event) {
    var target = event.target instanceof Element ? event.target : null;
    var menu = target && target.closest("details[data-menu]");
    closeMenus(menu && !target.closest("a") ? menu : null);
  });
  // Escape closes the menu and gives the keyboard back to its button; tabbing out of an
  // open menu closes it, so it never covers the links the focus moves on to.
  document.addEventListener("keydown", function (event) {
    if (event.key !== "Escape") return;
    var inside = document.activeElement && document.activeElement.closest("details[data-menu][open]");
    closeMenus(null);
    if (inside) inside.querySelector("summary").focus();
  });
  document.addEventListener("focusout", function (event) {
    var menu = event.target instanceof Element ? event.target.closest("details[data-menu][open]") : null;
    if (menu && !(event.relatedTarget instanceof Node && menu.contains(event.relatedTarget))) menu.removeAttribute("open");
  });

  if (script && script.hasAttribute("data-static")) {
    // A page the browser prerendered has not been seen yet.
    if (document.prerendering) document.addEventListener("prerenderingchange", observeSections, { once: true });
    else observeSections();
  }

  if (script && script.hasAttribute("data-sw") && "serviceWorker" in navigator) {
    var register = function () {
      navigator.serviceWorker.register("/sw.js").catch(function (error) {
        console.warn("Service worker registration failed", error);
      });
    };
    if (document.readyState === "complete") register();
    else window.addEventListener("load", register, { once: true });
  }
})();
