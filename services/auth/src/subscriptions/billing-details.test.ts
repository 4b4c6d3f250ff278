import type { ApiError } from '@mediakit/kit';
import { describe, expect, it } from 'vitest';
import { billingRequired, checkBilling } from './billing-details.ts';

function thrown(run: () => unknown): ApiError {
  try {
    run();
  } catch (error) {
    return error as ApiError;
  }
  throw new Error('expected an error');
}

describe('billing details', () => {
  it('trims and normalizes: country upper case, VAT id without separators', () => {
    expect(
      checkBilling({
        name: '  Ada Ltd ',
        address: ' 1 Main St\nLondon ',
        country: 'gb',
        vatId: 'gb 123.456-789',
      }),
    ).toEqual({ name: 'Ada Ltd', address: '1 Main St\nLondon', country: 'GB', vatId: 'GB123456789' });
    expect(checkBilling({ name: 'A', address: 'B', country: 'DE' })).toEqual({
      name: 'A',
      address: 'B',
      country: 'DE',
    });
  });

  it('takes assigned country codes and refuses others, naming the field', () => {
    for (const code of ['US', 'FR', 'JP', 'BR', 'ZA', 'AX'])
      expect(checkBilling({ name: 'A', address: 'B', country: code.toLowerCase() }).country).toBe(code);
    for (const country of ['XX', 'EU', 'UK', 'USA', 'D', '12']) {
      const error = thrown(() => checkBilling({ name: 'A', address: 'B', country }));
      expect(error.status).toBe(400);
      expect(error.details).toEqual([
        {
          field: 'billing.country',
          message: expect.stringContaining('billing.country must be an ISO 3166-1 alpha-2 country code'),
        },
      ]);
    }
  });

  it('reports every missing or bad field at once', () => {
    const error = thrown(() => checkBilling({ name: ' ', country: '', vatId: '!' }));
    expect(error.status).toBe(400);
    expect(error.code).toBe('validation_failed');
    expect((error.details as Array<{ field: string }>).map((d) => d.field)).toEqual([
      'billing.name',
      'billing.address',
      'billing.country',
      'billing.vatId',
    ]);
    expect(error.message).toMatch(/^billing\.name is required; billing\.address is required; /);
  });

  it('names the fields a first paid plan needs', () => {
    const error = billingRequired('Pro');
    expect(error.status).toBe(400);
    expect(error.message).toBe(
      'The Pro plan needs billing details: billing.name, billing.address, billing.country are required.',
    );
    expect(error.details).toHaveLength(3);
  });
});
