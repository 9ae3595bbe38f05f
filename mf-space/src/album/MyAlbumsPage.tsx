/** /my/photo: the own albums. */
import { Pending } from '../frame/Pending';
import { SpaceFrame } from '../frame/SpaceFrame';
import { useOwnOwner } from '../my/useOwnOwner';
import { AlbumList } from './AlbumList';

export default function MyAlbumsPage() {
  const owner = useOwnOwner();
  if (!owner) return <Pending />;
  return (
    <SpaceFrame owner={owner} base="/my">
      <AlbumList owner={owner} base="/my" />
    </SpaceFrame>
  );
}
