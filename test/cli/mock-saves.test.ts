/**
 * `portfolio-reporting mock --state FILE` saves at a cost bounded per change (`StateSaver`): many changes go into few
 * saves. Run in-process (`runMock`) so that the saves can be counted: each one renames `FILE.tmp` over FILE.
 * Readiness is the banner written to stdout, never a sleep.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { runMock } from '../../src/cli/mock.js';
import { createClients } from '../helpers/mock-clients.js';

const renames = vi.hoisted(() => ({ to: [] as string[] }));
vi.mock('node:fs/promises', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs/promises')>();
  return {
    ...fs,
    rename: (from: string, to: string) => {
      renames.to.push(to);
      return fs.rename(from, to);
    },
  };
});

/** `portfolio-reporting mock --seed empty --state <a new file>` in-process: its URL once ready, its output, a stop. */
function startMock() {
  const state = join(mkdtempSync(join(tmpdir(), 'prs-mock-saves-')), 'state.json');
  const stop = new AbortController();
  let out = '';
  let ready: (url: string) => void = () => {};
  const url = new Promise<string>((resolve) => {
    ready = resolve;
  });
  const stdout = {
    write: (text: string) => {
      out += text;
      const at = /at (http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1];
      if (at) ready(at);
    },
  };
  const stderr = { write: (text: string) => (out += text) };
  const exited = runMock(['--port', '0', '--seed', 'empty', '--state', state], { stdout, stderr, stop: stop.signal });
  const stopped = async () => {
    stop.abort();
    expect(await exited).toBe(0);
    return out;
  };
  return { state, url, stopped };
}

describe('portfolio-reporting mock --state', () => {
  it('saves 400 changes made 16 at a time in far fewer saves than changes, and says how many changes', async () => {
    const { state, url, stopped } = startMock();
    expect(await createClients(await url, 400, 16)).toBe(400);
    const out = await stopped();
    expect(out).toContain(`\nState saved to ${state}: 400 changes since the mock started.\nMock stopped.\n`);
    const saves = renames.to.filter((to) => to === state).length;
    // The start's save is synchronous (renameSync, not counted here); then one at most per 100 ms, and one at the stop.
    expect(saves).toBeGreaterThanOrEqual(1);
    expect(saves).toBeLessThan(100);
    const tables = JSON.parse(readFileSync(state, 'utf8')).tables as { clients: unknown[] };
    expect(tables.clients).toHaveLength(400);
  });

  it('counts a write of the service as a change, and none of the admin routes (they change no record)', async () => {
    const { state, url, stopped } = startMock();
    const base = await url;
    const admin = (method: string, body?: unknown) =>
      fetch(`${base}/__mock/faults`, {
        method,
        headers: { authorization: 'Bearer t', 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      }).then((answer) => answer.status);
    // A fault that fails nothing the test sends, added and cleared: two 2xx writes of the admin routes.
    expect(await admin('POST', { status: 503, path: '/api/v2/users' })).toBe(201);
    expect(await admin('DELETE')).toBe(200);
    expect(await createClients(base, 1, 1)).toBe(1);
    const out = await stopped();
    expect(out).toMatch(
      /\nPOST \/__mock\/faults 201 [\d.]+ ms\nDELETE \/__mock\/faults 200 [\d.]+ ms\nPOST \/api\/v2\/clients 201 /,
    );
    expect(out).toContain(`\nState saved to ${state}: 1 change since the mock started.\nMock stopped.\n`);
    expect(JSON.parse(readFileSync(state, 'utf8')).tables.clients).toHaveLength(1);
  });

  it('rewrites no state file for admin calls alone (the start and the stop save it, no change between)', async () => {
    const { state, url, stopped } = startMock();
    const base = await url;
    const answer = await fetch(`${base}/__mock/faults`, {
      method: 'POST',
      headers: { authorization: 'Bearer t', 'content-type': 'application/json' },
      body: JSON.stringify({ status: 503, path: '/api/v2/users' }),
    });
    expect(answer.status).toBe(201);
    const before = renames.to.length;
    const out = await stopped();
    // The stop's save alone: no save was started by the admin call.
    expect(renames.to.slice(before)).toEqual([state]);
    expect(out).toContain(`\nState saved to ${state}: 0 changes since the mock started.\nMock stopped.\n`);
  });
});
