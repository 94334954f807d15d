import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { costOf } from '@weft/llm';
import { createTempDir } from '@weft/testkit';
import { describe, expect, it } from 'vitest';
import {
  assistantTurn,
  at,
  chain,
  everyEntryType,
  header,
  toolResultsTurn,
  turnEntry,
  userTurn,
} from './entries.test-support.js';
import { JsonlSessionStore } from './jsonl-session-store.js';
import { SESSION_FORMAT_VERSION, type SessionEntry } from './session-store.js';
import { SessionStoreError } from './session-store-error.js';

async function storeWith(dir: string, sessionId: string, entries: readonly SessionEntry[]) {
  const store = new JsonlSessionStore({ directory: dir });
  await store.create(header(sessionId));
  for (const entry of entries) await store.append(sessionId, entry);
  return store;
}

async function rejection(promise: Promise<unknown>): Promise<SessionStoreError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(SessionStoreError);
  return error as SessionStoreError;
}

describe('JsonlSessionStore: format and round trips', () => {
  it('reads back every entry type and every turn type exactly as appended', async () => {
    using dir = createTempDir('store-');
    const entries = everyEntryType();
    const store = await storeWith(dir.path, 's1', entries);

    const loaded = await store.load('s1');

    expect(loaded).toEqual({ header: header('s1'), entries, warnings: [] });
    expect(new Set(entries.map((entry) => entry.type))).toEqual(
      new Set(['turn', 'model_change', 'effort_change', 'compaction']),
    );
  });

  it('writes the header first and one entry per line, the identifying keys leading', async () => {
    using dir = createTempDir('store-');
    const turn = userTurn('u1', 'line one\nline two\u2028');
    // Keys deliberately in another order than the file's.
    const entry = {
      turn: { content: turn.content, timestamp: turn.timestamp, id: 'u1', type: 'user' },
      timestamp: at(0),
      parentId: null,
      id: 'u1',
      type: 'turn',
    } as SessionEntry;
    const store = await storeWith(dir.path, 's1', [entry]);

    const lines = readFileSync(store.pathOf('s1'), 'utf8').split('\n');

    expect(lines).toHaveLength(3);
    expect(lines[2]).toBe('');
    expect(lines[0]).toMatch(
      new RegExp(`^\\{"type":"header","version":${SESSION_FORMAT_VERSION},"sessionId":"s1",`),
    );
    expect(lines[1]).toMatch(
      /^\{"type":"turn","id":"u1","parentId":null,"timestamp":"[^"]+","turn":\{"type":"user",/,
    );
    expect(store.pathOf('s1')).toBe(dir.join('s1.jsonl'));
    expect((await store.load('s1')).entries).toEqual([entry]);
  });

  it('creates the folder on first use and refuses to create a session twice', async () => {
    using dir = createTempDir('store-');
    const store = new JsonlSessionStore({ directory: dir.join('nested', 'sessions') });
    await store.create(header('s1'));

    const error = await rejection(store.create(header('s1', { model: 'other' })));

    expect(error.code).toBe('ALREADY_EXISTS');
    expect((await store.load('s1')).header.model).toBe('claude-sonnet-4-5');
  });

  it('rejects ids that are not file names, entries that are not JSON, and sessions that do not exist', async () => {
    using dir = createTempDir('store-');
    const store = new JsonlSessionStore({ directory: dir.path });
    await store.create(header('s1'));
    const unserializable = { ...turnEntry(userTurn('u1', 'x'), null), extra: 1n } as SessionEntry;

    expect((await rejection(store.create(header('../escape')))).code).toBe('INVALID_SESSION_ID');
    expect((await rejection(store.append('.hidden', turnEntry(userTurn('u1', 'x'), null)))).code).toBe(
      'INVALID_SESSION_ID',
    );
    expect((await rejection(store.append('s1', unserializable))).code).toBe('INVALID_ENTRY');
    expect((await rejection(store.load('missing'))).code).toBe('NOT_FOUND');
    expect((await rejection(store.append('missing', turnEntry(userTurn('u1', 'x'), null)))).code).toBe(
      'NOT_FOUND',
    );
  });

  it('serializes appends to one session: concurrent calls land in call order', async () => {
    using dir = createTempDir('store-');
    const store = new JsonlSessionStore({ directory: dir.path });
    await store.create(header('s1'));
    const turns = Array.from({ length: 200 }, (_, n) =>
      // Sizes vary so a slower large write would overtake nothing.
      userTurn(`u${n}`, n % 7 === 0 ? 'x'.repeat(100_000) : `prompt ${n}`),
    );
    const entries = chain(...turns);

    await Promise.all(entries.map((entry) => store.append('s1', entry)));

    expect((await store.load('s1')).entries.map((entry) => entry.id)).toEqual(
      entries.map((entry) => entry.id),
    );
  });

  it('keeps appending after one append failed', async () => {
    using dir = createTempDir('store-');
    const store = new JsonlSessionStore({ directory: dir.path });
    await store.create(header('s1'));
    const [first, second] = chain(userTurn('u1', 'a'), userTurn('u2', 'b'));

    const results = await Promise.allSettled([
      store.append('s1', first!),
      store.append('s1', { ...second!, bad: 1n } as SessionEntry),
      store.append('s1', second!),
    ]);

    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((await store.load('s1')).entries).toEqual([first, second]);
  });
});

describe('JsonlSessionStore: damaged files', () => {
  it('ignores a torn last line with a warning, and the next append cuts it off', async () => {
    using dir = createTempDir('store-');
    const entries = chain(userTurn('u1', 'one'), assistantTurn('a1', 'two'), userTurn('u2', 'three'));
    const store = await storeWith(dir.path, 's1', entries.slice(0, 2));
    const fullLine = JSON.stringify(entries[2]);
    appendFileSync(store.pathOf('s1'), fullLine.slice(0, Math.floor(fullLine.length / 2)));

    const torn = await store.load('s1');

    expect(torn.entries).toEqual(entries.slice(0, 2));
    expect(torn.warnings).toHaveLength(1);
    expect(torn.warnings[0]).toMatch(/^Ignored a torn last line \(line 4, \d+ bytes\) of .*s1\.jsonl/);

    // A new process (a new store) resumes and appends: the torn bytes are gone, the line is whole.
    const resumed = new JsonlSessionStore({ directory: dir.path });
    await resumed.append('s1', entries[2]!);
    expect(await resumed.load('s1')).toEqual({ header: header('s1'), entries, warnings: [] });
  });

  it('treats a complete JSON line without its newline as torn too: a line counts once its newline is written', async () => {
    using dir = createTempDir('store-');
    const entries = chain(userTurn('u1', 'one'), userTurn('u2', 'two'));
    const store = await storeWith(dir.path, 's1', entries.slice(0, 1));
    appendFileSync(store.pathOf('s1'), JSON.stringify(entries[1]));

    const loaded = await store.load('s1');

    expect(loaded.entries).toEqual(entries.slice(0, 1));
    expect(loaded.warnings).toHaveLength(1);
  });

  it('fails with CORRUPT and the line number on a broken line that is not the last', async () => {
    using dir = createTempDir('store-');
    const store = await storeWith(dir.path, 's1', chain(userTurn('u1', 'one')));
    appendFileSync(store.pathOf('s1'), '{"type":"turn","id":"u2",\n');
    await store.append('s1', turnEntry(userTurn('u3', 'three'), 'u1'));

    const error = await rejection(store.load('s1'));

    expect(error).toMatchObject({ code: 'CORRUPT', line: 3, sessionId: 's1' });
    expect(error.message).toContain('line 3');
  });

  it.each([
    [
      'an entry of an unknown type',
      '{"type":"label","id":"x","parentId":null,"timestamp":"t"}',
      'unknown entry type "label"',
    ],
    [
      'an entry without an id',
      '{"type":"turn","parentId":null,"timestamp":"t","turn":{"type":"user","id":"u"}}',
      'no id',
    ],
    ['a turn entry without a turn', '{"type":"turn","id":"x","parentId":null,"timestamp":"t"}', 'no turn'],
    ['a JSON array', '[1,2]', 'not a JSON object'],
  ])('fails with CORRUPT on %s', async (_name, line, reason) => {
    using dir = createTempDir('store-');
    const store = await storeWith(dir.path, 's1', []);
    appendFileSync(store.pathOf('s1'), `${line}\n`);

    const error = await rejection(store.load('s1'));

    expect(error.code).toBe('CORRUPT');
    expect(error.message).toContain(reason);
  });

  it('fails with UNSUPPORTED_VERSION on a header of another version, and CORRUPT without a header', async () => {
    using dir = createTempDir('store-');
    const store = new JsonlSessionStore({ directory: dir.path });
    writeFileSync(dir.join('future.jsonl'), `${JSON.stringify({ ...header('future'), version: 99 })}\n`);
    writeFileSync(dir.join('headless.jsonl'), `${JSON.stringify(turnEntry(userTurn('u1', 'x'), null))}\n`);
    writeFileSync(dir.join('empty.jsonl'), '');

    expect(await rejection(store.load('future'))).toMatchObject({ code: 'UNSUPPORTED_VERSION' });
    expect((await rejection(store.load('future'))).message).toContain('version 99');
    expect(await rejection(store.load('headless'))).toMatchObject({ code: 'CORRUPT', line: 1 });
    expect(await rejection(store.load('empty'))).toMatchObject({ code: 'CORRUPT' });
  });
});

describe('JsonlSessionStore: list', () => {
  it('lists summaries newest activity first: first prompt, model calls, current model, times, cost', async () => {
    using dir = createTempDir('store-');
    const store = new JsonlSessionStore({ directory: dir.path });
    await store.create(header('old', { createdAt: at(0) }));
    await store.append('old', turnEntry(userTurn('u1', '  Explain\n the   parser ', 10), null));
    await store.append(
      'old',
      turnEntry(assistantTurn('a1', 'It parses.', { input: 1000, output: 100, seconds: 20 }), 'u1'),
    );
    await store.create(header('new', { createdAt: at(5), workingDirectory: '/work/other' }));
    const newEntries: SessionEntry[] = [
      turnEntry(userTurn('u1', 'Fix the build', 30), null),
      turnEntry(assistantTurn('a1', 'Looking.', { toolCallId: 'c1', input: 2000, output: 300 }), 'u1'),
      turnEntry(toolResultsTurn('r1', 'c1', 'x'.repeat(300_000)), 'a1'),
      {
        type: 'model_change',
        id: 'm1',
        parentId: 'r1',
        timestamp: at(40),
        provider: 'openai',
        model: 'gpt-5',
        profile: 'openai',
      },
      turnEntry(
        assistantTurn('a2', 'Fixed.', { model: 'gpt-5', input: 5000, output: 500, seconds: 50 }),
        'm1',
      ),
      turnEntry(userTurn('u2', 'Thanks', 60), 'a2'),
    ];
    for (const entry of newEntries) await store.append('new', entry);
    await store.create(header('empty', { createdAt: at(1) }));

    const summaries = await store.list();

    const sonnet = (input: number, output: number) =>
      costOf({ inputTokens: input, outputTokens: output, totalTokens: input + output }, 'claude-sonnet-4-5')!
        .total;
    const gpt5 = costOf({ inputTokens: 5000, outputTokens: 500, totalTokens: 5500 }, 'gpt-5')!.total;
    expect(summaries).toEqual([
      {
        sessionId: 'new',
        createdAt: at(5),
        updatedAt: at(60),
        workingDirectory: '/work/other',
        firstPrompt: 'Fix the build',
        turns: 2,
        model: 'gpt-5',
        costUsd: expect.closeTo(sonnet(2000, 300) + gpt5, 12),
      },
      {
        sessionId: 'old',
        createdAt: at(0),
        updatedAt: at(20),
        workingDirectory: '/work/project',
        firstPrompt: 'Explain the parser',
        turns: 1,
        model: 'claude-sonnet-4-5',
        costUsd: expect.closeTo(sonnet(1000, 100), 12),
      },
      {
        sessionId: 'empty',
        createdAt: at(1),
        updatedAt: at(1),
        workingDirectory: '/work/project',
        firstPrompt: '',
        turns: 0,
        model: 'claude-sonnet-4-5',
        costUsd: 0,
      },
    ]);
  });

  it('gives no cost when a model of the session has no price, and caps a long first prompt', async () => {
    using dir = createTempDir('store-');
    const store = await storeWith(dir.path, 's1', [
      turnEntry(userTurn('u1', 'word '.repeat(100)), null),
      turnEntry(assistantTurn('a1', 'ok', { model: 'my-local-model' }), 'u1'),
    ]);

    const [summary] = await store.list();

    expect(summary?.costUsd).toBeUndefined();
    expect(summary?.firstPrompt).toHaveLength(200);
    expect(summary?.firstPrompt.endsWith('…')).toBe(true);
  });

  it('is empty for a folder that does not exist yet, and skips files that are not readable sessions', async () => {
    using dir = createTempDir('store-');
    expect(await new JsonlSessionStore({ directory: dir.join('none') }).list()).toEqual([]);

    const store = await storeWith(dir.path, 'good', []);
    writeFileSync(dir.join('notes.txt'), 'not a session');
    writeFileSync(dir.join('good.jsonl.123-abcd.tmp'), `${JSON.stringify(header('tmp'))}\n`);
    writeFileSync(dir.join('future.jsonl'), `${JSON.stringify({ ...header('future'), version: 99 })}\n`);
    writeFileSync(dir.join('garbage.jsonl'), 'garbage\n');

    expect((await store.list()).map((summary) => summary.sessionId)).toEqual(['good']);
  });

  it('rescans only what was appended since the last listing, and sees the appended entries', async () => {
    using dir = createTempDir('store-');
    const store = await storeWith(dir.path, 's1', chain(userTurn('u1', 'first'), assistantTurn('a1', 'x')));
    expect((await store.list())[0]).toMatchObject({ firstPrompt: 'first', turns: 1 });
    // Overwrite the already-listed bytes in place (same size, same inode): a listing that read
    // them again would see no prompt and no assistant turn.
    const path = store.pathOf('s1');
    const text = readFileSync(path, 'utf8');
    const headerEnd = text.indexOf('\n') + 1;
    writeFileSync(path, text.slice(0, headerEnd) + text.slice(headerEnd).replace(/[^\n]/g, ' '));
    await store.append('s1', turnEntry(assistantTurn('a2', 'y', { seconds: 90 }), 'a1'));

    const [summary] = await store.list();

    expect(summary).toMatchObject({ firstPrompt: 'first', turns: 2, updatedAt: at(90) });
  });

  it('rebuilds a summary for a file replaced under the same name', async () => {
    using dir = createTempDir('store-');
    const store = await storeWith(dir.path, 's1', chain(userTurn('u1', 'first')));
    await store.list();
    const replacement = `${JSON.stringify(header('s1'))}\n${JSON.stringify(turnEntry(userTurn('u1', 'replaced prompt, longer than before'), null))}\n`;
    writeFileSync(dir.join('s1.jsonl.new'), replacement);
    const { renameSync } = await import('node:fs');
    renameSync(dir.join('s1.jsonl.new'), store.pathOf('s1'));

    expect((await store.list())[0]?.firstPrompt).toBe('replaced prompt, longer than before');
  });
});
