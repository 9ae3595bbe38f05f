/**
 * A space's albums the caller may see, as a grid of covers (name, photo count and, on one's own,
 * who may see it), newest change first; an empty album shows a placeholder cover. The owner
 * creates albums here (创建相册), not in an archive. One request: GET /album/list/{uid}.
 */
import { useId, useRef, useState } from 'react';
import { Button, card, Link, styled, useArchiveMode, useNavigate, usePageTitle } from '@xiaoba/shared';
import { VISIBILITY_LABEL, type Album } from '@xiaoba/shared/space-features';
import { useAlbumListQuery } from './album-api';
import type { SpaceOwner } from '../frame/owner';
import { focusRing } from '../ui/controls';
import { ALBUM_WORDS, albumPagePath } from './album-words';
import { CreateAlbumDialog } from './CreateAlbumDialog';
import { Note } from '../ui/item';
import { loadNote } from '../ui/LoadNote';

export function AlbumList({ owner, base }: { owner: SpaceOwner; base: string }) {
  const headingId = useId();
  const archive = useArchiveMode();
  const mayCreate = owner.own && !archive;
  const { data: albums, isLoading, isError, refetch } = useAlbumListQuery(owner.uid);
  const [creating, setCreating] = useState(false);
  const createRef = useRef<HTMLButtonElement>(null);
  const navigate = useNavigate();
  const title = owner.own ? '我的相册' : `${owner.name}的相册`;
  usePageTitle(title);

  const closeCreate = (albumId?: number) => {
    setCreating(false);
    if (albumId) void navigate(albumPagePath(base, albumId));
    else createRef.current?.focus();
  };

  return (
    <Section aria-labelledby={headingId}>
      <Head>
        <h2 id={headingId}>{title}</h2>
        {mayCreate && (
          <Button ref={createRef} type="button" onClick={() => setCreating(true)}>
            {ALBUM_WORDS.create}
          </Button>
        )}
      </Head>
      {loadNote({ loading: isLoading, failed: isError && !albums, words: { loading: '正在加载相册…', failed: ALBUM_WORDS.loadFailed }, onRetry: refetch }) ??
        (!albums?.length ? (
          <Note>{owner.own ? ALBUM_WORDS.noOwnAlbums : ALBUM_WORDS.noAlbums}</Note>
        ) : (
          <Grid aria-label={title}>
            {albums.map((album) => (
              <li key={album.albumId}>
                <Cover album={album} to={albumPagePath(base, album.albumId)} own={owner.own} />
              </li>
            ))}
          </Grid>
        ))}
      {mayCreate && <CreateAlbumDialog open={creating} owner={owner} onClose={closeCreate} />}
    </Section>
  );
}

function Cover({ album, to, own }: { album: Album; to: string; own: boolean }) {
  return (
    <CoverLink to={to}>
      {/* The link's text names the album: the picture adds nothing for a screen reader. */}
      {album.coverUrl ? (
        <img src={album.coverUrl} alt="" loading="lazy" decoding="async" />
      ) : (
        <Placeholder aria-hidden="true">{ALBUM_WORDS.noCover}</Placeholder>
      )}
      <Name>{album.name}</Name>
      <Meta>
        {album.photoCount}张照片
        {own && <> · {VISIBILITY_LABEL[album.visibility]}</>}
      </Meta>
    </CoverLink>
  );
}

const Section = styled.section`
  h2 {
    margin: 0;
    font-size: 17px;
  }
`;
const Head = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 8px;
  margin-bottom: 12px;
`;
const Grid = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(140px, 1fr));
  gap: 12px;
  margin: 0;
  padding: 0;
  list-style: none;
`;
const CoverLink = styled(Link)`
  ${card}
  display: block;
  overflow: hidden;
  color: ${(p) => p.theme.colors.text};
  text-decoration: none;
  /* The box is square before the cover arrives, so the grid does not move when it does. */
  img {
    display: block;
    width: 100%;
    aspect-ratio: 1 / 1;
    object-fit: cover;
  }
  ${focusRing}
`;
const Placeholder = styled.span`
  display: flex;
  align-items: center;
  justify-content: center;
  aspect-ratio: 1 / 1;
  background: ${(p) => p.theme.colors.page};
  color: ${(p) => p.theme.colors.muted};
  font-size: 13px;
`;
const Name = styled.span`
  display: block;
  padding: 6px 8px 0;
  font-weight: 700;
  overflow-wrap: anywhere;
`;
const Meta = styled.span`
  display: block;
  padding: 2px 8px 8px;
  font-size: 12px;
  color: ${(p) => p.theme.colors.muted};
`;
