// The answer a signed-in list page's head started with the HTML (apps/server/src/modules/seo/first-answer.ts):
// the app's first call for that URL, with that token, takes it instead of asking again.
import { FIRST_ANSWER_GLOBAL } from '@recell/api/pages';
import type { Middleware } from 'openapi-fetch';

/** What the head's script leaves on window. */
export interface FirstAnswer {
  url: string;
  token: string;
  /** When it was asked (ms): the page's first render asks within moments, a later call is not the first. */
  at: number;
  response: Promise<Response>;
  /** The page's drawn frame on its way into #root (settles either way); the app's scripts wait for it. */
  frame?: Promise<void>;
}

/** After this long the started answer is not taken: whatever asks then is not the page's first call. */
export const FIRST_ANSWER_MS = 15_000;

type Holder = Partial<Record<typeof FIRST_ANSWER_GLOBAL, FirstAnswer>>;

/**
 * Taken once, by a GET of exactly its URL carrying exactly its token, and only a success: a refusal or a failure
 * is asked again, so the app reads it exactly as it reads its own calls' (sign-in expired, server down).
 */
export const firstAnswer: Middleware = {
  async onRequest({ request }) {
    const holder = globalThis as Holder;
    const first = holder[FIRST_ANSWER_GLOBAL];
    if (!first || request.method !== 'GET') return undefined;
    if (Date.now() - first.at > FIRST_ANSWER_MS) {
      delete holder[FIRST_ANSWER_GLOBAL];
      return undefined;
    }
    if (request.url !== new URL(first.url, globalThis.location?.href).href) return undefined;
    delete holder[FIRST_ANSWER_GLOBAL];
    if (request.headers.get('authorization') !== `Bearer ${first.token}`) return undefined;
    const response = await first.response.catch(() => undefined);
    return response?.ok ? response : undefined;
  },
};
