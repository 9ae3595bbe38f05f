/**
 * 创建相册: a name and who may see it, starting at the owner's default (a child's albums start as
 * 互相关注可见). The rules are CreateAlbumSchema's, checked here first with the server's words; a
 * new album opens at once, ready for its photos.
 */
import { useEffect } from 'react';
import { notify, parseWith, type ApiError } from '@xiaoba/shared';
import { ALBUM_MSG, CreateAlbumSchema, defaultVisibility } from '@xiaoba/shared/space-features';
import { useCreateAlbumMutation } from './album-api';
import { AlbumFormDialog, useAlbumForm } from './AlbumFields';
import { ALBUM_WORDS } from './album-words';

export interface CreateAlbumDialogProps {
  open: boolean;
  owner: { uid: number; birthday: string };
  /** With the new album's id once created, without when cancelled. */
  onClose(albumId?: number): void;
}

export function CreateAlbumDialog({ open, owner, onClose }: CreateAlbumDialogProps) {
  const form = useAlbumForm({ name: '', visibility: defaultVisibility(owner.birthday) });
  const [createAlbum, { isLoading }] = useCreateAlbumMutation();
  const { start } = form;

  // Each opening starts afresh.
  useEffect(() => {
    if (open) start({ name: '', visibility: defaultVisibility(owner.birthday) });
  }, [open, owner.birthday, start]);

  const submit = async () => {
    const checked = parseWith(CreateAlbumSchema, { name: form.name, visibility: form.visibility });
    if (!checked.ok) return form.refuse(checked.message);
    try {
      const created = await createAlbum({ uid: owner.uid, name: checked.value.name, visibility: form.visibility }).unwrap();
      notify.success(ALBUM_MSG.created);
      onClose(created.albumId);
    } catch (err) {
      // Too many albums, a frozen account, ...: said in the dialog, with the name kept.
      form.setError((err as ApiError).message || '创建失败，请稍后再试');
    }
  };

  return (
    <AlbumFormDialog
      open={open}
      title={ALBUM_WORDS.create}
      width={440}
      action={{ label: '创建', busyLabel: '创建中…' }}
      busy={isLoading}
      form={form}
      onClose={() => onClose()}
      onSubmit={submit}
    />
  );
}
