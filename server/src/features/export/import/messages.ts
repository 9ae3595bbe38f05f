/** What an import answers: its messages, and the report of what it created, skipped and could not restore. */

export const IMPORT_MSG = {
  imported: '导入完成',
  noFile: '请选择要导入的导出文件',
  damaged: '文件已损坏，无法导入',
  tooLarge: (mb: number) => `导出文件太大了，不能超过${mb}MB`,
  version: '不认识这个导出文件的版本',
  outside: '导出文件里有不属于它的文件夹的路径，无法导入',
  otherAccount: '这是另一个账号的导出文件，只能导入自己的',
  running: '已经有一个导入正在进行，请等它完成',
  badTime: '导出文件里有不可能的时间（不存在的日期，或晚于现在），无法导入',
  storageFailed: '图片保存失败，什么都没有导入，请稍后再试',
} as const;

export const IMPORT_KINDS = ['yy', 'comments', 'leaves', 'leaveReplies', 'images', 'signatures', 'avatar', 'albums', 'photos'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];
export type ImportCounts = Record<ImportKind, number>;

export interface Unrestorable {
  kind: 'yy' | 'comment' | 'leave' | 'leaveReply' | 'image' | 'avatar' | 'album' | 'photo';
  id: number | string;
  reason: string;
}

export interface ImportReport {
  created: ImportCounts;
  skipped: ImportCounts;
  unrestorable: Unrestorable[];
}
