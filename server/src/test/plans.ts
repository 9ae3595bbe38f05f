/** What PostgreSQL plans inside a SQL function, for tests that check a query stays on its index. */
import type { Pool } from '../data/pool';

/**
 * The plans PostgreSQL ran for the statements inside `sql` (a call of a SQL function), from
 * auto_explain's notices on one connection. The call is made twice and the second one's plans
 * returned: they are the ones the first call kept. A kept (generic) plan shows its parameters as
 * $n; a plan made for the call shows the values.
 */
export async function plansOf(pool: Pool, sql: string, params: unknown[]): Promise<string> {
  const client = await pool.connect();
  const notices: string[] = [];
  const onNotice = (n: { message?: string }) => notices.push(n.message ?? '');
  client.on('notice', onNotice);
  try {
    await client.query("LOAD 'auto_explain'");
    await client.query('SET auto_explain.log_min_duration = 0');
    await client.query('SET auto_explain.log_nested_statements = on');
    await client.query('SET auto_explain.log_level = notice');
    await client.query(sql, params);
    notices.length = 0;
    await client.query(sql, params);
    return notices.join('\n');
  } finally {
    client.off('notice', onNotice);
    // Not DISCARD ALL: pg remembers its named statements on this connection.
    await client.query('RESET ALL');
    client.release();
  }
}
