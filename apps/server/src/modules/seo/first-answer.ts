// A signed-in list page (a category, search results) is drawn from an answer that only a signed-in call gets:
// the page's HTML cannot carry it (the session is a bearer token the browser keeps, not a cookie the page
// request sends). So its head names that first call (a meta element; the web build's server-side module builds
// the URL with the screen's own query) and a small inline script, admitted by its hash in the CSP
// (http/hygiene.ts), starts it with the kept session while the app's scripts are still on their way. The app's
// API client takes that answer instead of asking again (apps/web/src/lib/first-answer.ts): one round trip
// less before the list and its largest picture paint (issue 28).
import { createHash } from 'node:crypto';
import { FIRST_ANSWER_GLOBAL, FIRST_ANSWER_META, SESSION_STORAGE_KEY } from '@recell/api/pages';
import { escapeMarkup } from './xml';

/** A token this close to its end is renewed by the app before it asks: the script leaves it alone. */
const RENEWED_WITHIN_MS = 60_000;

/**
 * Plain ES5. Only a root-relative URL (`/x`, never `//host` or `/\host`, which browsers read as another
 * host) is asked, so the token goes nowhere but this origin.
 */
export const FIRST_ANSWER_SCRIPT =
  '(function(){try{var m=document.querySelector(\'meta[name="' +
  FIRST_ANSWER_META +
  '"]\');var s=JSON.parse(localStorage.getItem(' +
  JSON.stringify(SESSION_STORAGE_KEY) +
  ')||"null");if(!m||!s||typeof s.accessToken!=="string"||!(s.expiresAt>Date.now()+' +
  RENEWED_WITHIN_MS +
  '))return;var u=m.getAttribute("content")||"";if(!/^\\/[^\\/\\\\]/.test(u))return;' +
  'var r=fetch(u,{headers:{Authorization:"Bearer "+s.accessToken}});r.catch(function(){});' +
  'window.' +
  FIRST_ANSWER_GLOBAL +
  '={url:u,token:s.accessToken,at:Date.now(),response:r}}catch(e){}})()';

/** The CSP source that admits FIRST_ANSWER_SCRIPT. */
export const FIRST_ANSWER_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(FIRST_ANSWER_SCRIPT).digest('base64')}'`;

/** Only the API's own paths are ever named (what the build's module returns is checked, not trusted). */
const API_URL = /^\/api\/[^\s]*$/;

/** The head's tags that start the call to `url`; none for a URL that is not one of the API's. */
export function firstAnswerTags(url: string | undefined): string {
  if (url === undefined || !API_URL.test(url)) return '';
  return (
    `<meta name="${FIRST_ANSWER_META}" content="${escapeMarkup(url)}">\n  ` +
    `<script>${FIRST_ANSWER_SCRIPT}</script>\n  `
  );
}
