// Demo mode's stand-in for a text message: the Auth emulator sends no SMS for the second step of signing in (or
// for enrolling one); it keeps each code at its verificationCodes endpoint. The sign-in screen of the demo reads
// the newest one for the phone it named, so a person trying the demo is never stuck. Outside demo mode: 404.
import { notFound } from '../../http/errors';

interface SentCode {
  phoneNumber: string;
  code: string;
}

export function demoSignInCodes(config: {
  demoMode: boolean;
  authEmulatorHost: string | undefined;
  firebaseProjectId: string;
}) {
  return {
    async getDemoSignInCode(phoneEnding: string) {
      if (!config.demoMode || !config.authEmulatorHost) return notFound();
      const url = `http://${config.authEmulatorHost}/emulator/v1/projects/${config.firebaseProjectId}/verificationCodes`;
      const response = await fetch(url, { signal: AbortSignal.timeout(5000) });
      if (!response.ok) throw new Error(`the Auth emulator's verification codes answered ${response.status}`);
      const { verificationCodes = [] } = (await response.json()) as { verificationCodes?: SentCode[] };
      // The emulator lists codes in the order it sent them; a used code is gone from the list.
      const newest = verificationCodes.filter((sent) => sent.phoneNumber.endsWith(phoneEnding)).at(-1);
      return newest ? { code: newest.code, phoneEnding } : notFound();
    },
  };
}

export type DemoSignInCodes = ReturnType<typeof demoSignInCodes>;
