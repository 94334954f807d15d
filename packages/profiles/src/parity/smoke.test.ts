import { readFileSync } from 'node:fs';
import { resultText } from '@weft/agent-core';
import { match } from '@weft/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answer, calls, DIALECTS } from '../testing/dialects.js';
import {
  eventsOf,
  isSubagentRequest,
  type SessionHarness,
  startSessionHarness,
} from '../testing/session-harness.js';

/**
 * The loop spec's integration smoke test (§9.13), for each profile: one session through seven
 * requests, with the model scripted on the testkit server. The command timeout is 4 s (the
 * spec's is 10 s): short enough to keep the suite quick, long enough that python3 starting on a
 * loaded 2-core CI machine never hits it (1 s did, once).
 */
describe.each(DIALECTS.map((dialect) => [dialect.id, dialect] as const))(
  'smoke test (loop spec §9.13) × %s',
  (_id, d) => {
    let h: SessionHarness;
    const file = (path: string) => readFileSync(`${h.dir.path}/${path}`, 'utf8');
    const endsSince = (from: number) => eventsOf(h.events.slice(from), 'tool_call_end');

    beforeAll(async () => {
      h = await startSessionHarness(d.profile({ commandTimeoutMs: 4_000 }));
    });
    afterAll(() => h.close());

    it('1. creates hello.py printing Hello World', async () => {
      h.server.enqueue(
        calls(d.write(h.dir.path, 'hello.py', 'print("Hello World")\n')),
        answer('Created hello.py.'),
      );
      await h.session.submit("Create a file called hello.py that prints 'Hello World'");
      expect(file('hello.py')).toContain('Hello');
    });

    it('2. reads hello.py and adds a Goodbye line', async () => {
      h.server.enqueue(
        calls(d.read(h.dir.path, 'hello.py')),
        calls(
          d.edit(h.dir.path, 'hello.py', 'print("Hello World")', 'print("Hello World")\nprint("Goodbye")'),
        ),
        answer('Added the Goodbye line.'),
      );
      await h.session.submit("Read hello.py and add a second print statement that says 'Goodbye'");
      expect(file('hello.py')).toContain('Hello');
      expect(file('hello.py')).toContain('Goodbye');
    });

    it('3. runs hello.py through the shell tool', async () => {
      const from = h.events.length;
      h.server.enqueue(calls(d.shell('python3 hello.py')), answer('It printed Hello World and Goodbye.'));
      await h.session.submit('Run hello.py and show the output');
      const [run] = endsSince(from);
      expect(run!.data.toolName).toBe(d.shell('').name);
      expect(resultText(run!.data.result)).toContain('Hello World\nGoodbye');
    });

    it('4. reads big.txt: the event has all 100 000 characters, the model gets the marker', async () => {
      const from = h.events.length;
      await h.env.writeFile('big.txt', 'x'.repeat(100_000));
      h.server.enqueue(calls(d.readWhole(h.dir.path, 'big.txt')), answer('big.txt is 100 000 x characters.'));
      await h.session.submit('Read big.txt');
      const [read] = endsSince(from);
      expect(resultText(read!.data.result)).toContain('x'.repeat(100_000));
      const sent = h
        .requests()
        .at(-1)!
        .view.messages.flatMap((message) => message.toolResults)
        .at(-1)!.content;
      expect(sent).toContain('[WARNING: Tool output was truncated.');
    });

    it('5. adjusts a task when steered in the middle of it', async () => {
      const from = h.events.length;
      const allRoutes =
        'from flask import Flask\napp = Flask(__name__)\n\n@app.route("/users")\ndef users():\n    return []\n';
      const healthOnly =
        'from flask import Flask\napp = Flask(__name__)\n\n@app.route("/health")\ndef health():\n    return "ok"\n';
      h.server.enqueue(
        calls(d.write(h.dir.path, 'app.py', allRoutes)),
        calls(d.write(h.dir.path, 'app.py', healthOnly)),
        answer('Done: app.py has only a /health endpoint.'),
      );
      const stop = h.session.on('tool_call_start', () => {
        stop();
        h.session.steer('Actually, just create a single /health endpoint for now.');
      });
      await h.session.submit('Create a Flask web application with multiple routes');
      expect(eventsOf(h.events.slice(from), 'steering_injected')).toHaveLength(1);
      expect(
        h
          .requests()
          .at(-1)!
          .view.messages.some((message) => /single \/health endpoint/.test(message.text)),
      ).toBe(true);
      expect(file('app.py')).toContain('/health');
      expect(file('app.py')).not.toContain('/users');
    });

    it('6. spawns a subagent that writes tests for hello.py, then reviews its report', async () => {
      const from = h.events.length;
      const testCode =
        'import subprocess\n\ndef test_hello():\n    out = subprocess.run(["python3", "hello.py"], capture_output=True, text=True).stdout\n    assert "Hello World" in out\n';
      h.server.when(
        match.all(isSubagentRequest, match.afterToolResult()),
        answer('Wrote test_hello.py with one test.'),
      );
      h.server.when(isSubagentRequest, calls(d.write(h.dir.path, 'test_hello.py', testCode)), { times: 1 });
      h.server.enqueue(
        ...d.delegate('Write pytest tests for hello.py in test_hello.py.'),
        answer('The subagent wrote a good test.'),
      );
      const result = await h.session.submit(
        'Spawn a subagent to write tests for hello.py, then review its output',
      );
      expect(result.text).toBe('The subagent wrote a good test.');
      expect(file('test_hello.py')).toContain('def test_hello');
      const childEnds = endsSince(from).filter((event) => event.agentId !== undefined);
      expect(childEnds.map((event) => event.data.toolName)).toEqual([d.write('', '', '').name]);
      expect(
        endsSince(from).some(
          (event) => event.agentId === undefined && event.data.toolName === d.delegateTool,
        ),
      ).toBe(true);
    });

    it('7. times out sleep 30 at the configured command timeout and carries on', async () => {
      const from = h.events.length;
      h.server.enqueue(calls(d.shell('sleep 30')), answer('The command timed out after 4 seconds.'));
      const started = performance.now();
      const result = await h.session.submit("Run 'sleep 30' with the default timeout");
      expect(performance.now() - started).toBeLessThan(20_000);
      expect(result).toMatchObject({
        stopReason: 'completed',
        text: 'The command timed out after 4 seconds.',
      });
      const [sleep] = endsSince(from);
      expect(sleep!.data.result.isError).toBe(true);
      expect(resultText(sleep!.data.result)).toMatch(d.timedOut);
    });
  },
);
