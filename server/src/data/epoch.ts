/** A timestamp column (an SQL expression) as Unix seconds (bigint), and the same with 0 for null. */
export const epoch = (column: string): string => `floor(extract(epoch FROM ${column}))::bigint`;
export const epoch0 = (column: string): string => `coalesce(${epoch(column)}, 0)`;
