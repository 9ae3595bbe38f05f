/**
 * One album: its name and owner, its photos newest first (加载更多 reads the next, older page) and,
 * for its owner outside an archive, 上传照片, 相册设置 and 删除相册. One request opens it (GET
 * /album/photos/{albumId} carries the album and the owner). An album that does not exist and one
 * the caller may not see read alike: 相册不存在, with the way back to the list. An album shown
 * under another space's address goes to its owner's.
 */
import { useId, useRef, useState } from 'react';
import {
  Button,
  ConfirmDialog,
  Link,
  Navigate,
  notify,
  selectUser,
  styled,
  useAppSelector,
  useArchiveMode,
  useNavigate,
  usePageTitle,
  type ApiError,
} from '@xiaoba/shared';
import { ALBUM_MSG, VISIBILITY_LABEL, type Album, type Photo } from '@xiaoba/shared/space-features';
import { useAlbumPhotosInfiniteQuery, useDeleteAlbumMutation } from './album-api';
import type { SpaceOwner } from '../frame/owner';
import { ALBUM_WORDS, albumPagePath, albumsPath } from './album-words';
import { AlbumSettingsDialog } from './AlbumSettingsDialog';
import { PhotoGrid } from './PhotoGrid';
import { PhotoUploads } from './PhotoUploads';
import { Note } from '../ui/item';
import { loadNote } from '../ui/LoadNote';

export function AlbumView({ albumId, space, base }: { albumId: number | null; space: SpaceOwner; base: string }) {
  // Asked again when opened more than 30 s after the last answer: the owner may have shown a
  // hidden album (相册不存在 is an answer, kept like any other) or added photos since.
  const { data, error, isLoading, isFetchingNextPage, hasNextPage, fetchNextPage, refetch } = useAlbumPhotosInfiniteQuery(albumId ?? 0, {
    skip: albumId === null,
    refetchOnMountOrArgChange: 30,
  });
  const viewer = useAppSelector(selectUser)?.uid;
  const archive = useArchiveMode();

  if (albumId === null) return <NotFound base={base} />;
  const words = { loading: '正在加载相册…', failed: ALBUM_WORDS.loadFailed };
  if (isLoading) return loadNote({ loading: true, failed: false, words, onRetry: refetch });
  const pages = data?.pages ?? [];
  const first = pages[0];
  if (!first) {
    // 400: an id the server refuses (a 404 is an answer: `missing`). Anything else may pass: try again.
    if (error && 'status' in error && error.status === 400) return <NotFound base={base} />;
    return loadNote({ loading: false, failed: true, words, onRetry: refetch });
  }
  if ('missing' in first) return <NotFound base={base} />;
  if (first.owner.uid !== space.uid) {
    return <Navigate to={albumPagePath(first.owner.uid === viewer ? '/my' : `/${first.owner.uid}`, albumId)} replace />;
  }
  const photos = pages.flatMap((p) => ('records' in p ? p.records : []));
  return (
    <AlbumBody
      page={{ album: first.album, ownerName: first.owner.name, total: first.total }}
      photos={photos}
      base={base}
      mayEdit={viewer === first.album.uid && !archive}
      mayReport={viewer !== undefined && viewer !== first.album.uid && !archive}
      more={hasNextPage ? { loading: isFetchingNextPage, load: () => void fetchNextPage() } : null}
    />
  );
}

interface AlbumBodyProps {
  page: { album: Album; ownerName: string; total: number };
  photos: Photo[];
  base: string;
  mayEdit: boolean;
  mayReport: boolean;
  more: { loading: boolean; load(): void } | null;
}

function AlbumBody({ page: { album, ownerName, total }, photos, base, mayEdit, mayReport, more }: AlbumBodyProps) {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [open, setOpen] = useState<'settings' | 'delete' | null>(null);
  const [deleteAlbum, { isLoading: deleting }] = useDeleteAlbumMutation();
  const navigate = useNavigate();
  usePageTitle(`${album.name} - ${base === '/my' ? '我的相册' : `${ownerName}的相册`}`);

  const removeAlbum = async () => {
    try {
      const res = await deleteAlbum({ albumId: album.albumId, uid: album.uid }).unwrap();
      notify.success(res.msg || ALBUM_MSG.deleted);
      setOpen(null);
      void navigate(albumsPath(base), { replace: true });
    } catch (err) {
      notify.error((err as ApiError).message || '删除失败，请稍后再试');
      setOpen(null);
    }
  };

  return (
    <Section aria-labelledby={headingId}>
      <BackLink to={albumsPath(base)}>‹ {ALBUM_WORDS.backToList}</BackLink>
      <h2 id={headingId} ref={headingRef} tabIndex={-1}>
        「{album.name}」
      </h2>
      <Meta>
        {ownerName}的相册 · {total}张照片
        {mayEdit && <> · {VISIBILITY_LABEL[album.visibility]}</>}
      </Meta>
      {mayEdit && (
        <>
          <Tools>
            <Button type="button" $variant="plain" onClick={() => setOpen('settings')}>
              {ALBUM_WORDS.settings}
            </Button>
            <Button type="button" $variant="plain" onClick={() => setOpen('delete')}>
              {ALBUM_WORDS.deleteAlbum}
            </Button>
          </Tools>
          <PhotoUploads albumId={album.albumId} uid={album.uid} photoCount={total} />
        </>
      )}
      {photos.length === 0 ? (
        <Note>{ALBUM_WORDS.noPhotos}</Note>
      ) : (
        <PhotoGrid
          photos={photos}
          albumId={album.albumId}
          albumName={album.name}
          owner={{ uid: album.uid, name: ownerName }}
          mayEdit={mayEdit}
          mayReport={mayReport}
          onDeleted={() => headingRef.current?.focus()}
        />
      )}
      {more && (
        <More>
          <Button type="button" $variant="plain" aria-busy={more.loading || undefined} onClick={() => !more.loading && more.load()}>
            {more.loading ? '加载中…' : ALBUM_WORDS.loadMore}
          </Button>
        </More>
      )}
      {mayEdit && (
        <>
          <AlbumSettingsDialog open={open === 'settings'} album={album} ownerName={ownerName} photos={photos} onClose={() => setOpen(null)} />
          <ConfirmDialog
            open={open === 'delete'}
            title={ALBUM_WORDS.deleteAlbum}
            message={ALBUM_WORDS.confirmDeleteAlbum}
            confirmLabel="删除"
            busy={deleting}
            onConfirm={() => void removeAlbum()}
            onCancel={() => setOpen(null)}
          />
        </>
      )}
    </Section>
  );
}

/** Not there, or not for this viewer: the same words either way (in the page's title too), and the way back. */
function NotFound({ base }: { base: string }) {
  usePageTitle(ALBUM_MSG.notFound);
  return (
    <Section>
      <h2>{ALBUM_MSG.notFound}</h2>
      <Note>这个相册可能已被删除，或者主人没有让你看。</Note>
      <Link to={albumsPath(base)}>{ALBUM_WORDS.backToList}</Link>
    </Section>
  );
}

const Section = styled.section`
  h2 {
    margin: 6px 0 2px;
    font-size: 17px;
    overflow-wrap: anywhere;
  }
  h2:focus {
    outline: none;
  }
`;
const BackLink = styled(Link)`
  font-size: 14px;
`;
const Meta = styled.p`
  margin: 0 0 10px;
  font-size: 13px;
  color: ${(p) => p.theme.colors.muted};
`;
const Tools = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  margin-bottom: 10px;
`;
const More = styled.div`
  display: flex;
  justify-content: center;
  margin-top: 12px;
`;
