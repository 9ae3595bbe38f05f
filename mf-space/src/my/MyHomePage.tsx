/** /my: the own space's home: the composer and the own yy list. The right panel is a later issue. */
import { useArchiveMode } from '@xiaoba/shared';
import { Composer } from '../composer/Composer';
import { Pending } from '../frame/Pending';
import { SpaceFrame } from '../frame/SpaceFrame';
import { YyList } from '../yy/YyList';
import { useOwnOwner } from './useOwnOwner';

export default function MyHomePage() {
  const owner = useOwnOwner();
  const archive = useArchiveMode();
  if (!owner) return <Pending />;
  return (
    <SpaceFrame owner={owner} base="/my">
      {/* An archive is read-only: no composer (the server refuses writes anyway). */}
      {!archive && <Composer key={owner.uid} uid={owner.uid} />}
      <YyList uid={owner.uid} title="我的yy" />
    </SpaceFrame>
  );
}
