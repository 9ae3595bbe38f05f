/**
 * The five medals of the side panel (five fixed images, count 0). Our own art,
 * greyed because nobody has earned one yet; each is named for screen readers.
 */
import { styled } from '@xiaoba/shared';

const MEDALS = [
  { name: '新手勋章', color: '#2e7d32', shape: 'M10 4l1.8 3.8 4.2.5-3.1 2.9.8 4.1L10 13.3l-3.7 2 .8-4.1L4 8.3l4.2-.5z' },
  { name: '人气勋章', color: '#c2185b', shape: 'M10 15.5s-5.5-3.4-5.5-7A3 3 0 0 1 10 6.6a3 3 0 0 1 5.5 1.9c0 3.6-5.5 7-5.5 7z' },
  { name: '活跃勋章', color: '#b34700', shape: 'M11 3.5L6 11h3.5l-1 5.5L14 9h-3.5z' },
  { name: '才艺勋章', color: '#6a1b9a', shape: 'M8 5.5l6-1.5v8.2a2 2 0 1 1-1.3-1.9V6.6L9.3 7.4v6.3a2 2 0 1 1-1.3-1.9z' },
  {
    name: '友谊勋章',
    color: '#1f6fb2',
    shape:
      'M6.8 9.5a2.2 2.2 0 1 1 0-.1zM13.2 9.5a2.2 2.2 0 1 1 0-.1zM3.5 15.5c.4-2.4 1.8-3.6 3.3-3.6s2.9 1.2 3.2 3.6zm6.5 0c.3-2.4 1.7-3.6 3.2-3.6s2.9 1.2 3.3 3.6z',
  },
] as const;

export const MEDAL_COUNT = 0;

export function Medals() {
  return (
    <Box>
      <p className="title">勋章({MEDAL_COUNT})</p>
      <ul aria-label="勋章">
        {MEDALS.map((m) => (
          <li key={m.name}>
            <svg role="img" aria-label={`${m.name}（未获得）`} width="34" height="34" viewBox="0 0 20 20">
              <title>{`${m.name}（未获得）`}</title>
              <circle cx="10" cy="10" r="9.5" fill={m.color} />
              <circle cx="10" cy="10" r="8" fill="none" stroke="#ffffff" strokeOpacity=".55" />
              <path d={m.shape} fill="#ffffff" />
            </svg>
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
  svg {
    display: block;
    /* Not earned yet: shown faded, but each medal still reads as its own picture. */
    filter: grayscale(0.6);
    opacity: 0.7;
  }
`;
