import type { Subscription } from '../api/types.ts';

/** Where an operator reads how to connect a payment provider. */
export const TEST_PAYMENTS_NOTICE =
  'Test payments: plan changes are recorded and nobody is charged. Connect a payment provider to take payments (see “Plugging in a real payment provider” in docs/accounts.md).';

/**
 * The notice about payments for the person looking at a plan, if any. A provider that charges
 * nothing (the default, record-only) is the operator's business: only an administrator is told,
 * in their terms. A provider that does charge has a notice for everyone (its own sentence).
 */
export function paymentsNotice(
  provider: Subscription['provider'],
  roles: readonly string[] | undefined,
): string | undefined {
  if (provider.charges) return provider.notice || undefined;
  return roles?.includes('admin') ? TEST_PAYMENTS_NOTICE : undefined;
}
