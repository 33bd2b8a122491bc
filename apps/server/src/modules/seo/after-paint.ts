// A page whose #root holds a frame (shell.ts) paints before the app's JavaScript is needed. Its scripts are
// asked for once that frame has painted, not with the HTML: on a phone's connection the entry (a hundred KB and
// more) and the screen's chunks would share the bandwidth with the stylesheet, the font and the picture the
// frame paints with, and hold the largest paint back. The module script and its modulepreloads
// wait in a <template> (inert: nothing in it is fetched); a small inline script, admitted by its hash in the
// CSP (http/hygiene.ts), adds them to the head after the next frame, or at once in a tab that is not shown
// (a hidden tab paints no frames). On a signed-in list page whose drawn frame is on its way, after that frame
// has landed and painted: the list is the page's largest paint, and the app's hundred KB would hold it back.
import { createHash } from 'node:crypto';
import { FIRST_ANSWER_GLOBAL } from '@recell/api/pages';

export const APP_SCRIPTS_ID = 'app-scripts';

/**
 * How long the scripts wait, at most, for a signed-in list page's drawn frame (first-answer.ts) to land: the
 * list paints first, and a slow frame does not keep the app from starting.
 */
export const FRAME_WAIT_MS = 1500;

/** Plain ES5, as written here: the one inline script the CSP admits, by its hash. */
export const AFTER_PAINT_SCRIPT =
  '(function(){function go(){var t=document.getElementById("' +
  APP_SCRIPTS_ID +
  '");if(!t)return;t.remove();Array.prototype.forEach.call(t.content.children,function(e){' +
  'var n=document.createElement(e.localName);Array.prototype.forEach.call(e.attributes,function(a){' +
  'n.setAttribute(a.name,a.value)});document.head.appendChild(n)})}' +
  'function later(){if(document.visibilityState==="hidden")go();' +
  'else requestAnimationFrame(function(){setTimeout(go,0)})}' +
  // a signed-in list page's drawn frame on its way (first-answer.ts): after it has landed, or a moment
  'var w=window.' +
  FIRST_ANSWER_GLOBAL +
  ',f=w&&w.frame,d=false;function once(){if(!d){d=true;later()}}' +
  'if(f){f.then(once,once);setTimeout(once,' +
  FRAME_WAIT_MS +
  ')}else later()})()';

/** The CSP source that admits AFTER_PAINT_SCRIPT and nothing else inline. */
export const AFTER_PAINT_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(AFTER_PAINT_SCRIPT).digest('base64')}'`;

// the built index.html's module scripts and the modulepreloads the shell adds (as Vite and shell.ts write them)
const APP_SCRIPT_TAGS =
  /[ \t]*(<script type="module"[^>]*><\/script>|<link rel="modulepreload"[^>]*>)\r?\n?/g;

/** `html` with its module scripts and modulepreloads asked for after the first paint. */
export function scriptsAfterPaint(html: string): string {
  const tags: string[] = [];
  const rest = html.replace(APP_SCRIPT_TAGS, (_whole, tag: string) => {
    tags.push(tag);
    return '';
  });
  if (tags.length === 0) return html;
  const deferred =
    `<template id="${APP_SCRIPTS_ID}">${tags.join('')}</template>\n` +
    `    <script>${AFTER_PAINT_SCRIPT}</script>\n  `;
  const at = rest.search(/<\/body>/i);
  return at < 0 ? html : `${rest.slice(0, at)}${deferred}${rest.slice(at)}`;
}
