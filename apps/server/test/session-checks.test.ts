import { sessions } from '@meucardapio/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken, SESSION_COOKIE } from '../src/http/session';
import { sessionChecker } from '../src/realtime/session-checks';
import { countingDb } from './counting-db';
import { createEmployee, createTestApp, signupOwner, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe("the streams' session checks", () => {
  it('checks every session asked for in the same moment in one statement, each getting its own answer', async () => {
    const owner = await signupOwner(t);
    const other = await signupOwner(t);
    const cook = await createEmployee(t, owner, { profileType: 'kitchen' });
    const gone = await createEmployee(t, owner, { profileType: 'waiter' });
    const token = (c: { cookie(name: string): string | undefined }) => c.cookie(SESSION_COOKIE) as string;
    await t.db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token(gone.client))));

    const log: string[] = [];
    const check = sessionChecker(countingDb(t.db, log));
    const [a, b, c, d, e, again] = await Promise.all([
      check(token(owner.client)),
      check(token(other.client)),
      check(token(cook.client)),
      check(token(gone.client)),
      check('not-a-session'),
      check(token(owner.client)),
    ]);
    expect(log).toEqual(['execute']);
    expect(a).toMatchObject({ kind: 'owner', restaurantId: owner.restaurantId });
    expect(again).toEqual(a);
    expect(b).toMatchObject({ kind: 'owner', restaurantId: other.restaurantId });
    expect(c).toMatchObject({ kind: 'employee', id: cook.employeeId, restaurantId: owner.restaurantId });
    expect(d).toBeNull();
    expect(e).toBeNull();

    // A later moment is a statement of its own.
    expect(await check(token(cook.client))).toMatchObject({ id: cook.employeeId });
    expect(log).toEqual(['execute', 'execute']);
  });
});
