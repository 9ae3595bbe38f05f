/** /{id}: another user's space home: their yy list. The right panel is a later issue. */
import { usePageTitle } from '@xiaoba/shared';
import { SpaceFrame } from '../frame/SpaceFrame';
import { YyList } from '../yy/YyList';
import { useSpaceOwner } from './owner-context';

export default function SpaceHomePage() {
  const owner = useSpaceOwner();
  usePageTitle(`${owner.name}的空间`);
  return (
    <SpaceFrame owner={owner} base={`/${owner.uid}`}>
      <YyList uid={owner.uid} title={`${owner.name}的yy`} />
    </SpaceFrame>
  );
}
