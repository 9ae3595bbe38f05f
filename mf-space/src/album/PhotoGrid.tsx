/**
 * An album's photos as a grid of square thumbnails, newest first; each opens in the picture viewer
 * (the yy pictures' one: previous/next buttons and the arrow keys). Under each, the owner's
 * 删除 (after a question) or, for anyone else signed in, 举报. The images load lazily and carry
 * their width and height, so the grid does not move as they arrive.
 */
import { useState } from 'react';
import { ConfirmDialog, notify, ReportDialog, styled, type ApiError } from '@xiaoba/shared';
import { ALBUM_MSG, type Photo } from '@xiaoba/shared/space-features';
import { useDeletePhotoMutation } from './album-api';
import { ImageViewer } from '../yy/ImageViewer';
import { Thumb } from '../yy/YyImages';
import { ActionButton } from '../ui/fields';
import { ALBUM_WORDS, photoAlt } from './album-words';

export interface PhotoGridProps {
  photos: Photo[];
  albumId: number;
  albumName: string;
  owner: { uid: number; name: string };
  /** The owner may delete; anyone else signed in (outside an archive) may report. */
  mayEdit: boolean;
  mayReport: boolean;
  /** After a delete: where focus goes, its photo's button being gone. */
  onDeleted(): void;
}

export function PhotoGrid({ photos, albumId, albumName, owner, mayEdit, mayReport, onDeleted }: PhotoGridProps) {
  const [viewing, setViewing] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<Photo | null>(null);
  // Mounted once opened: the native dialog then hands focus back to the 举报 button on close.
  const [reporting, setReporting] = useState<Photo | null>(null);
  const [reportOpen, setReportOpen] = useState(false);
  const [deletePhoto, { isLoading: removing }] = useDeletePhotoMutation();
  const alt = (i: number) => photoAlt(owner.name, albumName, i + 1);

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      const res = await deletePhoto({ photoId: deleting.photoId, albumId, uid: owner.uid }).unwrap();
      notify.success(res.msg || ALBUM_MSG.deleted);
      setDeleting(null);
      onDeleted();
    } catch (err) {
      notify.error((err as ApiError).message || '删除失败，请稍后再试');
      setDeleting(null);
    }
  };

  return (
    <>
      <Grid aria-label={`「${albumName}」的照片`}>
        {photos.map((photo, i) => (
          <li key={photo.photoId}>
            <Thumb type="button" $single={false} onClick={() => setViewing(i)}>
              <img src={photo.url} alt={alt(i)} width={photo.width} height={photo.height} loading="lazy" decoding="async" />
            </Thumb>
            {mayEdit && (
              <ActionButton type="button" $danger aria-label={`删除第${i + 1}张照片`} onClick={() => setDeleting(photo)}>
                删除
              </ActionButton>
            )}
            {mayReport && (
              <ActionButton
                type="button"
                aria-label={`举报第${i + 1}张照片`}
                onClick={() => {
                  setReporting(photo);
                  setReportOpen(true);
                }}
              >
                举报
              </ActionButton>
            )}
          </li>
        ))}
      </Grid>
      <ImageViewer urls={photos.map((p) => p.url)} index={viewing} onIndex={setViewing} alt={alt} />
      {mayEdit && (
        <ConfirmDialog
          open={deleting !== null}
          title={ALBUM_WORDS.deletePhoto}
          message={ALBUM_WORDS.confirmDeletePhoto}
          confirmLabel="删除"
          busy={removing}
          onConfirm={() => void confirmDelete()}
          onCancel={() => setDeleting(null)}
        />
      )}
      {reporting && (
        <ReportDialog
          open={reportOpen}
          target={{ kind: 'photo', id: reporting.photoId }}
          subject={`${owner.name}的照片`}
          onClose={() => setReportOpen(false)}
        />
      )}
    </>
  );
}

const Grid = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(120px, 1fr));
  gap: 10px;
  margin: 0;
  padding: 0;
  list-style: none;
  li {
    display: flex;
    flex-direction: column;
    align-items: flex-start;
    min-width: 0;
  }
`;
