/**
 * What an in-memory store keeps and hands out: a deep copy taken at write time and frozen, so
 * neither the writer's later changes nor a reader's mistakes can alter stored data, as with a
 * real database, while reads cost no copy. (Dates cannot be frozen: a caller that calls a Date's
 * setters on a read value changes the stored value; nothing in Vitrine does.)
 */
export function snapshot<T>(value: T): T {
  return deepFreeze(structuredClone(value));
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value) && !(value instanceof Date)) {
    Object.freeze(value);
    for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  }
  return value;
}
