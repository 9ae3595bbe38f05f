-- The yy lists of the previous release, kept while its processes may still run (a deploy: the
-- old processes serve on after the new ones applied these definitions; README.md "Compatible with
-- the previous release"). They answer as they did, 18 columns a row, from the current lists: the
-- same rows, each `yy` object (20_yy_list_rows.sql) spread into the old columns, a source the
-- viewer may not see as NULLs, no pictures as NULL. No code of this release calls them.
-- Drop them (yy_page_rows, yy_page, follow_page, search_yy_page, yy_previous_columns) in a
-- numbered migration of the release after the one that added yy_list_rows, and remove this file.

-- The 3-argument yy_page_rows of migration 019 (an array of hidden uids), which no release calls.
DROP FUNCTION IF EXISTS yy_page_rows(bigint, bigint[], bigint[]);

-- One row of a current list in the old columns.
CREATE OR REPLACE FUNCTION yy_previous_columns(p_total bigint, p_yy json)
RETURNS TABLE (
  total bigint,
  weibo_id bigint,
  uid bigint,
  user_name text,
  face integer,
  avatar text,
  content text,
  ctime bigint,
  transpond_id bigint,
  comment_count integer,
  s_wid bigint,
  s_uid bigint,
  s_name text,
  s_content text,
  s_ctime bigint,
  s_comment integer,
  files text[],
  s_files text[]
)
LANGUAGE sql IMMUTABLE
AS $$
  SELECT p_total, (p_yy->>'weiboId')::bigint, (p_yy->>'uid')::bigint, p_yy->>'userName', (p_yy->>'face')::integer,
         p_yy->>'avatar', p_yy->>'content', (p_yy->>'ctime')::bigint, (p_yy->>'transpondId')::bigint,
         (p_yy->>'comment')::integer,
         nullif((p_yy->>'sourceWid')::bigint, 0),
         CASE WHEN (p_yy->>'sourceWid')::bigint > 0 THEN (p_yy->>'sourceUid')::bigint END,
         CASE WHEN (p_yy->>'sourceWid')::bigint > 0 THEN p_yy->>'sourceName' END,
         CASE WHEN (p_yy->>'sourceWid')::bigint > 0 THEN p_yy->>'sourceContent' END,
         CASE WHEN (p_yy->>'sourceWid')::bigint > 0 THEN (p_yy->>'sourceCtime')::bigint END,
         CASE WHEN (p_yy->>'sourceWid')::bigint > 0 THEN (p_yy->>'sourceComment')::integer END,
         CASE WHEN json_typeof(p_yy->'typeData') = 'array' THEN
           ARRAY(SELECT f.file FROM json_array_elements_text(p_yy->'typeData') WITH ORDINALITY AS f(file, i) ORDER BY f.i) END,
         CASE WHEN json_typeof(p_yy->'sourceTData') = 'array' THEN
           ARRAY(SELECT f.file FROM json_array_elements_text(p_yy->'sourceTData') WITH ORDINALITY AS f(file, i) ORDER BY f.i) END
$$;

-- yy_page_rows(total, ids, viewer, owner): now yy_list_rows.
CREATE OR REPLACE FUNCTION yy_page_rows(p_total bigint, ids bigint[], p_viewer bigint, p_owner bigint DEFAULT NULL)
RETURNS TABLE (
  total bigint,
  weibo_id bigint,
  uid bigint,
  user_name text,
  face integer,
  avatar text,
  content text,
  ctime bigint,
  transpond_id bigint,
  comment_count integer,
  s_wid bigint,
  s_uid bigint,
  s_name text,
  s_content text,
  s_ctime bigint,
  s_comment integer,
  files text[],
  s_files text[]
)
LANGUAGE sql STABLE
AS $$
  SELECT c.* FROM yy_list_rows(p_total, ids, p_viewer, p_owner) WITH ORDINALITY AS r(total, yy, ord)
  CROSS JOIN LATERAL yy_previous_columns(r.total, r.yy) c
  ORDER BY r.ord
$$;

-- yy_page(uid, limit, offset, viewer): now yy_list_page (30_yy_list_page.sql).
CREATE OR REPLACE FUNCTION yy_page(p_uid bigint, p_limit integer, p_offset bigint, p_viewer bigint DEFAULT NULL)
RETURNS TABLE (
  total bigint,
  weibo_id bigint,
  uid bigint,
  user_name text,
  face integer,
  avatar text,
  content text,
  ctime bigint,
  transpond_id bigint,
  comment_count integer,
  s_wid bigint,
  s_uid bigint,
  s_name text,
  s_content text,
  s_ctime bigint,
  s_comment integer,
  files text[],
  s_files text[]
)
LANGUAGE sql STABLE
AS $$
  SELECT c.* FROM yy_list_page(p_uid, p_limit, p_offset, p_viewer) WITH ORDINALITY AS r(total, yy, ord)
  CROSS JOIN LATERAL yy_previous_columns(r.total, r.yy) c
  ORDER BY r.ord
$$;

-- follow_page(viewer, limit, offset): now follow_list_page (30_follow_list_page.sql).
CREATE OR REPLACE FUNCTION follow_page(p_viewer bigint, p_limit integer, p_offset bigint)
RETURNS TABLE (
  total bigint,
  weibo_id bigint,
  uid bigint,
  user_name text,
  face integer,
  avatar text,
  content text,
  ctime bigint,
  transpond_id bigint,
  comment_count integer,
  s_wid bigint,
  s_uid bigint,
  s_name text,
  s_content text,
  s_ctime bigint,
  s_comment integer,
  files text[],
  s_files text[]
)
LANGUAGE sql STABLE
AS $$
  SELECT c.* FROM follow_list_page(p_viewer, p_limit, p_offset) WITH ORDINALITY AS r(total, yy, ord)
  CROSS JOIN LATERAL yy_previous_columns(r.total, r.yy) c
  ORDER BY r.ord
$$;

-- search_yy_page(viewer, q, limit, offset): now search_yy_list_page (30_search_yy_list_page.sql).
CREATE OR REPLACE FUNCTION search_yy_page(p_viewer bigint, p_q text, p_limit integer, p_offset bigint)
RETURNS TABLE (
  total bigint,
  weibo_id bigint,
  uid bigint,
  user_name text,
  face integer,
  avatar text,
  content text,
  ctime bigint,
  transpond_id bigint,
  comment_count integer,
  s_wid bigint,
  s_uid bigint,
  s_name text,
  s_content text,
  s_ctime bigint,
  s_comment integer,
  files text[],
  s_files text[]
)
LANGUAGE sql STABLE
AS $$
  SELECT c.* FROM search_yy_list_page(p_viewer, p_q, p_limit, p_offset) WITH ORDINALITY AS r(total, yy, ord)
  CROSS JOIN LATERAL yy_previous_columns(r.total, r.yy) c
  ORDER BY r.ord
$$;
