import { describe, expect, it } from 'vitest';
import { failureText } from './failure-text.js';

describe('failureText', () => {
  it('follows the message with each cause’s, without the trailing full stops', () => {
    const socket = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' });
    const fetchFailure = new TypeError('fetch failed', { cause: socket });
    const sdk = new Error('Connection error.', { cause: fetchFailure });
    expect(failureText(sdk)).toBe('Connection error: fetch failed: connect ECONNREFUSED 127.0.0.1:1');
  });

  it('leaves out a cause whose message the one before already quotes', () => {
    const socket = new Error('connect ECONNREFUSED 127.0.0.1:9');
    const proxy = new Error('could not open a tunnel through http://p:9: connect ECONNREFUSED 127.0.0.1:9', {
      cause: socket,
    });
    expect(failureText(new TypeError('fetch failed', { cause: proxy }))).toBe(
      'fetch failed: could not open a tunnel through http://p:9: connect ECONNREFUSED 127.0.0.1:9',
    );
  });

  it('skips empty and repeated messages, and stops at a non-Error cause', () => {
    const inner = new Error('reset');
    const wrapper = new Error('', { cause: new Error('reset', { cause: inner }) });
    expect(failureText(new Error('broke', { cause: wrapper }))).toBe('broke: reset');
    expect(failureText(new Error('broke', { cause: 'a string' }))).toBe('broke');
  });

  it('gives a value that is not an Error as text, and ends a cycle of causes', () => {
    expect(failureText('plain')).toBe('plain');
    const first = new Error('first');
    const second = new Error('second', { cause: first });
    (first as { cause?: unknown }).cause = second;
    expect(failureText(first)).toBe('first: second');
  });
});
