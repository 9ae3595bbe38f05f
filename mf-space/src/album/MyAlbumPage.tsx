/** /my/photo/{albumId}: one of the own albums. */
import { useParams } from '@xiaoba/shared';
import { Pending } from '../frame/Pending';
import { SpaceFrame } from '../frame/SpaceFrame';
import { useOwnOwner } from '../my/useOwnOwner';
import { parseAlbumId } from './album-id';
import { AlbumView } from './AlbumView';

export default function MyAlbumPage() {
  const owner = useOwnOwner();
  const albumId = parseAlbumId(useParams().albumId);
  if (!owner) return <Pending />;
  return (
    <SpaceFrame owner={owner} base="/my">
      <AlbumView key={albumId} albumId={albumId} space={owner} base="/my" />
    </SpaceFrame>
  );
}
