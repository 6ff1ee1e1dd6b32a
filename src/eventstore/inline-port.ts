import type { Position, StoredEvent } from './port.ts';

// Read models written in the append's own transaction (docs/read-models.md "Inline and
// asynchronous"): the store asks the projector for their statements and sends them with the
// append. The port says only what a store needs; the projector lives with the read models
// (src/projections/inline.ts).

/** One statement with node-postgres parameters ($1, $2, ...). */
export interface InlineStatement {
  text: string;
  values: readonly unknown[];
}

/** What one read model writes for the events given to it. */
export interface InlinePart {
  name: string;
  statements: InlineStatement[];
}

/** A read model that could not apply an event: the event is parked for it, as the runner parks one. */
export interface InlineFailure {
  name: string;
  event: StoredEvent;
  error: unknown;
}

export interface InlineApplied {
  parts: (InlinePart & { event: number })[];
  failed: InlineFailure[];
  /** Sent right after the append: the read models written inline are exactly the inline ones now. */
  guard: InlineStatement;
}

export interface InlineProjector {
  /**
   * Each inline read model's statements for `events` (opened, decided, not yet stored: reading their
   * `position` throws). `eager`: one part per read model and event, so that a failing statement names
   * its event. A read model whose handler throws is in `failed` instead, its other parts kept.
   */
  apply(events: StoredEvent[], eager: boolean): Promise<InlineApplied>;
  /** The inline set changed under the append (practice_inline_check refused it): read it again. */
  refresh(): Promise<void>;
  /** A failed read model's dead letter (`after`: the position just before the event). */
  park(failure: InlineFailure, position: Position, after: Position): Promise<InlineStatement[]>;
}
