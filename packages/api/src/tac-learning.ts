// Learning a TAC's model from handovers so that nobody can forge it: only a buyer's own IMEI check at a
// completed handover is a confirmation, and a TAC learns a model only when confirmations from TAC_LEARNING_PAIRS
// buyer-seller pairs agree on it, no account or verified phone number in two of them. A pair counts only when both
// accounts were older than TAC_LEARNING_ACCOUNT_DAYS at the deal, they had completed no deal with each other
// before, and they are not one person (one account, or one verified number). Pure, so the server and the mocks
// decide alike; the server records whether a confirmation counts at the deal (ages and history are read then).
import type { components } from './generated/schema';
import { compareModel } from './tac';

type CategoryId = components['schemas']['CategoryId'];

/** Agreeing confirmations from this many pairs, no account in two of them, teach a TAC its model. */
export const TAC_LEARNING_PAIRS = 3;
/** Both accounts of a pair must be older than this at the deal for its confirmation to count. */
export const TAC_LEARNING_ACCOUNT_DAYS = 7;

/** Why a confirmation does not count towards learning (kept with it as evidence). */
export type NotCounted = 'same_person' | 'young_account' | 'repeat_pair';

export interface WitnessedModel {
  category_id: CategoryId;
  /** The listing's title at the handover. */
  title: string;
  /** The model the listing names (learnedModel of its brand and title). */
  model: string;
  buyer_id: string;
  seller_id: string;
  /** Each side's verified number at the deal, when it had one. */
  buyer_phone: string | null;
  seller_phone: string | null;
  not_counted: NotCounted | null;
}

/** Whether a pair's confirmation counts, from what was true at the deal. */
export function notCounted(pair: {
  buyer: { id: string; created_at: string; phone: string | null };
  seller: { id: string; created_at: string; phone: string | null };
  /** Completed deals between the two, in either direction, including this one. */
  completedDeals: number;
  at: Date;
}): NotCounted | null {
  const { buyer, seller } = pair;
  if (buyer.id === seller.id || (buyer.phone !== null && buyer.phone === seller.phone)) return 'same_person';
  const bornBy = pair.at.getTime() - TAC_LEARNING_ACCOUNT_DAYS * 24 * 60 * 60 * 1000;
  if (Date.parse(buyer.created_at) > bornBy || Date.parse(seller.created_at) > bornBy) return 'young_account';
  return pair.completedDeals > 1 ? 'repeat_pair' : null;
}

/** The listing of `witness` names `model` ("iPhone 13" in "Apple iPhone 13 128 GB", not in "iPhone 13 Pro"). */
const names = (model: WitnessedModel, witness: WitnessedModel) =>
  compareModel({ tac: '', category_id: model.category_id, model: model.model }, witness).outcome === 'match';

/** Two confirmations name one model when either one's model is named by the other's listing. */
export const sameModel = (a: WitnessedModel, b: WitnessedModel) => names(a, b) || names(b, a);

/** Counting confirmations that name different models: the TAC waits for an admin. */
export function conflicted(confirmations: readonly WitnessedModel[]): boolean {
  const counting = confirmations.filter((witness) => witness.not_counted === null);
  return counting.some((a, index) => counting.slice(index + 1).some((b) => !sameModel(a, b)));
}

/** The people of a pair: its two accounts and their verified numbers. */
const peopleOf = (witness: WitnessedModel) =>
  [witness.buyer_id, witness.seller_id, witness.buyer_phone, witness.seller_phone].filter(
    (key): key is string => key !== null,
  );

/** Whether `needed` of these pairs share no account and no number (so one person cannot make them all). */
function separatePairs(pairs: readonly WitnessedModel[], needed: number, taken = new Set<string>()): boolean {
  if (needed === 0) return true;
  return pairs.some((pair, index) => {
    const people = peopleOf(pair);
    if (people.some((key) => taken.has(key))) return false;
    return separatePairs(pairs.slice(index + 1), needed - 1, new Set([...taken, ...people]));
  });
}

/**
 * The model a TAC learns from its confirmations, if any: one that counting confirmations of TAC_LEARNING_PAIRS
 * separate pairs name, while no counting confirmation names another model. Of several (a shorter name and a
 * longer one, "14 Ultra" and "14 Ultra 512GB"), the one most pairs name, then the shorter.
 */
export function learnableModel(
  confirmations: readonly WitnessedModel[],
): { category_id: CategoryId; model: string } | undefined {
  if (conflicted(confirmations)) return undefined;
  // Bounded: the newest confirmations decide (a search over pairs grows with the cube of their number).
  const counting = confirmations.filter((witness) => witness.not_counted === null).slice(-60);
  const candidates = counting
    .map((candidate) => ({ candidate, support: counting.filter((witness) => names(candidate, witness)) }))
    .filter(({ support }) => separatePairs(support, TAC_LEARNING_PAIRS))
    .sort(
      (a, b) => b.support.length - a.support.length || a.candidate.model.length - b.candidate.model.length,
    );
  const chosen = candidates[0]?.candidate;
  return chosen ? { category_id: chosen.category_id, model: chosen.model } : undefined;
}
