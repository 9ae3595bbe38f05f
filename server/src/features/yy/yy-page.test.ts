import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers';
import { plansOf } from '../../test/plans';
import { createUser } from '../../test/users';
import { createPool, type Pool } from '../../data/pool';
import { findYy, insertYy, yyPage } from './queries';

// yyPage reads a page, its total and every picture in one statement; findYy still reads the old
// way (rows, then pictures). The two must agree on every record.
let db: { url: string; drop(): Promise<void> };
let pool: Pool;
let ann: number;
let ben: number;
let quiet: number;
const ids: number[] = [];

const picture = async (uid: number, weiboId: number, position: number, file: string) =>
  pool.query('INSERT INTO uploads (uid, file, size, width, height, weibo_id, position) VALUES ($1, $2, 1, 1, 1, $3, $4)', [uid, file, weiboId, position]);

beforeAll(async () => {
  db = await createTestDatabase();
  pool = createPool(db.url);
  ann = (await createUser(pool, { name: '安安' })).uid;
  ben = (await createUser(pool, { name: '本本' })).uid;
  quiet = (await createUser(pool, { name: '静静' })).uid;
  const base = 1_700_000_000;
  // Ann: 3 posts (the second with two pictures, stored out of order); Ben reposts it, then Ann's
  // third is reposted and deleted.
  ids.push(await insertYy(pool, { uid: ann, content: '一', transpondId: null, ctime: base }));
  ids.push(await insertYy(pool, { uid: ann, content: '二', transpondId: null, ctime: base + 10 }));
  await picture(ann, ids[1]!, 2, 'yy/b.webp');
  await picture(ann, ids[1]!, 1, 'yy/a.webp');
  ids.push(await insertYy(pool, { uid: ann, content: '三', transpondId: null, ctime: base + 20 }));
  ids.push(await insertYy(pool, { uid: ben, content: '转', transpondId: ids[1]!, ctime: base + 30 }));
  ids.push(await insertYy(pool, { uid: ben, content: '也转', transpondId: ids[2]!, ctime: base + 40 }));
  await pool.query('DELETE FROM yy WHERE weibo_id = $1', [ids[2]]);
  await pool.query('UPDATE users SET yy_count = yy_count - 1 WHERE uid = $1', [ann]);
  await pool.query(`UPDATE site_counters SET value = value - 1 WHERE name = 'yy'`);
});
afterAll(async () => {
  await pool.end();
  await db.drop();
});

describe('yyPage', () => {
  it("answers a user's page newest first with the counter's total, as findYy reads each record", async () => {
    const page = await yyPage(pool, ann, 20, 0);
    expect(page?.total).toBe(2);
    expect(page?.records.map((r) => r.content)).toEqual(['二', '一']);
    for (const record of page!.records) expect(record).toEqual(await findYy(pool, record.weiboId));
    expect(page?.records[0]?.typeData).toEqual({ type: 'image', data: [{ url: '/uploads/yy/a.webp' }, { url: '/uploads/yy/b.webp' }] });
    expect(page?.records[1]?.typeData).toBeNull();
  });

  it("answers the site's page with reposts carrying their source's pictures, or sourceDeleted", async () => {
    const page = await yyPage(pool, null, 3, 0);
    expect(page?.total).toBe(4);
    expect(page?.records.map((r) => r.content)).toEqual(['也转', '转', '二']);
    for (const record of page!.records) expect(record).toEqual(await findYy(pool, record.weiboId));
    const [gone, repost] = page!.records;
    expect(gone).toMatchObject({ sourceDeleted: true, sourceWid: 0, sourceTData: null, typeData: null });
    expect(repost).toMatchObject({ sourceWid: ids[1], sourceName: '安安', sourceContent: '二', sourceDeleted: false });
    expect(repost?.sourceTData?.data.map((d) => d.url)).toEqual(['/uploads/yy/a.webp', '/uploads/yy/b.webp']);
    expect(repost?.typeData).toBeNull();
  });

  it('pages with OFFSET and answers no records, but the total, beyond the last page', async () => {
    expect((await yyPage(pool, null, 3, 3))?.records.map((r) => r.content)).toEqual(['一']);
    expect(await yyPage(pool, null, 3, 6)).toEqual({ total: 4, records: [] });
    expect(await yyPage(pool, ann, 20, 20)).toEqual({ total: 2, records: [] });
  });

  it('answers an empty page for a user without posts, and null for no such user', async () => {
    expect(await yyPage(pool, quiet, 20, 0)).toEqual({ total: 0, records: [] });
    expect(await yyPage(pool, 999_999, 20, 0)).toBeNull();
  });
});

describe('yy_list_page plans (server/sql/30_yy_list_page.sql)', () => {
  /** The plans PostgreSQL kept inside yy_list_page (test/plans.ts). */
  const yyPagePlans = (uid: number | null, viewer: number | null = null) => plansOf(pool, 'SELECT * FROM yy_list_page($1, 20, 0, $2)', [uid, viewer]);

  it("keeps one plan for a user's page that reads that user's index, for a user with many posts and one with few", async () => {
    // 3,000 posts for one user beside a handful for the others: what made a generic `uid = $1`
    // plan scan (ctime, weibo_id) for everyone (ADR 0009).
    const many = (await createUser(pool, { name: '多多' })).uid;
    await pool.query(`INSERT INTO yy (uid, content, ctime) SELECT $1, 'p' || g, now() - make_interval(secs => g) FROM generate_series(1, 3000) g`, [many]);
    await pool.query('UPDATE users SET yy_count = yy_count + 3000 WHERE uid = $1', [many]);
    await pool.query(`UPDATE site_counters SET value = value + 3000 WHERE name = 'yy'`);
    await pool.query('VACUUM ANALYZE');
    try {
      for (const uid of [many, ann]) {
        const plans = await yyPagePlans(uid);
        expect(plans).toMatch(/Index Only Scan Backward using yy_uid_ctime_idx on yy y[^\n]*\n\s*Index Cond: \(\(uid >= \$1\) AND \(uid <= \$1\)\)/);
        expect(plans).not.toMatch(/yy_ctime_idx|Seq Scan on yy |Hash Join|Merge/);
      }
      const site = await yyPagePlans(null);
      expect(site).toMatch(/Index Only Scan Backward using yy_ctime_idx on yy y/);
      // The rows by primary key for the page's ids, whatever the tables' sizes.
      expect(site).toMatch(/Index Scan using yy_pkey on yy y [^\n]*\n\s*Index Cond: \(weibo_id = k\.id\)/);
      expect(site).not.toMatch(/Seq Scan on yy |Hash Join|Merge/);
      expect((await yyPage(pool, many, 20, 0))?.records.map((r) => r.content)).toEqual(Array.from({ length: 20 }, (_, i) => `p${i + 1}`));
      // A viewer who blocked someone reads the site's page in the same visible-only index, the
      // blocked author filtered inside it (index only, no heap visit per skipped row) by a probe of
      // blocks per row (server/sql/10_visible_yy.sql), never an array of uids compared per row.
      await pool.query('INSERT INTO blocks (uid, blocked_uid) VALUES ($1, $2)', [quiet, many]);
      const blocked = await yyPagePlans(null, quiet);
      expect(blocked).toMatch(/Index Only Scan Backward using yy_ctime_idx on yy y[^\n]*\n\s*Filter: [^\n]*NOT EXISTS\(SubPlan/);
      expect(blocked).not.toMatch(/uid <> ALL|uid = ANY/);
      // (yy_comments is empty here: its count per page yy may be a scan of nothing.)
      expect(blocked).not.toMatch(/Seq Scan on yy |Hash Join|Merge/);
      expect((await yyPage(pool, null, 20, 0, quiet))?.records.map((r) => r.content)).toEqual(['也转', '转', '二', '一']);
      expect((await yyPage(pool, null, 20, 0, quiet))?.total).toBe(4);
    } finally {
      await pool.query('DELETE FROM blocks WHERE uid = $1', [quiet]);
      await pool.query('DELETE FROM yy WHERE uid = $1', [many]);
      await pool.query('UPDATE users SET yy_count = 0 WHERE uid = $1', [many]);
      await pool.query(`UPDATE site_counters SET value = value - 3000 WHERE name = 'yy'`);
    }
  });
});

describe("the previous release's lists (server/sql/90_previous_release.sql)", () => {
  it('answer their old columns from the current lists', async () => {
    const { rows } = await pool.query('SELECT * FROM yy_page(NULL, 3, 0, NULL) WITH ORDINALITY ORDER BY ordinality');
    const pictures = ['yy/a.webp', 'yy/b.webp'];
    expect(rows.map((r) => [r.total, r.weibo_id, r.content, r.transpond_id, r.s_wid, r.s_name, r.s_ctime, r.files, r.s_files])).toEqual([
      [4, ids[4], '也转', ids[2], null, null, null, null, null],
      [4, ids[3], '转', ids[1], ids[1], '安安', 1_700_000_010, null, pictures],
      [4, ids[1], '二', 0, null, null, null, pictures, null],
    ]);
    expect(rows[1]).toMatchObject({ uid: ben, user_name: '本本', ctime: 1_700_000_030, comment_count: 0, s_uid: ann, s_content: '二', s_comment: 0 });
    expect((await pool.query('SELECT * FROM yy_page($1, 20, 0)', [999_999])).rows).toEqual([]);
    // No records: one row of just the total.
    const [none] = (await pool.query('SELECT * FROM yy_page_rows(7, ARRAY[$1::bigint], NULL)', [ids[2]])).rows;
    expect(none).toMatchObject({ total: 7, weibo_id: null, files: null });
    const listed = async (sql: string) => (await pool.query(sql, [ann])).rows.map((r) => Number(r.id));
    expect(await listed('SELECT weibo_id AS id FROM follow_page($1, 20, 0)')).toEqual(
      await listed(`SELECT yy->>'weiboId' AS id FROM follow_list_page($1, 20, 0)`),
    );
    expect(await listed(`SELECT weibo_id AS id FROM search_yy_page($1, '转', 20, 0)`)).toEqual(ids.slice(3, 5).reverse());
  });
});
