import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import { useTestApp } from '../../test/app';
import { signIn } from '../../test/auth';
import { rawRows } from '../../test/rows';

// `npm run operator -- grant|revoke <email>` (scripts/operator.ts, decision 032) as it is run on a
// server: its own process, against the DATABASE_URL the app uses, while the app runs. Against the
// embedded database it would need the app stopped, so the database half runs on PostgreSQL only;
// a wrong command line is refused before any database is opened, on either run.

const ROOT = fileURLToPath(new URL('../../../..', import.meta.url));
const TSX = path.join(ROOT, 'node_modules', '.bin', 'tsx');
/** Any DATA_DIR the command might fall back to: never the project's own ./data. */
const DATA_DIR = mkdtempSync(path.join(os.tmpdir(), 'pawstay-operator-'));

type Run = { code: number; stdout: string; stderr: string };

/** Runs the command with `args`; `databaseUrl` is the DATABASE_URL it is given. */
function operatorCommand(args: string[], databaseUrl?: string): Promise<Run> {
  const env = { ...process.env, DATA_DIR, DATABASE_URL: databaseUrl ?? '' };
  return new Promise((resolve) => {
    execFile(TSX, ['scripts/operator.ts', ...args], { cwd: ROOT, env, timeout: 60_000 }, (err, stdout, stderr) => {
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout: stdout.trim(), stderr: stderr.trim() });
    });
  });
}

const USAGE = /^usage: npm run operator -- grant \[--create\] <email> \| npm run operator -- revoke <email>$/;

describe('npm run operator: a wrong command line', () => {
  it('is refused with how to use it, or why the address is wrong, and exits non-zero', async () => {
    for (const args of [[], ['grant'], ['promote', 'someone@example.com'], ['revoke', '--create', 'someone@example.com']]) {
      const run = await operatorCommand(args);
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stderr, args.join(' ')).toMatch(USAGE);
      expect(run.stdout).toBe('');
    }
    const bad = await operatorCommand(['grant', 'not-an-address']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe('not-an-address: Invalid email address');
  }, 60_000);
});

describe.skipIf(inject('testDatabase').kind === 'pglite')('npm run operator on the app’s PostgreSQL (DATABASE_URL)', () => {
  const t = useTestApp();
  const roleOf = async (email: string) =>
    (await rawRows<{ operator: boolean }>(t.database.db, sql`select is_operator as operator from users where email = ${email}`))[0]?.operator;
  const recordOf = (email: string) =>
    rawRows<{ action: string; operator_id: string | null; reason: string | null }>(t.database.db, sql`
      select a.action, a.operator_id, a.reason from operator_actions a join users u on u.id = a.target_id
      where a.target_type = 'user' and u.email = ${email} order by a.created_at, a.id`);
  const session = async (cookie: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } })).json().user as { operator: boolean };

  it('grants and revokes the role of an account, each change recorded as the server console’s, and applied at the next request', async () => {
    const email = 'cli-operator@example.com';
    const cookie = await signIn(t, email);

    const granted = await operatorCommand(['grant', 'CLI-Operator@Example.com'], t.databaseUrl);
    expect(granted).toMatchObject({ code: 0, stdout: `${email} is now an operator: /ops` });
    expect(await roleOf(email)).toBe(true);
    expect((await session(cookie)).operator).toBe(true);
    expect(await recordOf(email)).toEqual([{ action: 'grant_operator', operator_id: null, reason: null }]);

    // Granted again: nothing changes, nothing more is recorded.
    expect(await operatorCommand(['grant', email], t.databaseUrl)).toMatchObject({ code: 0, stdout: `${email} was already an operator` });
    expect(await recordOf(email)).toHaveLength(1);

    const revoked = await operatorCommand(['revoke', email], t.databaseUrl);
    expect(revoked).toMatchObject({ code: 0, stdout: `${email} is no longer an operator` });
    expect(await roleOf(email)).toBe(false);
    expect((await session(cookie)).operator).toBe(false);
    expect((await recordOf(email)).map((r) => r.action)).toEqual(['grant_operator', 'revoke_operator']);
  }, 60_000);

  it('grants nothing to an address no account uses, and says so, unless told to make the account', async () => {
    const unknown = await operatorCommand(['grant', 'cli-nobody@example.com'], t.databaseUrl);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toBe('No account uses cli-nobody@example.com: its owner signs in once first, then is given the role');
    expect(await roleOf('cli-nobody@example.com')).toBeUndefined();
    expect((await operatorCommand(['revoke', 'cli-nobody@example.com'], t.databaseUrl)).code).toBe(1);

    const made = await operatorCommand(['grant', '--create', 'cli-new@example.com'], t.databaseUrl);
    expect(made).toMatchObject({ code: 0, stdout: 'cli-new@example.com is now an operator: /ops' });
    expect(await roleOf('cli-new@example.com')).toBe(true);
    expect((await recordOf('cli-new@example.com')).map((r) => r.action)).toEqual(['grant_operator']);
  }, 60_000);
});
