/** /{id}/photo: another user's albums the caller may see. */
import { SpaceFrame } from '../frame/SpaceFrame';
import { useSpaceOwner } from '../space/owner-context';
import { AlbumList } from './AlbumList';

export default function SpaceAlbumsPage() {
  const owner = useSpaceOwner();
  const base = `/${owner.uid}`;
  return (
    <SpaceFrame owner={owner} base={base}>
      <AlbumList owner={owner} base={base} />
    </SpaceFrame>
  );
}
