import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres, runMigrations } from '../db/client';

export const TEMPLATE_DB = 'pawstay_test_template';

/**
 * Migrates one template database for the whole run; each test file then gets a fresh copy of it
 * (PGlite: a data-dir dump loaded in ~0.5 s; PostgreSQL: CREATE DATABASE ... TEMPLATE).
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${TEMPLATE_DB} with (force)`);
    await admin.query(`create database ${TEMPLATE_DB}`);
    await admin.end();
    const templateUrl = new URL(url);
    templateUrl.pathname = `/${TEMPLATE_DB}`;
    const database = await openPostgres(templateUrl.toString());
    await runMigrations(database);
    await database.close();
    project.provide('testDatabase', { kind: 'postgres', adminUrl: url, template: TEMPLATE_DB });
    return;
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pawstay-template-'));
  const database = await openPglite(undefined);
  await runMigrations(database);
  // biome-ignore lint/suspicious/noExplicitAny: PGlite client behind the drizzle instance
  const dump: Blob = await (database.db as any).$client.dumpDataDir('none');
  const file = path.join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('testDatabase', { kind: 'pglite', templateFile: file });
  return () => rmSync(dir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabase:
      | { kind: 'postgres'; adminUrl: string; template: string }
      | { kind: 'pglite'; templateFile: string };
  }
}
