import { isCountryCode } from '@mediakit/countries';
import { badRequest } from '@mediakit/kit';
import type { BillingDetails } from '../payments/payment-provider.ts';

export type { BillingDetails };

/** Billing details as a request brings them: anything may be missing or blank. */
export interface BillingInput {
  name?: string;
  address?: string;
  country?: string;
  vatId?: string;
}

const NAME_MAX = 200;
const ADDRESS_MAX = 500;
/** After separators are dropped. EU VAT ids are 4 to 15 characters; other tax ids fit too. */
const VAT_ID = /^[A-Z0-9]{4,20}$/;

interface Issue {
  field: string;
  message: string;
}

/**
 * Checks and normalizes billing details: name and address trimmed and required, the country an
 * assigned ISO 3166-1 alpha-2 code (any case in, upper case out), the VAT id optional, upper case,
 * without spaces, dots or dashes. Every problem is reported at once, each naming its field
 * (`billing.<field>`), so a form can mark them all.
 */
export function checkBilling(input: BillingInput): BillingDetails {
  const issues: Issue[] = [];
  const name = (input.name ?? '').trim();
  const address = (input.address ?? '').trim();
  const country = (input.country ?? '').trim().toUpperCase();
  const vatId = (input.vatId ?? '').replace(/[\s.-]/g, '').toUpperCase();

  if (!name) issues.push({ field: 'billing.name', message: 'billing.name is required' });
  else if (name.length > NAME_MAX)
    issues.push({ field: 'billing.name', message: `billing.name must have at most ${NAME_MAX} characters` });
  if (!address) issues.push({ field: 'billing.address', message: 'billing.address is required' });
  else if (address.length > ADDRESS_MAX)
    issues.push({
      field: 'billing.address',
      message: `billing.address must have at most ${ADDRESS_MAX} characters`,
    });
  if (!country) issues.push({ field: 'billing.country', message: 'billing.country is required' });
  else if (!isCountryCode(country))
    issues.push({
      field: 'billing.country',
      message: `billing.country must be an ISO 3166-1 alpha-2 country code such as DE, FR or US, not "${country.slice(0, 20)}"`,
    });
  if (vatId && !VAT_ID.test(vatId))
    issues.push({
      field: 'billing.vatId',
      message:
        'billing.vatId must be 4 to 20 letters and digits, such as DE123456789 (spaces, dots and dashes are ignored)',
    });
  if (issues.length > 0) throw badRequest(`${issues.map((i) => i.message).join('; ')}.`, issues);
  return vatId ? { name, address, country, vatId } : { name, address, country };
}

/**
 * The 400 for a first move to a paid plan without billing details: it names every missing field,
 * so the client knows what to ask for.
 */
export function billingRequired(planName: string) {
  const fields = ['billing.name', 'billing.address', 'billing.country'];
  return badRequest(
    `The ${planName} plan needs billing details: ${fields.join(', ')} ${fields.length > 1 ? 'are' : 'is'} required.`,
    fields.map((field) => ({ field, message: `${field} is required` })),
  );
}
