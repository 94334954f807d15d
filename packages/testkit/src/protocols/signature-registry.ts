import type { Protocol } from '../script/scripted-turn.js';

/**
 * The reasoning signatures each protocol has handed out. A real provider verifies a signature it
 * gets back cryptographically; the fake one verifies that it issued it, which catches the same
 * bugs: an edited signature, or one carried across providers.
 */
export class SignatureRegistry {
  private readonly issued = new Map<Protocol, Set<string>>();

  issue(protocol: Protocol, signature: string): void {
    let set = this.issued.get(protocol);
    if (!set) {
      set = new Set();
      this.issued.set(protocol, set);
    }
    set.add(signature);
  }

  wasIssued(protocol: Protocol, signature: string): boolean {
    return this.issued.get(protocol)?.has(signature) ?? false;
  }
}
