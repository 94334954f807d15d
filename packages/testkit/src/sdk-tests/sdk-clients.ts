// Test helper: the official SDKs pointed at a fake server, with their own retries off unless asked.
import Anthropic from '@anthropic-ai/sdk';
import { GoogleGenAI } from '@google/genai';
import OpenAI from 'openai';
import type { FakeModelServer } from '../server/fake-model-server.js';

// The SDKs read these when no base URL is given; tests must never depend on the developer's shell.
for (const name of [
  'ANTHROPIC_BASE_URL',
  'OPENAI_BASE_URL',
  'GOOGLE_GEMINI_BASE_URL',
  'GOOGLE_GENAI_API_VERSION',
]) {
  delete process.env[name];
}

export function anthropicClient(
  server: FakeModelServer,
  options: { maxRetries?: number; apiKey?: string } = {},
) {
  return new Anthropic({
    apiKey: options.apiKey ?? 'sk-ant-test',
    baseURL: server.baseUrls.anthropic,
    maxRetries: options.maxRetries ?? 0,
  });
}

export function openaiClient(
  server: FakeModelServer,
  options: { maxRetries?: number; apiKey?: string } = {},
) {
  return new OpenAI({
    apiKey: options.apiKey ?? 'sk-test',
    baseURL: server.baseUrls.openai,
    maxRetries: options.maxRetries ?? 0,
  });
}

export function geminiClient(
  server: FakeModelServer,
  options: { retryAttempts?: number; apiKey?: string; apiVersion?: string } = {},
) {
  return new GoogleGenAI({
    apiKey: options.apiKey ?? 'gemini-test-key',
    httpOptions: {
      baseUrl: server.baseUrls.gemini,
      ...(options.apiVersion ? { apiVersion: options.apiVersion } : {}),
      ...(options.retryAttempts
        ? { retryOptions: { attempts: options.retryAttempts, initialDelay: 0.01, maxDelay: 0.05, jitter: 0 } }
        : {}),
    },
  });
}

/** Runs `fn` and returns what it threw (failing the test if it did not throw). */
export async function caught(fn: () => Promise<unknown>): Promise<unknown> {
  try {
    await fn();
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to throw, but it returned');
}
