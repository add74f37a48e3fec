/** A page of a list: its items, and whether more follow the last one. */
export interface Page<T> {
  readonly items: readonly T[];
  readonly more: boolean;
}
