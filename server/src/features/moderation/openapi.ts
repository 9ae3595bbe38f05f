/** The OpenAPI description of the moderators' routes (served at /api/docs with the others). */
import { MOD_MSG } from '@xiaoba/shared/core';
import { idInput, ModActionBodySchema, pageQuery } from '@xiaoba/shared/api-schemas';
import { pageOf, routeSchema, typed } from '../../api/http/openapi';
import { MOD_PAGE_SIZE } from './input';

const MOD_NOTE = ' Moderators only: anyone else gets 404 接口不存在, like an unknown route.';

/** The query and path values of the routes: their schema and what the handlers read (readInput). */
export const MOD_PAGE = pageQuery(MOD_PAGE_SIZE);
export const MOD_USER = idInput('uid', MOD_MSG.notFound, 'the user');
export const MOD_SCRIP = idInput('scripId', MOD_MSG.notFound, 'the reported note');

export const MOD_SCHEMA = {
  reports: routeSchema({
    summary: 'The report queue: targets with open reports, newest report first, each target with its content in context',
    description: MOD_NOTE,
    tags: ['mod'],
    auth: true,
    querystring: MOD_PAGE,
    data: pageOf('ReportGroup'),
  }),
  user: routeSchema({
    summary: 'One user as the moderators see them: standing, reports against them, removed content, sanctions',
    description: MOD_NOTE,
    tags: ['mod'],
    auth: true,
    params: MOD_USER,
    data: typed('ModUserPage'),
  }),
  log: routeSchema({
    summary: 'The audit log of moderator actions, newest first: who, what, to whom, when and why',
    description: MOD_NOTE,
    tags: ['mod'],
    auth: true,
    querystring: MOD_PAGE,
    data: pageOf('ModLogEntry'),
  }),
  scrip: routeSchema({
    summary: 'A reported 小纸条 with the notes around it in its conversation (a few before and after), and its two users',
    description:
      "Only a note someone reported (404 对象不存在 for any other): the moderators see nothing else of anyone's notes. Each reading is an entry of the audit log (action view)." +
      MOD_NOTE,
    tags: ['mod'],
    auth: true,
    params: MOD_SCRIP,
    data: typed('ModScripView'),
  }),
  action: routeSchema({
    summary: 'Act on a report, an item or a user: dismiss, remove, restore, warn, freeze, ban, lift',
    description:
      'ModActionBody (shared/src/core/safety.ts). `reason` is required but for dismiss. Acting on a target closes its open reports and tells each reporter; ' +
      'remove, warn, freeze and ban tell the author the rule and the reason; every action is appended to the audit log. ' +
      'Not against oneself or another moderator (403).' +
      MOD_NOTE,
    tags: ['mod'],
    auth: true,
    body: ModActionBodySchema,
  }),
};
