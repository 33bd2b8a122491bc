// The deal's rulebook, read by the server, the mocks and the web: its words are pinned here once, and every
// refusal it words is a body the contract accepts from the operation that sends it.
import { describe, expect, it } from 'vitest';
import { contractValidator } from '../src/contract';
import {
  buyerCheckOf,
  buyerCheckRefusals,
  canMove,
  DEAL_TRANSITIONS,
  dealRefusals,
  HANDOVER_ATTEMPTS,
  IMEI_CHECK_ATTEMPTS,
  IMEI_CHECK_LOCKED_TEXT,
  imeiNotMatchedText,
  type DealRefusal,
} from '../src/deal-rules';

const contract = contractValidator();
const handover = contract.operations.find((operation) => operation.operationId === 'completeHandover');
const body = ({ status: _status, ...rest }: DealRefusal) => rest;

describe('the deal rulebook', () => {
  it('words the wrong code by the attempts left, and the last one as the lock', () => {
    expect(dealRefusals.wrongCode(4).message).toBe('That code is not right: 4 tries left');
    expect(dealRefusals.wrongCode(1).message).toBe('That code is not right: 1 try left');
    expect(dealRefusals.wrongCode(0).message).toBe('That code is not right: the handover is now locked');
    expect(dealRefusals.notHeld('declined')).toMatchObject({ code: 'not_held', status: 409 });
    expect(dealRefusals.notHeld('completed')).toMatchObject({ code: 'already_paid' });
    expect(dealRefusals.notHeld('expired')).toMatchObject({ code: 'expired' });
  });

  it('sends only bodies the contract accepts from completeHandover', () => {
    expect(handover).toBeDefined();
    const refusals = [
      dealRefusals.handoverLocked(),
      dealRefusals.notHeld('cancelled'),
      ...Array.from({ length: HANDOVER_ATTEMPTS }, (_, left) => dealRefusals.wrongCode(left)),
    ];
    for (const refusal of refusals) {
      expect(contract.validateResponse(handover!, refusal.status, body(refusal)), refusal.message).toEqual(
        [],
      );
    }
    // and the contract would notice a body outside its shape
    expect(contract.validateResponse(handover!, 422, { message: 'x', attemptsLeft: 1 })).not.toEqual([]);
  });

  it("words the buyer's check in bodies the contract accepts from its operations", () => {
    expect(imeiNotMatchedText(4)).toContain('4 tries left');
    expect(imeiNotMatchedText(1)).toContain('1 try left');
    expect(imeiNotMatchedText(0)).toBe(IMEI_CHECK_LOCKED_TEXT);
    expect(IMEI_CHECK_LOCKED_TEXT).toMatch(/walk away.*nothing is charged/);
    const refusals = [
      ...Object.values(buyerCheckRefusals).map((refusal) => refusal()),
      dealRefusals.notHeld('completed'),
      dealRefusals.notHeld('cancelled'),
    ];
    for (const operationId of ['checkHandoverImei', 'recordHandoverChecks', 'skipHandoverCheck']) {
      const operation = contract.operations.find((candidate) => candidate.operationId === operationId);
      expect(operation, operationId).toBeDefined();
      for (const refusal of refusals) {
        expect(contract.validateResponse(operation!, refusal.status, body(refusal)), refusal.message).toEqual(
          [],
        );
      }
    }
    expect(
      buyerCheckOf({
        imeiListed: true,
        wrongImeis: IMEI_CHECK_ATTEMPTS,
        imeiMatched: false,
        conditionMatched: false,
        signedOut: false,
        skipped: false,
      }).state,
    ).toBe('locked');
    expect(
      buyerCheckOf({
        imeiListed: false,
        wrongImeis: 0,
        imeiMatched: false,
        conditionMatched: true,
        signedOut: true,
        skipped: false,
      }).state,
    ).toBe('checked');
  });

  it('has final states that go nowhere, and a hold that can end every way', () => {
    for (const final of ['completed', 'cancelled', 'declined', 'expired'] as const) {
      expect(DEAL_TRANSITIONS[final]).toEqual([]);
    }
    expect(canMove('unpaid', 'held')).toBe(true);
    expect(canMove('unpaid', 'completed')).toBe(false);
    expect(canMove('held', 'expired')).toBe(true);
    expect(canMove('completed', 'cancelled')).toBe(false);
  });
});
