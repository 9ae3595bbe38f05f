/**
 * The medals of the side panel: every medal of the catalogue, the earned ones in colour, the rest
 * grey, and 勋章(N) counting the earned ones, a link to the medal page. What is earned comes with
 * the owner (getinfo / getuserinfo `medals`): no request of its own. On the own space a new
 * system notice (a medal is one) asks the medal list again, so a medal earned by a post shows at once.
 */
import { Link, styled, useLiveEvent } from '@xiaoba/shared';
import { MEDALS, type MedalId } from '@xiaoba/shared/space-features';
import type { SpaceOwner } from '../frame/owner';
import { MedalPicture } from '../medal/MedalPicture';
import { useLazyGetMedalsQuery } from '../medal/medal-api';
import { focusOutline } from '../ui/controls';

export function Medals({ owner, base }: { owner: Pick<SpaceOwner, 'uid' | 'own' | 'medals'>; base: string }) {
  const [refresh, { currentData: fresh }] = useLazyGetMedalsQuery();
  useLiveEvent('notice', (event) => {
    if (owner.own && event.kind === 'system') void refresh(owner.uid);
  });
  const earned: ReadonlySet<MedalId> = new Set(fresh ? fresh.filter((m) => m.earned).map((m) => m.id) : owner.medals);
  return (
    <Box>
      <p className="title">
        <Link to={`${base}/medal`}>勋章({earned.size})</Link>
      </p>
      <ul aria-label="勋章">
        {MEDALS.map((m) => (
          <li key={m.id}>
            <MedalPicture medal={m} earned={earned.has(m.id)} />
          </li>
        ))}
      </ul>
    </Box>
  );
}

const Box = styled.div`
  margin: 10px 0;
  .title {
    margin: 0 0 4px;
    font-size: 14px;
    font-weight: 600;
  }
  .title a {
    color: inherit;
  }
  .title a:focus-visible {
    ${focusOutline}
  }
  ul {
    display: flex;
    flex-wrap: wrap;
    margin: 0;
    padding: 0;
    list-style: none;
  }
  li {
    margin: 0 4px 4px 0;
  }
`;
