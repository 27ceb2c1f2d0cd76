// Waits on notifications: each wait takes the earliest untaken match, before or after it arrives.
import { describe, expect, it } from 'vitest';
import { NotificationLog } from '../src/index.js';

const n = (method: string, params: Record<string, unknown> = {}) => ({ method, params });

describe('NotificationLog', () => {
  it('hands earlier arrivals to later waits, in order, once each', async () => {
    const log = new NotificationLog();
    log.push(n('a', { i: 1 }));
    log.push(n('a', { i: 2 }));
    expect((await log.waitFor('a')).params.i).toBe(1);
    expect((await log.waitFor('a')).params.i).toBe(2);
    const third = log.waitFor('a');
    log.push(n('b'));
    log.push(n('a', { i: 3 }));
    expect((await third).params.i).toBe(3);
    expect(log.items).toHaveLength(4);
  });

  it('matches on params, and serves waits oldest first', async () => {
    const log = new NotificationLog();
    const x = log.waitFor('u', (m) => m.params.uri === 'x');
    const any1 = log.waitFor('u');
    const any2 = log.waitFor('u');
    log.push(n('u', { uri: 'y' }));
    log.push(n('u', { uri: 'x' }));
    log.push(n('u', { uri: 'z' }));
    expect((await x).params.uri).toBe('x');
    expect((await any1).params.uri).toBe('y');
    expect((await any2).params.uri).toBe('z');
  });

  it('rejects pending and later waits once closed; clear forgets what arrived', async () => {
    const log = new NotificationLog();
    log.push(n('a'));
    log.clear();
    const pending = log.waitFor('a');
    log.close(new Error('gone'));
    await expect(pending).rejects.toThrow('gone');
    await expect(log.waitFor('a')).rejects.toThrow('gone');
  });
});
