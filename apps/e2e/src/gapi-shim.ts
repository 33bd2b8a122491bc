// The firebase SDK's popup and redirect, and the Auth emulator's helper iframe, both load Google's `gapi` loader
// from https://apis.google.com/js/api.js to talk across the frame boundary, even against the emulator. These
// machines have no internet, so the journeys serve this stand-in for it: only what those two use of
// `gapi.iframes` (open an iframe, register a handler, send and answer, over postMessage). Everything else is
// real: the SDK, the emulator's Google page and its iframe, and the emulator's signInWithIdp.
import type { BrowserContext } from '@playwright/test';

const SHIM = String.raw`(function () {
  var handlers = {};
  // requests that came before their handler was registered, answered once it is: the emulator's iframe sends
  // the redirect's authEvent as soon as it loads, which can be before the SDK registers for it (gapi queues too)
  var early = {};
  var pending = {};
  function answer(handler, request) {
    request.source.postMessage(
      { gapiShim: 'response', id: request.id, result: [handler(request.data)] },
      '*',
    );
  }
  var sequence = 0;
  function channel(target) {
    return {
      register: function (type, handler) {
        handlers[type] = handler;
        (early[type] || []).forEach(function (request) { answer(handler, request); });
        delete early[type];
      },
      send: function (type, data, callback) {
        var id = 'gapi-shim-' + (++sequence) + '-' + Math.random();
        pending[id] = callback;
        target().postMessage({ gapiShim: 'request', id: id, type: type, data: data }, '*');
      },
      restyle: function () { return Promise.resolve(); },
    };
  }
  window.addEventListener('message', function (event) {
    var message = event.data;
    if (!message || typeof message !== 'object' || !message.gapiShim) return;
    if (message.gapiShim === 'request') {
      var request = { source: event.source, id: message.id, data: message.data };
      var handler = handlers[message.type];
      if (handler) answer(handler, request);
      else (early[message.type] = early[message.type] || []).push(request);
    } else if (message.gapiShim === 'response') {
      var callback = pending[message.id];
      delete pending[message.id];
      if (callback) callback(message.result);
    }
  });
  window.gapi = {
    load: function (_name, options) { setTimeout(options.callback || options, 0); },
    iframes: {
      CROSS_ORIGIN_IFRAMES_FILTER: function () { return true; },
      getContext: function () {
        return {
          open: function (options, opened) {
            var element = document.createElement('iframe');
            var loaded = new Promise(function (resolve) { element.addEventListener('load', resolve); });
            var style = (options.attributes && options.attributes.style) || {};
            Object.keys(style).forEach(function (key) { element.style[key] = style[key]; });
            element.setAttribute('aria-hidden', 'true');
            element.tabIndex = -1;
            element.src = options.url;
            options.where.appendChild(element);
            var iframe = channel(function () { return element.contentWindow; });
            iframe.ping = function (callback) {
              return loaded.then(function () { if (callback) callback(); });
            };
            return Promise.resolve(opened(iframe));
          },
          getParentIframe: function () { return channel(function () { return window.parent; }); },
        };
      },
    },
  };
  var onload = /[?&]onload=([^&]+)/.exec((document.currentScript && document.currentScript.src) || '');
  setTimeout(function () {
    if (onload && typeof window[onload[1]] === 'function') window[onload[1]]();
    if (typeof window.gapi_onload === 'function') window.gapi_onload();
  }, 0);
})();`;

/** Serves the stand-in wherever a page of this context asks Google for the gapi loader. */
export async function serveGapiShim(context: BrowserContext): Promise<void> {
  await context.route(/^https:\/\/apis\.google\.com\/js\/api\.js/, (route) =>
    route.fulfill({ contentType: 'text/javascript', body: SHIM }),
  );
}
