// Demo mode only: the Auth emulator's ID tokens are unsigned, and firebase-admin accepts any such token that is
// well formed, so a forger could name a real uid with any email, a verified flag, a sign-in method or a time.
// Each token is checked here against the emulator's own record of that account (accounts:lookup): the account
// exists and is enabled; the token's email is its email, and says verified only when it is; a phone number it
// claims is the one the emulator confirmed for the account; its sign-in method is one the account has (a
// password, or a linked provider); it was issued no later than the last token the emulator issued for the
// account (lastRefreshAt, set at every sign-in and refresh), with the emulator's one-hour lifetime, after its
// last revocation (validSince); and it was signed in no later than the last sign-in the emulator recorded
// (lastLoginAt), nor before the account existed; a second step it claims is one of the account's enrolled
// factors. What remains (README, demo mode): a local process that reads the same record through the same admin
// API can copy it into a token that passes.
import type { DecodedIdToken } from 'firebase-admin/auth';
import { emulatorAdmin } from './emulator-admin';

/** What the emulator keeps of an account that a token can be held to (times: ms, ISO, seconds, as it keeps them). */
export interface EmulatorAccountRecord {
  localId: string;
  email?: string;
  emailVerified?: boolean;
  phoneNumber?: string;
  disabled?: boolean;
  passwordHash?: string;
  providerUserInfo?: { providerId?: string }[];
  mfaInfo?: { mfaEnrollmentId?: string }[];
  createdAt?: string;
  lastLoginAt?: string;
  lastRefreshAt?: string;
  validSince?: string;
}

/** The emulator issues ID tokens for an hour. */
const TOKEN_LIFETIME_SECONDS = 3600;
/** Token times are whole seconds, the record's are milliseconds taken a moment before the token's. */
const SKEW_SECONDS = 1;
/** How long a looked-up record answers for its uid: GET /jwt does not ask the emulator every time. */
const RECORD_FRESH_MS = 10_000;
const RECORDS_KEPT = 1000;

const seconds = (ms: string | undefined) => (ms === undefined ? undefined : Math.floor(Number(ms) / 1000));

/** Whether the emulator's record of the account could have issued this token. */
export function recordedSignIn(token: DecodedIdToken, account: EmulatorAccountRecord | undefined): boolean {
  if (!account || account.disabled || account.localId !== token.uid) return false;
  if (!token.email || account.email?.toLowerCase() !== token.email.toLowerCase()) return false;
  if (token.email_verified === true && account.emailVerified !== true) return false;
  // A confirmed phone it claims is the one the emulator linked to the account (a verified seller phone).
  if (token.phone_number !== undefined && token.phone_number !== account.phoneNumber) return false;
  const methods = new Set(account.providerUserInfo?.map((provider) => provider.providerId));
  if (account.passwordHash) methods.add('password');
  if (!methods.has(token.firebase.sign_in_provider)) return false;
  // A second step names one of the account's enrolled factors (admins must have one: a forged claim is not one).
  const secondFactor = token.firebase.sign_in_second_factor;
  if (secondFactor !== undefined) {
    const enrolled = account.mfaInfo?.map((factor) => factor.mfaEnrollmentId) ?? [];
    if (secondFactor !== 'phone' || !enrolled.includes(token.firebase.second_factor_identifier)) return false;
  }
  const lastIssued = account.lastRefreshAt ? Math.floor(Date.parse(account.lastRefreshAt) / 1000) : undefined;
  const lastSignIn = seconds(account.lastLoginAt);
  const created = seconds(account.createdAt) ?? 0;
  const revoked = account.validSince === undefined ? 0 : Number(account.validSince);
  return (
    lastIssued !== undefined &&
    lastSignIn !== undefined &&
    token.iat <= lastIssued + SKEW_SECONDS &&
    token.exp - token.iat <= TOKEN_LIFETIME_SECONDS &&
    token.iat >= revoked &&
    token.auth_time <= lastSignIn + SKEW_SECONDS &&
    token.auth_time >= created - SKEW_SECONDS &&
    token.iat >= token.auth_time
  );
}

export interface EmulatorSignIns {
  /** Whether the emulator recorded a sign-in that could have issued this (already decoded) token. */
  recorded(token: DecodedIdToken): Promise<boolean>;
}

export function emulatorSignIns(options: {
  host: string;
  projectId: string;
  freshMs?: number;
}): EmulatorSignIns {
  const admin = emulatorAdmin(options);
  const freshMs = options.freshMs ?? RECORD_FRESH_MS;
  const records = new Map<string, { at: number; record: Promise<EmulatorAccountRecord | undefined> }>();

  function lookUp(uid: string) {
    const record = admin<{ users?: EmulatorAccountRecord[] }>('accounts:lookup', { localId: [uid] }).then(
      ({ users }) => users?.[0],
    );
    if (records.size >= RECORDS_KEPT) records.clear();
    records.set(uid, { at: Date.now(), record });
    // A failed look-up is not kept.
    record.catch(() => records.delete(uid));
    return record;
  }

  return {
    async recorded(token) {
      const kept = records.get(token.uid);
      if (kept && Date.now() - kept.at < freshMs) {
        if (recordedSignIn(token, await kept.record)) return true;
        // A sign-in or refresh newer than the kept record: ask again before refusing.
      }
      return recordedSignIn(token, await lookUp(token.uid));
    },
  };
}
