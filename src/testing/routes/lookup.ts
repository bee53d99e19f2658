/** The record a path id names, or the service's 404. */
import { notFound } from '../http/errors.js';
import type { Table } from '../store/table.js';

export function found<T extends { id: string }>(table: Table<T>, id: string): T {
  const row = table.get(id);
  if (!row) throw notFound(table.label, id);
  return row;
}
