// A signed-in list page (a category, search results) is drawn from an answer that only a signed-in call gets:
// the page's HTML cannot carry it (the session is a bearer token the browser keeps, not a cookie the page
// request sends). So its head names that first call (a meta element; the web build's server-side module builds
// the URL with the screen's own query) and a small inline script, admitted by its hash in the CSP
// (http/hygiene.ts), starts it with the kept session while the app's scripts are still on their way. The app's
// API client takes that answer instead of asking again (apps/web/src/lib/first-answer.ts): one round trip
// less before the list and its largest picture paint. The script also asks the page's own URL, with
// the session, for the list as this person's first render draws it (shell.ts, SIGNED_IN_FRAME_HEADER), and puts
// it in #root if the app has not started by then: the list paints before the app's scripts have even arrived.
import { createHash } from 'node:crypto';
import {
  APP_STARTED_ATTRIBUTE,
  FIRST_ANSWER_GLOBAL,
  FIRST_ANSWER_META,
  SESSION_STORAGE_KEY,
  SIGNED_IN_FRAME_ATTRIBUTE,
  SIGNED_IN_FRAME_HEADER,
} from '@recell/api/pages';
import { escapeMarkup } from './xml';

/** A token this close to its end is renewed by the app before it asks: the script leaves it alone. */
const RENEWED_WITHIN_MS = 60_000;

/**
 * Plain ES5. Only a root-relative URL (`/x`, never `//host` or `/\host`, which browsers read as another
 * host) is asked, so the token goes nowhere but this origin; the frame is asked at `location.href`, this page's
 * own absolute URL (a path of `//host/...` would be another host).
 */
export const FIRST_ANSWER_SCRIPT =
  '(function(){try{var m=document.querySelector(\'meta[name="' +
  FIRST_ANSWER_META +
  '"]\');var s=JSON.parse(localStorage.getItem(' +
  JSON.stringify(SESSION_STORAGE_KEY) +
  ')||"null");if(!m||!s||typeof s.accessToken!=="string"||!(s.expiresAt>Date.now()+' +
  RENEWED_WITHIN_MS +
  '))return;var u=m.getAttribute("content")||"";if(!/^\\/[^\\/\\\\]/.test(u))return;' +
  'var a="Bearer "+s.accessToken,r=fetch(u,{headers:{Authorization:a}}),w=window.' +
  FIRST_ANSWER_GLOBAL +
  '={url:u,token:s.accessToken,at:Date.now(),response:r};' +
  // its JSON too, for the app's first render to adopt the frame with (a copy: the app reads the response)
  'var j=r.then(function(x){return x.ok?x.clone().json():null}).then(function(d){if(d)w.data=d})' +
  '.catch(function(){});' +
  // the page as this person's first render draws it (shell.ts), into #root unless the app has started; the
  // app's scripts wait for it (after-paint.ts)
  'w.frame=fetch(location.href,{headers:{Authorization:a,"' +
  SIGNED_IN_FRAME_HEADER +
  '":"1"}}).then(function(f){return f.status===200&&f.headers.get("' +
  SIGNED_IN_FRAME_HEADER +
  '")==="1"?f.text():null}).then(function(t){return j.then(function(){var e=document.getElementById("root");' +
  // only with the answer in: the app adopts the frame from it
  'if(t&&w.data&&e&&!e.hasAttribute("' +
  APP_STARTED_ATTRIBUTE +
  '")){e.innerHTML=t;e.setAttribute("' +
  SIGNED_IN_FRAME_ATTRIBUTE +
  '","")}})}).catch(function(){})}catch(e){}})()';

/** The CSP source that admits FIRST_ANSWER_SCRIPT. */
export const FIRST_ANSWER_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(FIRST_ANSWER_SCRIPT).digest('base64')}'`;

/** Only the API's own paths are ever named (what the build's module returns is checked, not trusted). */
export const API_URL = /^\/api\/[^\s]*$/;

/** The head's tags that start the call to `url`; none for a URL that is not one of the API's. */
export function firstAnswerTags(url: string | undefined): string {
  if (url === undefined || !API_URL.test(url)) return '';
  return (
    `<meta name="${FIRST_ANSWER_META}" content="${escapeMarkup(url)}">\n  ` +
    `<script>${FIRST_ANSWER_SCRIPT}</script>\n  `
  );
}
