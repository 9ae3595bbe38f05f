/** /{id}/photo/{albumId}: one album of another user. */
import { useParams } from '@xiaoba/shared';
import { SpaceFrame } from '../frame/SpaceFrame';
import { useSpaceOwner } from '../space/owner-context';
import { parseAlbumId } from './album-id';
import { AlbumView } from './AlbumView';

export default function SpaceAlbumPage() {
  const owner = useSpaceOwner();
  const albumId = parseAlbumId(useParams().albumId);
  const base = `/${owner.uid}`;
  return (
    <SpaceFrame owner={owner} base={base}>
      <AlbumView key={albumId} albumId={albumId} space={owner} base={base} />
    </SpaceFrame>
  );
}
