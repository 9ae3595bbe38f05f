/**
 * 创建相册: a name and who may see it, starting at the owner's default (a child's albums start as
 * 互相关注可见). The rules are CreateAlbumSchema's, checked here first with the server's words; a
 * new album opens at once, ready for its photos.
 */
import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { Button, Dialog, notify, parseWith, type ApiError } from '@xiaoba/shared';
import { ALBUM_MSG, CreateAlbumSchema, defaultVisibility, type Visibility } from '@xiaoba/shared/space-features';
import { useCreateAlbumMutation } from './album-api';
import { AlbumNameField, VisibilityField } from './AlbumFields';
import { ALBUM_WORDS } from './album-words';

export interface CreateAlbumDialogProps {
  open: boolean;
  owner: { uid: number; birthday: string };
  /** With the new album's id once created, without when cancelled. */
  onClose(albumId?: number): void;
}

export function CreateAlbumDialog({ open, owner, onClose }: CreateAlbumDialogProps) {
  const id = useId();
  const formId = `${id}form`;
  const [name, setName] = useState('');
  const [visibility, setVisibility] = useState<Visibility>(() => defaultVisibility(owner.birthday));
  const [error, setError] = useState<string | null>(null);
  const [createAlbum, { isLoading }] = useCreateAlbumMutation();
  const nameRef = useRef<HTMLInputElement>(null);

  // Each opening starts afresh, with focus on the name (after Dialog's showModal).
  useEffect(() => {
    if (!open) return;
    setName('');
    setVisibility(defaultVisibility(owner.birthday));
    setError(null);
    nameRef.current?.focus();
  }, [open, owner.birthday]);

  const close = () => {
    if (!isLoading) onClose();
  };

  const submit = async (e: SubmitEvent) => {
    e.preventDefault();
    if (isLoading) return;
    const checked = parseWith(CreateAlbumSchema, { name, visibility });
    if (!checked.ok) {
      setError(checked.message);
      nameRef.current?.focus();
      return;
    }
    try {
      const created = await createAlbum({ uid: owner.uid, name: checked.value.name, visibility }).unwrap();
      notify.success(ALBUM_MSG.created);
      onClose(created.albumId);
    } catch (err) {
      // Too many albums, a frozen account, ...: said in the dialog, with the name kept.
      setError((err as ApiError).message || '创建失败，请稍后再试');
    }
  };

  return (
    <Dialog
      open={open}
      title={ALBUM_WORDS.create}
      onRequestClose={close}
      width={440}
      footer={
        <>
          <Button type="button" $variant="plain" onClick={close}>
            取消
          </Button>
          <Button type="submit" form={formId} aria-busy={isLoading || undefined}>
            {isLoading ? '创建中…' : '创建'}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate>
        <AlbumNameField
          ref={nameRef}
          id={id}
          value={name}
          error={error}
          onChange={(value) => {
            setName(value);
            setError(null);
          }}
        />
        <VisibilityField name={`${id}visibility`} value={visibility} onChange={setVisibility} />
      </form>
    </Dialog>
  );
}
