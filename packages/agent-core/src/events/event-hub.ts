import { EventEmitter } from 'eventemitter3';
import { EventQueue } from './event-queue.js';
import type { SessionEvent, SessionEventData, SessionEventKind } from './session-event.js';

export type SessionEventListener<K extends SessionEventKind = SessionEventKind> = (
  event: SessionEvent<K>,
) => void;

/** Listeners registered under an event kind, or under '*' for every event. */
const ANY = '*';

/**
 * Delivers a session's events two ways, in emission order: to async iterators (each subscriber
 * has its own unbounded queue, so a slow reader loses nothing and slows nobody) and to listeners
 * through eventemitter3 (called synchronously, in the order they subscribed). A listener that
 * throws is isolated: the others still get the event and the failure is reported to
 * `onListenerError` once the event has been delivered to everyone.
 */
export class EventHub {
  // Keyed by kind; the public methods type each listener by its kind.
  private readonly emitter = new EventEmitter<string>();
  private readonly queues = new Set<EventQueue<SessionEvent>>();
  private ended = false;
  private failures: { error: unknown; event: SessionEvent }[] = [];
  private dispatching = false;

  constructor(
    private readonly sessionId: string,
    private readonly onListenerError: (error: unknown, event: SessionEvent) => void = () => {},
  ) {}

  /** Builds the envelope for the session's own event and delivers it. */
  emit<K extends SessionEventKind>(kind: K, data: SessionEventData[K]): SessionEvent<K> {
    const event = {
      kind,
      timestamp: new Date().toISOString(),
      sessionId: this.sessionId,
      data,
    } as SessionEvent<K>;
    this.dispatch(event as SessionEvent);
    return event;
  }

  /** Delivers a subagent's event, tagged with the id the parent gave it (nested ids joined with '/'). */
  relay(event: SessionEvent, agentId: string): void {
    const tagged = {
      ...event,
      agentId: event.agentId === undefined ? agentId : `${agentId}/${event.agentId}`,
    };
    this.dispatch(tagged as SessionEvent);
  }

  /** Every event from now on, until the session's last event. */
  subscribe(): AsyncIterableIterator<SessionEvent> {
    const queue: EventQueue<SessionEvent> = new EventQueue(() => this.queues.delete(queue));
    if (this.ended) queue.end();
    else this.queues.add(queue);
    return queue;
  }

  /** Calls `listener` for each event of `kind`; returns the function that unsubscribes it. */
  on<K extends SessionEventKind>(kind: K, listener: SessionEventListener<K>): () => void {
    const guarded = (event: SessionEvent): void => {
      try {
        listener(event as SessionEvent<K>);
      } catch (error) {
        this.failures.push({ error, event });
      }
    };
    this.emitter.on(kind, guarded);
    return () => {
      this.emitter.off(kind, guarded);
    };
  }

  /** Calls `listener` for every event; returns the function that unsubscribes it. */
  onAny(listener: SessionEventListener): () => void {
    const guarded = (event: SessionEvent): void => {
      try {
        listener(event);
      } catch (error) {
        this.failures.push({ error, event });
      }
    };
    this.emitter.on(ANY, guarded);
    return () => {
      this.emitter.off(ANY, guarded);
    };
  }

  /** After the last event: iterators finish once drained, later subscribers get nothing. */
  end(): void {
    this.ended = true;
    for (const queue of this.queues) queue.end();
    this.queues.clear();
  }

  get isEnded(): boolean {
    return this.ended;
  }

  private dispatch(event: SessionEvent): void {
    if (this.ended) return;
    for (const queue of this.queues) queue.push(event);
    const wasDispatching = this.dispatching;
    this.dispatching = true;
    try {
      this.emitter.emit(event.kind, event);
      this.emitter.emit(ANY, event);
    } finally {
      this.dispatching = wasDispatching;
    }
    // Report failures only from the outermost dispatch, so a report never interleaves with the
    // delivery of the event that caused it.
    if (!wasDispatching && this.failures.length > 0) {
      const failures = this.failures;
      this.failures = [];
      for (const failure of failures) this.onListenerError(failure.error, failure.event);
    }
  }
}
