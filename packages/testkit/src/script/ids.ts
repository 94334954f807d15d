const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const HEX = '0123456789abcdef';

/**
 * Realistic-looking ids for each provider, from a seeded generator so a test run produces the
 * same ids every time (snapshots and recorded bodies stay stable).
 */
export class IdFactory {
  private state: number;

  constructor(seed = 0x5eed) {
    this.state = seed >>> 0 || 1;
  }

  /** msg_01… (Anthropic message), 24 base62 characters after the prefix as the API sends. */
  anthropicMessage(): string {
    return `msg_01${this.chars(BASE62, 22)}`;
  }
  anthropicToolUse(): string {
    return `toolu_01${this.chars(BASE62, 22)}`;
  }
  anthropicRequest(): string {
    return `req_011${this.chars(BASE62, 21)}`;
  }
  /** resp_…, msg_…, fc_…, ctc_… (custom tool call), rs_… (OpenAI Responses items): 48 hex characters. */
  responsesItem(prefix: 'resp' | 'msg' | 'fc' | 'ctc' | 'rs'): string {
    return `${prefix}_${this.chars(HEX, 48)}`;
  }
  /** call_… as both OpenAI APIs send: 24 base62 characters. */
  openaiCall(): string {
    return `call_${this.chars(BASE62, 24)}`;
  }
  chatCompletion(): string {
    return `chatcmpl-${this.chars(BASE62, 29)}`;
  }
  openaiRequest(): string {
    return `req_${this.chars(HEX, 32)}`;
  }
  systemFingerprint(): string {
    return `fp_${this.chars(HEX, 10)}`;
  }
  /** Gemini's responseId: 22 url-safe base64 characters. */
  geminiResponse(): string {
    return this.chars(`${BASE62}-_`, 22);
  }
  /** Stand-in for OpenAI's per-delta `obfuscation` padding. */
  obfuscation(length: number): string {
    return this.chars(BASE62, Math.max(1, length));
  }

  private chars(alphabet: string, length: number): string {
    let out = '';
    for (let i = 0; i < length; i++) out += alphabet[this.next() % alphabet.length];
    return out;
  }

  /** xorshift32: tiny, fast, deterministic. */
  private next(): number {
    let x = this.state;
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    this.state = x >>> 0;
    return this.state;
  }
}
