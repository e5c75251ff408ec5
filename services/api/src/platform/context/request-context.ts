import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { EventMetadata } from '../event-store/event-store.port';

/** What a request (or a job, or a reaction) carries into the events it causes. */
export interface RequestContextData {
  correlationId: string;
  causationId: string | null;
  actorId: number | null;
  impersonatorId: number | null;
}

const storage = new AsyncLocalStorage<RequestContextData>();

export const RequestContext = {
  run<T>(data: Partial<RequestContextData>, fn: () => T): T {
    return storage.run(
      { correlationId: randomUUID(), causationId: null, actorId: null, impersonatorId: null, ...data },
      fn,
    );
  },
  current(): RequestContextData | undefined {
    return storage.getStore();
  },
  /** sets the actor once the session token is verified */
  setActor(actorId: number | null, impersonatorId: number | null): void {
    const store = storage.getStore();
    if (store) {
      store.actorId = actorId;
      store.impersonatorId = impersonatorId;
    }
  },
  /** metadata for events appended now: outside a request the actor is the System */
  metadata(causationId?: string | null): EventMetadata {
    const store = storage.getStore();
    return {
      actorId: store?.actorId ?? null,
      impersonatorId: store?.impersonatorId ?? null,
      correlationId: store?.correlationId ?? randomUUID(),
      causationId: causationId ?? store?.causationId ?? null,
    };
  },
};
