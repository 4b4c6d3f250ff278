import { describe, expect, it } from 'vitest';
import { dialogOpener, type FocusTarget, focusAfterClose } from './focus-return.ts';

const element = (name: string, state: { isConnected?: boolean; disabled?: boolean } = {}) =>
  ({ name, isConnected: true, disabled: false, focus() {}, ...state }) as FocusTarget & { name: string };

describe('the control that opened a dialog', () => {
  const body = element('body');
  const deleteButton = element('Delete');
  const search = element('search box');

  it('is the control pressed, even when the browser left focus elsewhere (Safari)', () => {
    expect(dialogOpener(deleteButton, deleteButton, body)).toBe(deleteButton); // Chromium focuses it
    expect(dialogOpener(body, deleteButton, body)).toBe(deleteButton); // Safari does not
    expect(dialogOpener(search, deleteButton, body)).toBe(deleteButton); // focus was in a field before
  });

  it('is the focused element when a key opened it, and nothing when that is the body', () => {
    expect(dialogOpener(deleteButton, null, body)).toBe(deleteButton);
    expect(dialogOpener(body, null, body)).toBeUndefined();
    expect(dialogOpener(null, undefined, body)).toBeUndefined();
    expect(dialogOpener(body, element('gone', { isConnected: false }), body)).toBeUndefined();
  });
});

describe('where focus goes when a dialog closes', () => {
  const opener = element('Upgrade to Pro');
  const heading = element('Your plan');
  const planHeading = element('Pro');

  it('back to the opener while it is on the page and enabled', () => {
    expect(focusAfterClose(undefined, opener, () => heading)).toBe(opener);
    expect(focusAfterClose(null, opener, () => heading)).toBe(opener);
  });

  it('where the page asks, e.g. after the opener’s item was deleted', () => {
    expect(focusAfterClose(planHeading, opener, () => heading)).toBe(planHeading);
    expect(focusAfterClose(element('gone', { isConnected: false }), opener, () => heading)).toBe(opener);
  });

  it('to the page heading when the opener is gone or disabled, never lost', () => {
    expect(focusAfterClose(undefined, element('removed', { isConnected: false }), () => heading)).toBe(
      heading,
    );
    expect(focusAfterClose(undefined, element('busy', { disabled: true }), () => heading)).toBe(heading);
    expect(focusAfterClose(undefined, undefined, () => heading)).toBe(heading);
    expect(focusAfterClose(undefined, undefined, () => null)).toBeUndefined();
  });
});
