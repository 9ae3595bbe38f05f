/** A timestamp column as Unix seconds (bigint), and the same with 0 for null. */
export const EPOCH = (column: string): string => `floor(extract(epoch FROM ${column}))::bigint`;
export const EPOCH0 = (column: string): string => `coalesce(${EPOCH(column)}, 0)`;
