/** A domain event before it is stored: a past-tense type and its data (below commands, projections and queries). */
export interface DomainEvent<T extends string = string, D extends object = object> {
  type: T;
  data: D;
}
