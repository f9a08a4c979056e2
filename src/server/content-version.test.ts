// The content version reader: a change this server commits is seen by its next read, even when another
// request read the counter between the change's bump and its commit (the catalogue then missed a new lot
// for a second, and a checkout at that lot answered "no longer available").
import { describe, expect, it } from 'vitest';
import { withTestDb } from '../../tests/support/test-app';
import { bumpContentVersion, contentVersionReader } from './content-version';

const t = withTestDb();

describe('the content version reader', () => {
  it('sees a commit at once, though a read came between the bump and the commit', async () => {
    const read = contentVersionReader(t.db);
    const before = await read();
    let bumped!: () => void;
    let commit!: () => void;
    const bumpedYet = new Promise<void>((resolve) => (bumped = resolve));
    const committing = new Promise<void>((resolve) => (commit = resolve));
    const change = t.db.transaction(async (tx) => {
      await bumpContentVersion(tx);
      bumped();
      await committing;
    });
    await bumpedYet;
    // Another request reads now: the transaction is open, so it still sees the old version.
    expect(await read()).toBe(before);
    commit();
    await change;
    expect(await read()).toBe(before + 1);
  });
});
