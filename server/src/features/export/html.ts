/**
 * The export's `index.html`: the space as static HTML, generated here from the export data, so it
 * opens from file:// with the network off, in any browser, without JavaScript. Pictures are the
 * ZIP's own files (`images/…`, `avatar/…`, `emoji/<code>.svg`); every piece of user text is escaped
 * and emoji codes become <img> through the same tokenizer the browser uses.
 */
import { DEFAULT_SMALL_SIGNATURE, isVisibility, TERRITORY_WORD, tokenizeContent, VISIBILITY_LABEL } from '@xiaoba/shared/core';
import { skinColors } from './skins';
import type { ExportAlbum, ExportComment, ExportData, ExportLeave, ExportYy } from './data';

const escapeHtml = (text: string) => text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The emoji codes (`b12`) a text uses, for picking the pictures the ZIP needs. */
export function emojiCodesIn(text: string): string[] {
  return tokenizeContent(text).flatMap((t) => (t.type === 'emoji' ? [t.code] : []));
}

/** Every emoji code used anywhere in the export's texts. */
export function emojiCodesOf(data: ExportData): Set<string> {
  const codes = new Set<string>();
  const add = (text: string) => emojiCodesIn(text).forEach((c) => codes.add(c));
  add(data.signatures.qm);
  add(data.signatures.qianming);
  for (const yy of data.yy) {
    add(yy.content);
    if (yy.source) add(yy.source.content);
    yy.comments.forEach((c) => add(c.content));
  }
  for (const c of data.commentsElsewhere) {
    add(c.content);
    add(c.yyContent);
  }
  for (const l of [...data.board, ...data.leavesElsewhere]) {
    add(l.content);
    l.replies.forEach((r) => add(r.content));
  }
  for (const thread of data.scrips) thread.notes.forEach((n) => add(n.content));
  return codes;
}

/** Times as people in China read them (the site's audience): Beijing time, to the minute. */
export function beijingTime(iso: string): string {
  const d = new Date(Date.parse(iso) + 8 * 3600_000);
  return `${d.toISOString().slice(0, 10)} ${d.toISOString().slice(11, 16)}`;
}

/** Text with line breaks and emoji pictures (`emoji/<code>.svg` when the ZIP has it, else its alt text). */
function rich(text: string, emoji: ReadonlySet<string>): string {
  return tokenizeContent(text)
    .map((t) => {
      if (t.type === 'break') return '<br>';
      if (t.type === 'text') return escapeHtml(t.text);
      const alt = escapeHtml(t.alt);
      return emoji.has(t.code) ? `<img class="emoji" src="emoji/${t.code}.svg" alt="${alt}" title="${alt}">` : `[${alt}]`;
    })
    .join('');
}

/** Text without pictures (for <title>): emoji as their names in brackets. */
function plain(text: string): string {
  return tokenizeContent(text)
    .map((t) => (t.type === 'text' ? t.text : t.type === 'emoji' ? `[${t.alt}]` : ' '))
    .join('');
}

const SEX = ['女', '男'];

export function renderIndexHtml(data: ExportData, skin: string, emoji: ReadonlySet<string>): string {
  const c = skinColors(skin);
  const { user } = data;
  const t = (text: string) => rich(text, emoji);
  const who = (uid: number, name: string) => `<b>${escapeHtml(name)}</b> <span class="muted">(${uid})</span>`;
  const time = (iso: string) => `<time datetime="${escapeHtml(iso)}">${beijingTime(iso)}</time>`;
  const comment = (k: ExportComment) =>
    `<li>${who(k.uid, k.name)}${k.replyUid ? ` 回复 ${escapeHtml(k.replyName || String(k.replyUid))}` : ''}：${t(k.content)} <span class="muted">${time(k.ctime)}</span></li>`;
  const yy = (y: ExportYy) => {
    const source = y.transpondId
      ? y.source
        ? `<blockquote>转发 ${who(y.source.uid, y.source.name)}：${t(y.source.content)} <span class="muted">${time(y.source.ctime)}</span></blockquote>`
        : '<blockquote class="muted">原yy已被删除</blockquote>'
      : '';
    const images = y.images.length
      ? `<div class="pics">${y.images
          .map((i) => `<a href="${i.file}"><img src="${i.file}" width="${i.width}" height="${i.height}" alt="yy 图片" loading="lazy"></a>`)
          .join('')}</div>`
      : '';
    const comments = y.comments.length ? `<ul class="comments">${y.comments.map(comment).join('')}</ul>` : '';
    return `<article class="card" id="yy-${y.id}"><p>${t(y.content)}</p>${source}${images}<p class="muted">${time(y.ctime)} · 评论 ${y.comments.length}</p>${comments}</article>`;
  };
  const leave = (l: ExportLeave, elsewhere: boolean) =>
    `<article class="card">${elsewhere ? `<p class="muted">在 ${who(l.boardUid, l.boardName)} 的留言板</p>` : ''}<p>${who(l.uid, l.name)}：${t(
      l.content,
    )}</p><p class="muted">${time(l.ctime)}</p>${
      l.replies.length
        ? `<ul class="comments">${l.replies.map((r) => `<li>${who(r.uid, r.name)}：${t(r.content)} <span class="muted">${time(r.ctime)}</span></li>`).join('')}</ul>`
        : ''
    }</article>`;
  const album = (a: ExportAlbum) =>
    `<article class="card" id="album-${a.id}"><p><b>${escapeHtml(a.name)}</b> <span class="muted">${
      isVisibility(a.visibility) ? VISIBILITY_LABEL[a.visibility] : ''
    } · ${a.photos.length} 张照片 · 创建于 ${time(a.ctime)}</span></p>${
      a.photos.length
        ? `<div class="pics">${a.photos
            .map(
              (p, i) =>
                `<a href="${p.file}"><img src="${p.file}" width="${p.width}" height="${p.height}" alt="${escapeHtml(`${user.name}的相册「${a.name}」的第${i + 1}张照片`)}" loading="lazy"></a>`,
            )
            .join('')}</div>`
        : ''
    }</article>`;
  const section = (title: string, count: number, body: string) =>
    `<section><h2>${title} <span class="muted">(${count})</span></h2>${count ? body : '<p class="muted">没有内容</p>'}</section>`;
  const initial = escapeHtml(Array.from(user.name.trim())[0] ?? '?');
  const avatar = user.avatar
    ? `<img class="avatar" src="${user.avatar}" width="96" height="96" alt="${escapeHtml(user.name)}的头像">`
    : `<div class="avatar letter" aria-hidden="true">${initial}</div>`;
  const bigQm = data.signatures.qm || user.name + TERRITORY_WORD;
  const smallQm = data.signatures.qianming || DEFAULT_SMALL_SIGNATURE;

  return `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(plain(bigQm))} · 校巴存档</title>
<style>
body{margin:0;font:15px/1.6 system-ui,"PingFang SC","Microsoft YaHei",sans-serif;background:${c.page};color:${c.pageText}}
header{background:${c.header};color:${c.headerText};padding:12px 20px}
header h1{margin:0;font-size:20px}
main{max-width:820px;margin:0 auto;padding:16px}
.card{background:${c.panel};color:${c.text};border:1px solid ${c.border};border-radius:8px;padding:12px 16px;margin:12px 0}
.profile{display:flex;gap:16px;align-items:center}
.avatar{width:96px;height:96px;border-radius:50%;flex:none;object-fit:cover}
.letter{background:${c.primary};color:${c.onPrimary};display:flex;align-items:center;justify-content:center;font-size:44px;font-weight:700}
.muted{color:${c.muted};font-size:13px}
a{color:${c.link}}
h2{font-size:17px;margin:24px 0 4px}
.emoji{width:22px;height:22px;vertical-align:-5px}
.pics{display:flex;flex-wrap:wrap;gap:6px}
.pics img{width:auto;height:auto;max-width:240px;max-height:240px;border-radius:4px}
blockquote{margin:8px 0;padding:8px 12px;border-left:3px solid ${c.border}}
.comments{margin:8px 0 0;padding-left:18px;border-top:1px solid ${c.border}}
</style>
</head>
<body>
<header><h1>${t(bigQm)}</h1><div>校巴个人存档 · 导出于 ${beijingTime(data.exportedAt)}（北京时间）</div></header>
<main>
<div class="card profile">${avatar}<div><div>${who(user.uid, user.name)}</div><div>${t(smallQm)}</div><div class="muted">性别 ${SEX[user.sex] ?? ''}${
    user.birthday ? ` · 生日 ${escapeHtml(user.birthday)}` : ''
  } · 注册于 ${beijingTime(user.ctime)}</div><div class="muted">大签名档：${t(data.signatures.qm || '（默认）')} · 小签名档：${t(
    data.signatures.qianming || '（默认）',
  )}</div></div></div>
${section('我的yy', data.yy.length, data.yy.map(yy).join(''))}
${section('我的留言板', data.board.length, data.board.map((l) => leave(l, false)).join(''))}
${section(
  '我在别人yy下的评论',
  data.commentsElsewhere.length,
  data.commentsElsewhere
    .map(
      (k) =>
        `<article class="card"><p class="muted">评论 ${who(k.yyUid, k.yyName)} 的yy：${t(k.yyContent)}</p><p>${k.replyUid ? `回复 ${escapeHtml(k.replyName || String(k.replyUid))}：` : ''}${t(k.content)}</p><p class="muted">${time(k.ctime)}</p></article>`,
    )
    .join(''),
)}
${section('我在别人留言板的留言', data.leavesElsewhere.length, data.leavesElsewhere.map((l) => leave(l, true)).join(''))}
${section(
  '我的小纸条',
  data.scrips.length,
  data.scrips
    .map(
      (thread) =>
        `<article class="card"><p class="muted">和 ${who(thread.uid, thread.name)} 的小纸条（${thread.notes.length}）</p><ul class="comments">${thread.notes
          .map(
            (n) =>
              `<li>${n.fromUid === user.uid ? '<b>我</b>' : who(thread.uid, thread.name)}：${t(n.content)} <span class="muted">${time(n.ctime)}</span></li>`,
          )
          .join('')}</ul></article>`,
    )
    .join(''),
)}
${section('我的相册', data.albums.length, data.albums.map(album).join(''))}
</main>
</body>
</html>
`;
}
