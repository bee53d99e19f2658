/**
 * Issue 18, item 7: the load journal survives a crash at any point. A real load of 4 instruments writes the
 * journal against the mock service over HTTP; then, for every byte offset of its last entry, a copy torn
 * there is resumed twice. After each resume the journal is well-formed (every line a complete entry, ending
 * with a newline) and the service holds each row exactly once.
 */
import { mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main, type Summary } from '../../src/cli/main.js';
import { createMockService, type RunningServer } from '../../src/testing/index.js';

const mock = createMockService();
let server: RunningServer;
const dir = mkdtempSync(join(tmpdir(), 'prs-journal-crash-'));
const IDS = ['XS0000000001', 'XS0000000002', 'XS0000000003', 'XS0000000004'];
const CSV = join(dir, 'stocks.csv');

beforeAll(async () => {
  server = await mock.listen({ port: 0 });
  writeFileSync(
    CSV,
    `type,name,securityIdentifier,ccyCode,countryCode\n${IDS.map((id, i) => `stock-instrument,S${i},${id},EUR,DE\n`).join('')}`,
  );
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

async function load(journal: string): Promise<{ code: number; summary: Summary; stderr: string }> {
  const stdout = { text: '', write: (s: string) => (stdout.text += s) };
  const stderr = { text: '', isTTY: false, columns: 200, write: (s: string) => (stderr.text += s) };
  const args = ['load', 'instruments', CSV, '--base-url', server.url, '--journal', journal, '--json'];
  const code = await main(args, { stdout, stderr, env: { PRS_ACCESS_TOKEN: 'journal-test-token' } });
  return { code, summary: JSON.parse(stdout.text) as Summary, stderr: stderr.text };
}

/** How many records the service holds per row of the file. */
function recordsPerRow(): number[] {
  const held = mock.store.instruments.all().map((r) => r.attributes.securityIdentifier);
  return IDS.map((id) => held.filter((h) => h === id).length);
}

/** Every line a journal entry (a run header or a row's entry), the file ending with its newline. */
function expectWellFormed(journal: string): Record<string, unknown>[] {
  const text = readFileSync(journal, 'utf8');
  expect(text.endsWith('\n')).toBe(true);
  const entries = text
    .slice(0, -1)
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  for (const entry of entries)
    expect(entry.journal === 'portfolio-reporting load' || typeof entry.key === 'string', JSON.stringify(entry)).toBe(
      true,
    );
  expect(entries[0]).toMatchObject({ journal: 'portfolio-reporting load', kind: 'instruments' });
  return entries;
}

describe('a journal torn at any byte of its last entry', () => {
  it('resumes twice from every tear: each row exactly once, the journal well-formed each time', async () => {
    const original = join(dir, 'original.jsonl');
    const first = await load(original);
    expect(first.code).toBe(0);
    expect(first.summary).toMatchObject({ rows: 4, created: 4 });
    expect(recordsPerRow()).toEqual([1, 1, 1, 1]);
    const written = readFileSync(original);
    // The run header, 4 × sending, 4 × created: the last entry is the outcome of a row.
    expect(expectWellFormed(original)).toHaveLength(9);
    const lastStart = written.lastIndexOf('\n', written.length - 2) + 1;
    const lastEntry = written.subarray(lastStart).toString();
    expect(JSON.parse(lastEntry)).toMatchObject({ status: 'created' });

    let tears = 0;
    // Every offset from "the last entry is missing entirely" to "all of it but its newline".
    for (let offset = lastStart; offset < written.length; offset++) {
      const journal = join(dir, `torn-${offset}.jsonl`);
      writeFileSync(journal, written);
      truncateSync(journal, offset);
      for (const resume of [1, 2]) {
        const run = await load(journal);
        expect(run.code, `offset ${offset}, resume ${resume}: ${run.stderr}`).toBe(0);
        expect(run.summary.failed + run.summary.inDoubt).toBe(0);
        // The first resume cuts what the tear left of the entry (nothing when it tore at a line's start).
        const torn = resume === 1 ? offset - lastStart : 0;
        const note = `note: ${journal}: cut off the last entry, torn by an interrupted run (${torn} byte${torn === 1 ? '' : 's'})`;
        expect(run.stderr.includes(note)).toBe(torn > 0);
        expect(run.stderr.includes('note:')).toBe(torn > 0);
        // What the tear lost, the first resume redoes (the instrument exists: 303, `existing`); then all is done.
        expect(run.summary.skippedJournal + run.summary.existing).toBe(4);
        if (resume === 2) expect(run.summary).toMatchObject({ skippedJournal: 4, sent: 0 });
        expect(recordsPerRow(), `offset ${offset}, resume ${resume}`).toEqual([1, 1, 1, 1]);
        const entries = expectWellFormed(journal);
        // What was complete before the tear is kept as it was, byte for byte.
        expect(readFileSync(journal).subarray(0, lastStart)).toEqual(written.subarray(0, lastStart));
        expect(entries.filter((e) => e.journal !== undefined)).toHaveLength(1 + resume);
      }
      tears++;
    }
    expect(tears).toBe(lastEntry.length);
  });

  it('still refuses a journal with a bad line in the middle, and changes nothing in it', async () => {
    const journal = join(dir, 'middle.jsonl');
    await load(journal);
    const lines = readFileSync(journal, 'utf8').split('\n');
    lines[3] = (lines[3] as string).slice(0, 20);
    const damaged = lines.join('\n');
    writeFileSync(journal, damaged);
    const stdout = { text: '', write: (s: string) => (stdout.text += s) };
    const stderr = { text: '', isTTY: false, columns: 200, write: (s: string) => (stderr.text += s) };
    const code = await main(['load', 'instruments', CSV, '--base-url', server.url, '--journal', journal], {
      stdout,
      stderr,
      env: { PRS_ACCESS_TOKEN: 'journal-test-token' },
    });
    expect(code).toBe(2);
    expect(stderr.text).toBe(`error: ${journal} line 4 is not a journal entry; pass another --journal path\n`);
    expect(readFileSync(journal, 'utf8')).toBe(damaged);
  });

  it('never cuts a file that is not a journal', async () => {
    const notes = join(dir, 'notes.txt');
    writeFileSync(notes, 'shopping list\nmilk');
    const stdout = { text: '', write: (s: string) => (stdout.text += s) };
    const stderr = { text: '', isTTY: false, columns: 200, write: (s: string) => (stderr.text += s) };
    const code = await main(['load', 'instruments', CSV, '--base-url', server.url, '--journal', notes], {
      stdout,
      stderr,
      env: { PRS_ACCESS_TOKEN: 'journal-test-token' },
    });
    expect(code).toBe(2);
    expect(stderr.text).toBe(`error: ${notes} line 1 is not a journal entry; pass another --journal path\n`);
    expect(readFileSync(notes, 'utf8')).toBe('shopping list\nmilk');
  });
});
