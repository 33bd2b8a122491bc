// The deal clock: when holds were placed and when they expire. Tests move it; so does the local demo
// (advanceDemoClock, refused outside DEMO_MODE). It only moves forward, and a restart resets it.
export interface Clock {
  now(): Date;
  readonly offsetMs: number;
  advance(ms: number): void;
}

export function dealClock(): Clock {
  let offsetMs = 0;
  return {
    now: () => new Date(Date.now() + offsetMs),
    get offsetMs() {
      return offsetMs;
    },
    advance(ms) {
      if (!(ms > 0)) throw new Error('the deal clock only moves forward');
      offsetMs += ms;
    },
  };
}
