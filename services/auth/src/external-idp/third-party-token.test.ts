import { describe, expect, test } from 'vitest';
import {
  isThirdPartyToken,
  providerToken,
  THIRD_PARTY_PREFIX,
  toThirdPartyToken,
} from './third-party-token.ts';

describe('the cognito_ prefix of third-party refresh tokens', () => {
  test('is the documented marker', () => {
    expect(THIRD_PARTY_PREFIX).toBe('cognito_');
  });

  test('marks a token as the provider’s, and comes off exactly once', () => {
    expect(isThirdPartyToken('cognito_eyJhbGciOi.x.y')).toBe(true);
    expect(providerToken('cognito_eyJhbGciOi.x.y')).toBe('eyJhbGciOi.x.y');
    // A provider token that itself starts with the prefix keeps it: only ours comes off.
    expect(providerToken('cognito_cognito_abc')).toBe('cognito_abc');
    expect(toThirdPartyToken('abc')).toBe('cognito_abc');
    expect(providerToken(toThirdPartyToken('r1'))).toBe('r1');
  });

  test('an app token, a prefix in another case or position, or the bare prefix are not provider tokens', () => {
    for (const token of ['abc', 'Cognito_abc', 'COGNITO_abc', 'xcognito_abc', ' cognito_abc', '']) {
      expect(isThirdPartyToken(token)).toBe(false);
      expect(providerToken(token)).toBeNull();
    }
    expect(isThirdPartyToken('cognito_')).toBe(true);
    expect(providerToken('cognito_')).toBeNull();
  });
});
