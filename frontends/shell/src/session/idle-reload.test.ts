import { describe, expect, test } from 'vitest';
import { ACTIVITY_EVENTS, createIdleReload, IDLE_RELOAD_MS, startIdleReload } from './idle-reload.ts';

describe('inactivity reload', () => {
  test('after an hour without activity the next activity reloads the page', () => {
    expect(IDLE_RELOAD_MS).toBe(3_600_000);
    let now = 0;
    let reloads = 0;
    const idle = createIdleReload({ now: () => now, reload: () => reloads++ });
    now = 59 * 60_000;
    expect(idle.activity()).toBe(false); // active again before the hour: the clock restarts
    now += IDLE_RELOAD_MS - 1;
    expect(idle.activity()).toBe(false);
    expect(reloads).toBe(0);
    now += IDLE_RELOAD_MS;
    expect(idle.activity()).toBe(true);
    expect(reloads).toBe(1);
    // Further activity while the page reloads does not reload again.
    idle.activity();
    expect(reloads).toBe(1);
  });

  test('nothing happens without activity, however long the page sits idle', () => {
    let reloads = 0;
    createIdleReload({ now: () => 0, reload: () => reloads++ });
    expect(reloads).toBe(0);
  });

  test('listens to the activity events of the window and can be stopped', () => {
    const target = new EventTarget();
    let reloads = 0;
    const stop = startIdleReload(target, () => reloads++, 0);
    target.dispatchEvent(new Event(ACTIVITY_EVENTS[0]));
    expect(reloads).toBe(1);
    stop();
    const again = startIdleReload(target, () => reloads++, 10_000);
    again();
    target.dispatchEvent(new Event('keydown'));
    expect(reloads).toBe(1);
  });
});
