import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { REPO_ROOT } from './paths';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: path.join(REPO_ROOT, '.data'),
      databaseUrl: null,
      siteDir: REPO_ROOT,
      jwtSecret: null,
      accessTokenTtlSeconds: 900,
      refreshTokenTtlDays: 14,
      cookieSecure: false,
      trustProxy: false,
      demoData: true,
      logLevel: 'info',
      pgPort: null,
      quiz: { name: ['巴巴'], fans: ['粉丝'], message: ['纸条'], weibo: ['yy'] },
      uploadsDir: path.join(REPO_ROOT, '.data', 'uploads'),
      postLimits: { yy: 10, comments: 30, uploads: 60, windowMinutes: 10 },
    });
  });

  it('puts uploads under DATA_DIR unless UPLOADS_DIR says otherwise, and reads the posting limits', () => {
    expect(loadConfig({ DATA_DIR: '/srv/xb' }).uploadsDir).toBe(path.join('/srv/xb', 'uploads'));
    expect(loadConfig({ DATA_DIR: '/srv/xb', UPLOADS_DIR: '/mnt/pics' }).uploadsDir).toBe('/mnt/pics');
    const c = loadConfig({ LIMIT_YY: '0', LIMIT_COMMENTS: '5', LIMIT_UPLOADS: '7', LIMIT_WINDOW_MINUTES: '60' });
    expect(c.postLimits).toEqual({ yy: 0, comments: 5, uploads: 7, windowMinutes: 60 });
  });

  it('reads |-separated quiz answers, trimmed and lower-cased', () => {
    const c = loadConfig({ QUIZ_NAME: ' 巴巴 | BaBa ||', QUIZ_WEIBO: 'YY|微博' });
    expect(c.quiz.name).toEqual(['巴巴', 'baba']);
    expect(c.quiz.weibo).toEqual(['yy', '微博']);
    expect(c.quiz.fans).toEqual(['粉丝']);
  });

  it('reads flags and numbers', () => {
    const c = loadConfig({ COOKIE_SECURE: '1', DEMO_DATA: '0', PORT: '3000', PG_PORT: '5433', DATA_DIR: 'rel/dir' });
    expect(c).toMatchObject({ cookieSecure: true, demoData: false, port: 3000, pgPort: 5433, dataDir: path.resolve('rel/dir') });
  });

  it.each([
    [{ PORT: 'http' }, /PORT/],
    [{ ACCESS_TOKEN_TTL_SECONDS: '-5' }, /ACCESS_TOKEN_TTL_SECONDS/],
    [{ COOKIE_SECURE: 'maybe' }, /COOKIE_SECURE/],
    [{ JWT_SECRET: 'short' }, /JWT_SECRET/],
    [{ LIMIT_YY: '-1' }, /LIMIT_YY/],
    [{ LIMIT_COMMENTS: 'many' }, /LIMIT_COMMENTS/],
    [{ LIMIT_WINDOW_MINUTES: '0' }, /LIMIT_WINDOW_MINUTES/],
  ])('refuses %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});
