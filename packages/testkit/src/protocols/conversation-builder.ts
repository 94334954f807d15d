import { type ConversationView, emptyMessage, type ViewMessage } from './conversation-view.js';

/**
 * Builds view messages from a protocol's flat items, merging consecutive pieces of the same role
 * (Responses sends a reasoning item, a message item and function calls as separate items of one
 * assistant turn).
 */
export class ConversationBuilder {
  readonly messages: ViewMessage[] = [];

  /** The current message if it has this role, else a new one. */
  message(role: ViewMessage['role']): ViewMessage {
    const last = this.messages.at(-1);
    if (last && last.role === role) return last;
    const message = emptyMessage(role);
    this.messages.push(message);
    return message;
  }

  /** Always a new message (for protocols whose messages are already whole). */
  newMessage(role: ViewMessage['role']): ViewMessage {
    const message = emptyMessage(role);
    this.messages.push(message);
    return message;
  }

  build(system: string, tools: string[]): ConversationView {
    return { system, messages: this.messages, tools };
  }
}
