import { describe, expect, it } from 'vitest';
import { paymentsNotice, TEST_PAYMENTS_NOTICE } from './payments-notice.ts';

const recordOnly = {
  kind: 'record-only',
  charges: false,
  notice: 'No payment was taken: this installation records plan changes without charging.',
};
const charging = { kind: 'stripe', charges: true, notice: 'Payments are handled by Stripe.' };

describe('the payments notice', () => {
  it('tells only the operator that payments are a test, in their terms', () => {
    expect(paymentsNotice(recordOnly, ['user', 'admin'])).toBe(TEST_PAYMENTS_NOTICE);
    expect(TEST_PAYMENTS_NOTICE).toMatch(/^Test payments: .*nobody is charged\. Connect a payment provider/);
    for (const roles of [['user'], ['user', 'editor'], [], undefined])
      expect(paymentsNotice(recordOnly, roles)).toBeUndefined();
  });

  it("shows a charging provider's own notice to everyone", () => {
    expect(paymentsNotice(charging, ['user'])).toBe('Payments are handled by Stripe.');
    expect(paymentsNotice(charging, ['admin'])).toBe('Payments are handled by Stripe.');
    expect(paymentsNotice({ ...charging, notice: '' }, ['user'])).toBeUndefined();
  });
});
