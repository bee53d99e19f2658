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

describe('portfolio-reporting mock --state', () => {
  it('saves 400 changes made 16 at a time in far fewer saves than changes, and says how many changes', async () => {
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
    expect(await createClients(await url, 400, 16)).toBe(400);
    stop.abort();
    expect(await exited).toBe(0);
    expect(out).toContain(`\nState saved to ${state}: 400 changes since the mock started.\nMock stopped.\n`);
    const saves = renames.to.filter((to) => to === state).length;
    // The start's save is synchronous (renameSync, not counted here); then one at most per 100 ms, and one at the stop.
    expect(saves).toBeGreaterThanOrEqual(1);
    expect(saves).toBeLessThan(100);
    const tables = JSON.parse(readFileSync(state, 'utf8')).tables as { clients: unknown[] };
    expect(tables.clients).toHaveLength(400);
  });
});
