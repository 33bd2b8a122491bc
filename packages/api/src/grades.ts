// What each condition promises, in the way refurbishers grade (Back Market style): what can be seen, from
// how far, and how healthy the battery is at least. The one definition behind Add Product, the catalogue's condition
// filter and the listing page, and behind the server's and the mocks' refusal of a listing whose stated battery
// health breaks its grade's promise.
import type { components } from './generated/schema';

type Condition = components['schemas']['Condition'];

export interface Grade {
  condition: Condition;
  /** A few words for a chip or an option. */
  summary: string;
  /** The screen and the body: what is visible, and from how far. */
  looks: string;
  /** Held at arm's length or closer: the distance the marks are judged from (none for Fair: they show). */
  distanceCm?: number;
  /** The least battery health (percent of its capacity when new) a listing of this grade may state. */
  minBattery: number;
}

/** Best first, as every screen lists them. */
export const GRADES: readonly Grade[] = [
  {
    condition: 'Excellent',
    summary: 'Looks like new',
    looks: 'No marks on the screen or the body that can be seen from 20 cm.',
    distanceCm: 20,
    minBattery: 85,
  },
  {
    condition: 'Good',
    summary: 'Light signs of use',
    looks: 'Light marks on the body that cannot be seen from 50 cm; none on the screen when it is on.',
    distanceCm: 50,
    minBattery: 80,
  },
  {
    condition: 'Fair',
    summary: 'Visible signs of use',
    looks:
      'Visible scratches or scuffs on the screen or the body; no cracks, and nothing that stops it working.',
    minBattery: 80,
  },
];

export const CONDITIONS: readonly Condition[] = GRADES.map((grade) => grade.condition);

const BY_CONDITION = new Map(GRADES.map((grade) => [grade.condition, grade]));

export const gradeOf = (condition: Condition): Grade => BY_CONDITION.get(condition) ?? GRADES[1]!;

/** "No marks ... from 20 cm. Battery at least 85 %.": a grade's promise in one line. */
export const gradeWords = (condition: Condition) => {
  const grade = gradeOf(condition);
  return `${grade.looks} Battery health at least ${grade.minBattery} %.`;
};

/**
 * A stated battery health below the grade's floor breaks the grade's promise: the per-field error the server and the
 * mocks refuse with (400), or undefined. A listing that states no battery health promises only the grade's looks.
 */
export function gradeProblem(listing: {
  condition: Condition;
  batteryHealth?: number | undefined;
}): { path: string; message: string } | undefined {
  const grade = gradeOf(listing.condition);
  if (listing.batteryHealth === undefined || listing.batteryHealth >= grade.minBattery) return undefined;
  return {
    path: '/body/batteryHealth',
    message: `is below ${grade.minBattery} %, the least a phone in ${grade.condition} condition promises`,
  };
}
