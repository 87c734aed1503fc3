// A key looked up in a record only if the record itself holds it: names from files such as
// `constructor` or `__proto__` never reach Object.prototype.

export function own<T>(record: Readonly<Record<string, T>> | undefined, key: string): T | undefined {
  return record !== undefined && Object.hasOwn(record, key) ? record[key] : undefined;
}
