/**
 * 相册设置: the owner renames the album, changes who may see it and chooses its cover among the
 * photos loaded (the newest is the cover until one is chosen). Only what changed is sent; the
 * rules are UpdateAlbumSchema's, checked here first with the server's words.
 */
import { useEffect, useState } from 'react';
import { notify, parseWith, styled, type ApiError } from '@xiaoba/shared';
import { ALBUM_MSG, UpdateAlbumSchema, type Album, type Photo } from '@xiaoba/shared/space-features';
import { useUpdateAlbumMutation } from './album-api';
import { focusOutline } from '../ui/controls';
import { AlbumFormDialog, useAlbumForm } from './AlbumFields';
import { ALBUM_WORDS, photoAlt } from './album-words';

export interface AlbumSettingsDialogProps {
  open: boolean;
  album: Album;
  ownerName: string;
  /** The photos loaded so far, to choose the cover from. */
  photos: Photo[];
  onClose(): void;
}

export function AlbumSettingsDialog({ open, album, ownerName, photos, onClose }: AlbumSettingsDialogProps) {
  const form = useAlbumForm(album);
  const [cover, setCover] = useState(album.coverPhotoId);
  const [updateAlbum, { isLoading }] = useUpdateAlbumMutation();

  // Each opening starts from the album as it is now.
  useEffect(() => {
    if (!open) return;
    form.start(album);
    setCover(album.coverPhotoId);
    // Only on opening: a refetch meanwhile must not overwrite what is being typed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const submit = async () => {
    const { name, visibility } = form;
    const changes = {
      albumId: album.albumId,
      ...(name !== album.name ? { name } : {}),
      ...(visibility !== album.visibility ? { visibility } : {}),
      ...(cover !== album.coverPhotoId && cover > 0 ? { coverPhotoId: cover } : {}),
    };
    const checked = parseWith(UpdateAlbumSchema, changes);
    if (!checked.ok) {
      // Nothing changed is not a mistake: the dialog just closes.
      if (checked.message === ALBUM_MSG.nothingToChange) return onClose();
      return form.refuse(checked.message);
    }
    try {
      const res = await updateAlbum({ ...changes, name: checked.value.name, uid: album.uid }).unwrap();
      notify.success(res.msg || ALBUM_MSG.updated);
      onClose();
    } catch (err) {
      form.setError((err as ApiError).message || '修改失败，请稍后再试');
    }
  };

  return (
    <AlbumFormDialog
      open={open}
      title={ALBUM_WORDS.settings}
      width={520}
      action={{ label: '保存', busyLabel: '保存中…' }}
      busy={isLoading}
      form={form}
      onClose={onClose}
      onSubmit={submit}
    >
      {photos.length > 0 && (
        <Covers>
          <legend>封面</legend>
          <ul>
            {photos.map((photo, i) => (
              <li key={photo.photoId}>
                <label>
                  <input
                    type="radio"
                    name={`${form.id}cover`}
                    value={photo.photoId}
                    checked={cover === photo.photoId}
                    onChange={() => setCover(photo.photoId)}
                  />
                  <img src={photo.url} alt={`设为封面：${photoAlt(ownerName, album.name, i + 1)}`} width={photo.width} height={photo.height} loading="lazy" />
                </label>
              </li>
            ))}
          </ul>
        </Covers>
      )}
    </AlbumFormDialog>
  );
}

const Covers = styled.fieldset`
  margin: 0;
  padding: 0;
  border: 0;
  legend {
    margin-bottom: 6px;
    padding: 0;
    font-weight: 700;
  }
  ul {
    display: grid;
    grid-template-columns: repeat(auto-fill, minmax(72px, 1fr));
    gap: 6px;
    max-height: 40vh;
    overflow: auto;
    margin: 0;
    padding: 2px;
    list-style: none;
  }
  label {
    position: relative;
    display: block;
    cursor: pointer;
  }
  /* The radio itself is hidden behind its picture; the checked one's picture is outlined. */
  input {
    position: absolute;
    opacity: 0;
  }
  img {
    display: block;
    width: 100%;
    height: auto;
    aspect-ratio: 1 / 1;
    object-fit: cover;
    border: 3px solid transparent;
    border-radius: 6px;
  }
  input:checked + img {
    border-color: ${(p) => p.theme.colors.primary};
  }
  input:focus-visible + img {
    ${focusOutline}
  }
`;
